import type { Page } from 'playwright-core';

/** A block the editor's parser finds invalid: its name, the HTML saved in the post, and what the editor's `save` writes from its attributes. */
export interface InvalidBlock {
  name: string;
  saved: string;
  expected: string;
}

/**
 * The blocks of `markup` that WordPress's block editor (a wp-admin editor page open in `page`)
 * parses as invalid, inner blocks included.
 */
export function invalidBlocks(page: Page, markup: string): Promise<InvalidBlock[]> {
  return page.evaluate((raw) => {
    interface Block { name: string; isValid: boolean; originalContent?: string; attributes: Record<string, unknown>; innerBlocks: Block[] }
    const { blocks } = (window as unknown as { wp: { blocks: { parse: (s: string) => Block[]; getSaveContent: (n: string, a: unknown, i: unknown) => string } } }).wp;
    const out: { name: string; saved: string; expected: string }[] = [];
    const walk = (list: Block[]) => {
      for (const b of list) {
        if (!b.isValid && b.name) out.push({ name: b.name, saved: b.originalContent ?? '', expected: blocks.getSaveContent(b.name, b.attributes, b.innerBlocks) });
        walk(b.innerBlocks);
      }
    };
    walk(blocks.parse(raw));
    return out;
  }, markup);
}

/** Waits until the editor page has registered the core blocks. */
export async function editorReady(page: Page): Promise<void> {
  await page.waitForFunction(() => Boolean((window as unknown as { wp?: { blocks?: { getBlockType?: (n: string) => unknown } } }).wp?.blocks?.getBlockType?.('core/paragraph')));
}
