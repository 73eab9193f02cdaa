/**
 * Issue 19: the consent library's stylesheet loads after the first paint. Its :root variables are
 * declared ahead in the site's consent.css with the same values, so its arrival changes no style
 * outside the banner and dialog (no restyle of the whole page).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as csstree from 'css-tree';

function rootDeclarations(css: string): Map<string, string> {
  const declarations = new Map<string, string>();
  csstree.walk(csstree.parse(css), {
    visit: 'Rule',
    enter(rule) {
      if (this.atrule || csstree.generate(rule.prelude) !== ':root') return;
      rule.block.children.forEach((node) => {
        if (node.type === 'Declaration') declarations.set(node.property, csstree.generate(node.value).trim());
      });
    },
  });
  return declarations;
}

const read = (file: string) => readFileSync(path.join(process.cwd(), file), 'utf8');

describe('issue 19: the consent library\'s :root variables are declared ahead by the site', () => {
  const library = rootDeclarations(read('node_modules/vanilla-cookieconsent/dist/cookieconsent.css'));
  const site = rootDeclarations(read('src/components/consent/consent.css'));

  it('the library still declares variables on :root (else this check is moot)', () => {
    expect(library.size).toBeGreaterThan(0);
  });

  it.each([...library.entries()])('%s is declared ahead with the library\'s value', (property, value) => {
    expect(site.get(property)).toBe(value);
  });
});
