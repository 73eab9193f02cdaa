// Lints snippets as if they were files of the repository, with its own eslint.config.mjs, through
// ESLint's Node API. Run as a child process by importZones.test.ts (jest cannot load the ESM config
// in-process). Reads [{filePath, code}] as JSON on stdin; writes each one's messages of `rule`.
import path from 'node:path';
import { ESLint } from 'eslint';

const root = path.join(import.meta.dirname, '../..');
const [rule] = process.argv.slice(2);
let input = '';
for await (const chunk of process.stdin) input += chunk;
// import/no-cycle reads the files on disk, and these snippets are not there.
const eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
const out = [];
for (const { filePath, code } of JSON.parse(input)) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  out.push(result.messages.filter((m) => m.ruleId === rule).map((m) => m.message));
}
process.stdout.write(JSON.stringify(out));
