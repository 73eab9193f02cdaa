import { render } from '@testing-library/react';
import { parse, generate, walk, type Atrule, type Rule } from 'css-tree';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ReactNode } from 'react';
import { DetailLayout } from '@/components/templates/DetailLayout';
import type { ContentItem } from '@/lib/shared/types';

/**
 * Issue 17 (docs/blocks-fidelity.md): editors' wide and full blocks get room beyond the reading
 * column on detail pages, as WordPress's theme gives them; left and right blocks keep their side
 * on phones; a pullquote is not drawn as the site's quotation. The layout itself is measured by
 * the fidelity test (e2e/real/blocks-fidelity.e2e.ts); these tests hold the rules that make it.
 */

jest.mock('next/head', () => ({ __esModule: true, default: ({ children }: { children: ReactNode }) => <>{children}</> }));

const ROOT = path.join(__dirname, '..', '..');
const css = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Each rule as `selector{declarations}`, css-tree's minified text (inside at-rules too). */
function rules(source: string): string[] {
  const out: string[] = [];
  walk(parse(source), { visit: 'Rule', enter: (rule: Rule) => out.push(generate(rule)) });
  return out;
}

const item = {
  id: 1,
  type: 'blog',
  slug: 'a-post',
  path: '/resources/blogs/a-post',
  title: 'A post',
  html: '<p>Text</p><figure class="wp-block-image alignfull"><img src="/a.png" alt=""></figure>',
  excerpt: '',
  date: '2026-01-01T00:00:00',
  modified: '2026-01-01T00:00:00',
  featuredImage: null,
  fields: {},
  styles: { blocks: [], css: '', embeds: [] },
} as unknown as ContentItem;

describe('detail pages give wide and full blocks room (issue 17)', () => {
  it('without an aside the columns are roomy and the body is marked for its wide/full rules; beside an aside they are not', () => {
    const { container, rerender } = render(<DetailLayout item={item} />);
    const body = container.querySelector('.wp-body');
    expect(body).toHaveClass('prose', 'body');
    expect(body?.closest('.columns')).toHaveClass('roomy');
    rerender(<DetailLayout item={item} aside={<p>Facts</p>} asideLabel="Facts" />);
    expect(container.querySelector('.wp-body')?.closest('.columns')).not.toHaveClass('roomy');
  });

  it('a wide block takes the content box (100cqw), a full one the page (--detail-page-width, computed against the page)', () => {
    const layout = rules(css('src/components/templates/DetailLayout.module.css'));
    expect(layout).toContain('.content{padding-bottom:var(--space-8);container-type:inline-size;--detail-page-width: 100cqw}');
    expect(layout).toContain('.article{container-type:inline-size}');
    expect(layout).toContain('.roomy .body>:global(.alignwide),.roomy .body>:global(.alignfull){width:100cqw;max-width:none;margin-inline:0}');
    expect(layout).toContain('.roomy .body>:global(.alignfull){width:var(--detail-page-width);margin-inline:calc((100cqw - var(--detail-page-width))/2)0}');
    // Registered as a length, the property is computed on .content, whose container is the page (.article), not on the body.
    let property = '';
    walk(parse(css('src/styles/globals.css')), {
      visit: 'Atrule',
      enter: (node: Atrule) => {
        if (node.name === 'property' && node.prelude && generate(node.prelude) === '--detail-page-width') property = generate(node);
      },
    });
    expect(property).toContain('syntax:"<length>"');
    expect(property).toContain('inherits:true');
  });

  it('below 600px a right-aligned block is not floated but stays at the right; a pullquote is not drawn as a quotation; divisions keep the rhythm; headings take a coloured block\'s colour; table blocks are tables', () => {
    const global = rules(css('src/styles/globals.css'));
    expect(global).toContain('.prose .alignright{margin-left:auto}');
    expect(global).toContain('.prose .wp-block-pullquote blockquote{padding:0;border:0;border-radius:0;background:none;color:inherit;font-size:inherit}');
    expect(global).toContain('.prose>div:not(:last-child){margin-top:0;margin-bottom:1.25em}');
    // A table block's table is a table (the figure scrolls), not the classic tables' scrolling block.
    expect(global).toContain('.prose .wp-block-table table{display:table;max-width:none}');
    // Headings inside a block with a chosen text colour take it (the site's headings have their own colour).
    expect(global).toContain('.wp-body .has-text-color :is(h1,h2,h3,h4,h5,h6):not(.has-text-color){color:inherit}');
  });
});
