/**
 * Runs once when a Next.js server starts: the configuration is validated here, so a malformed
 * environment variable stops start-up with an error that names it, not the first request.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    const { getConfig } = await import('./src/config');
    getConfig();
  }
}
