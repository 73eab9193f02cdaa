/**
 * One value per server process, whichever bundle asks for it. Next compiles pages and API routes
 * into separate bundles, each with its own module instances: module-level state in one (say the
 * menu cache that the revalidation webhook clears) is not the state another reads (the pages'
 * getStaticProps). State that must be one per process is kept on `globalThis` under a registered
 * symbol instead.
 */
export function processShared<T>(name: string, create: () => T): T {
  const key = Symbol.for(`site.processShared.${name}`);
  const slots = globalThis as unknown as Record<symbol, T | undefined>;
  return (slots[key] ??= create());
}
