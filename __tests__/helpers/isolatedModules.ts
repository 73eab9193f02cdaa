/**
 * For tests of modules that read the environment when they load or run (next.config.ts, the
 * bench floor's next.config.mjs): a fresh copy of a module, and an environment variable set for
 * the length of a call.
 */

/** The default export of the module at `absolutePath`, loaded afresh (`jest.isolateModules`), not from the registry. */
export function isolatedDefault<T>(absolutePath: string): T {
  let loaded: T | undefined;
  jest.isolateModules(() => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = (require(absolutePath) as { default: T }).default;
  });
  return loaded as T;
}

/** `run()` with `process.env[name]` set to `value` (unset when undefined); the variable is put back afterwards. */
export function withEnv<T>(name: string, value: string | undefined, run: () => T): T {
  const saved = process.env[name];
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  try {
    return run();
  } finally {
    if (saved === undefined) delete process.env[name];
    else process.env[name] = saved;
  }
}
