import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CUSTOM, ORIGIN, request } from './helpers';

/**
 * docs/blocks.md REST contract items 2 and 4: the fake serves WordPress 6.1.9's block CSS files and
 * Twenty Twenty-Three's global stylesheet as the real WordPress (with the plugin) does.
 */
const LIBRARY = path.join(__dirname, '..', '..', '__mocks__', 'wordpress', 'block-library');

describe('block library files and the global-styles route', () => {
  it('serves common.min.css and a block\'s style.min.css as text/css, byte for byte the vendored WordPress files', async () => {
    const common = await fetch(`${ORIGIN}/wp-includes/css/dist/block-library/common.min.css?t=1`);
    expect(common.status).toBe(200);
    expect(common.headers.get('content-type')).toBe('text/css');
    expect(await common.text()).toBe(readFileSync(path.join(LIBRARY, 'common.min.css'), 'utf8'));
    const columns = await fetch(`${ORIGIN}/wp-includes/blocks/columns/style.min.css`);
    expect(await columns.text()).toContain('.wp-block-columns{display:flex');
  });

  it('answers 404 for a block without a stylesheet, as the real server does', async () => {
    const column = await fetch(`${ORIGIN}/wp-includes/blocks/column/style.min.css`);
    expect(column.status).toBe(404);
    expect((await fetch(`${ORIGIN}/wp-includes/blocks/no-such-block/style.min.css`)).status).toBe(404);
  });

  it('GET custom-api/v1/global-styles answers {css}: Twenty Twenty-Three\'s wp_get_global_stylesheet()', async () => {
    const { status, json } = await request<{ css: string }>(`${CUSTOM}/global-styles`);
    expect(status).toBe(200);
    expect(json.css).toBe(readFileSync(path.join(LIBRARY, 'global-styles.css'), 'utf8'));
    expect(json.css).toContain('--wp--preset--color--primary: #9DFF20');
  });

  it('says where the files came from (SOURCE.json: WordPress 6.1.9, Debian\'s packages)', () => {
    const source = JSON.parse(readFileSync(path.join(LIBRARY, 'SOURCE.json'), 'utf8')) as { wordpress: string; blocks: string[] };
    expect(source.wordpress).toBe('6.1.9');
    expect(source.blocks).toEqual(expect.arrayContaining(['button', 'buttons', 'columns', 'image']));
  });
});
