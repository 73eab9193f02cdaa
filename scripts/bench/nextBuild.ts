/**
 * The bench builds the site exactly as `npm run build` does: the arguments of `next build` are
 * read from package.json's `build` script (e.g. `tsx scripts/with-wordpress.ts next build
 * --webpack` → `['build', '--webpack']`), so a bundler flag there is measured here too. Pure.
 */
export function nextBuildArgs(buildScript: string | undefined): string[] {
  const words = (buildScript ?? '').trim().split(/\s+/);
  const at = words.findIndex((word, i) => /(^|\/)next$/.test(word) && words[i + 1] === 'build');
  if (at === -1) throw new Error(`package.json's "build" script does not run \`next build\` (it is "${buildScript ?? ''}"): the bench cannot build as it does`);
  const args = words.slice(at + 1);
  const end = args.findIndex((word) => /^(&&|\|\||;|\|)$/.test(word));
  return end === -1 ? args : args.slice(0, end);
}
