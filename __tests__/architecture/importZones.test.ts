/** @jest-environment node */
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * Issue 36: a folder says where its code runs, and ESLint holds the line (eslint.config.mjs,
 * `import/no-restricted-paths`; docs/architecture.md). Each snippet is linted as if it were the
 * file at `filePath`, with the repository's own configuration (ESLint's Node API, `lintText`).
 */
interface Snippet {
  filePath: string;
  code: string;
}

const CASES = {
  componentImportsServer: { filePath: 'src/components/layout/Wrong.tsx', code: "import { processShared } from '@/lib/server/processShared';\nexport const x = processShared;\n" },
  componentImportsConfig: { filePath: 'src/components/layout/Wrong.tsx', code: "import { getConfig } from '@/config';\nexport const x = getConfig;\n" },
  componentImportsShared: { filePath: 'src/components/layout/Right.tsx', code: "import { isRecord } from '@/lib/shared/isRecord';\nexport const x = isRecord;\n" },
  apiRouteImportsBrowser: { filePath: 'pages/api/wrong.ts', code: "import { nextTask } from '../../src/lib/browser/nextTask';\nexport const x = nextTask;\n" },
  serverImportsBrowser: { filePath: 'src/lib/site/wrong.ts', code: "import { nextTask } from '../browser/nextTask';\nexport const x = nextTask;\n" },
  sharedImportsServer: { filePath: 'src/lib/shared/wrong.ts', code: "import { fetchJson } from '../wordpress/content';\nexport const x = fetchJson;\n" },
  reachesIntoHtml: { filePath: 'src/lib/wordpress/wrong.ts', code: "import { liftStyle } from '../html/inlineStyles';\nexport const x = liftStyle;\n" },
  htmlThroughEntry: { filePath: 'src/lib/wordpress/right.ts', code: "import { sanitizeCmsHtml } from '../html';\nexport const x = sanitizeCmsHtml;\n" },
  htmlInside: { filePath: 'src/lib/html/right.ts', code: "import { liftStyle } from './inlineStyles';\nexport const x = liftStyle;\n" },
} satisfies Record<string, Snippet>;

let messages: Record<keyof typeof CASES, string[]>;

beforeAll(() => {
  const names = Object.keys(CASES) as Array<keyof typeof CASES>;
  const output = execFileSync(process.execPath, [path.join(__dirname, 'lintAs.mjs'), 'import/no-restricted-paths'], {
    input: JSON.stringify(names.map((name) => CASES[name])),
    encoding: 'utf8',
  });
  const results = JSON.parse(output) as string[][];
  messages = Object.fromEntries(names.map((name, i) => [name, results[i]])) as typeof messages;
}, 120_000);

const SERVER_ONLY = 'It is server-only code (src/lib/server/, html/, wordpress/, site/, search/, api/, cache/, redis/, redirects/, preview/, security/, css/, src/config.ts): components, browser code and both-sides code must not import it (docs/architecture.md).';
const BROWSER_ONLY = 'It is browser-only code (src/lib/browser/): API routes and server code must not import it (docs/architecture.md).';

describe('import zones (eslint.config.mjs)', () => {
  it('a component that imports server-only code fails lint, naming the import', () => {
    expect(messages.componentImportsServer).toEqual([`Unexpected path "@/lib/server/processShared" imported in restricted zone. ${SERVER_ONLY}`]);
    expect(messages.componentImportsConfig).toEqual([`Unexpected path "@/config" imported in restricted zone. ${SERVER_ONLY}`]);
  });

  it('a component that imports both-sides code is allowed', () => {
    expect(messages.componentImportsShared).toEqual([]);
  });

  it('both-sides code that imports server-only code fails lint', () => {
    expect(messages.sharedImportsServer).toEqual([`Unexpected path "../wordpress/content" imported in restricted zone. ${SERVER_ONLY}`]);
  });

  it('an API route or server code that imports browser-only code fails lint', () => {
    expect(messages.apiRouteImportsBrowser).toEqual([`Unexpected path "../../src/lib/browser/nextTask" imported in restricted zone. ${BROWSER_ONLY}`]);
    expect(messages.serverImportsBrowser).toEqual([`Unexpected path "../browser/nextTask" imported in restricted zone. ${BROWSER_ONLY}`]);
  });

  it('the CMS HTML pipeline is imported through its entry point; its own files import each other', () => {
    expect(messages.reachesIntoHtml).toEqual([
      'Unexpected path "../html/inlineStyles" imported in restricted zone. Import the CMS HTML pipeline from src/lib/html (its index.ts), not a file inside it (docs/html-pipeline.md).',
    ]);
    expect(messages.htmlThroughEntry).toEqual([]);
    expect(messages.htmlInside).toEqual([]);
  });
});
