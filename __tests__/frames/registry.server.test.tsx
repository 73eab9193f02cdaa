/**
 * @jest-environment node
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { FrameList } from '@/components/frames/FrameList';
import { resetFrameWarnings } from '@/components/frames/registry';

let warn: jest.SpyInstance;

beforeEach(() => {
  resetFrameWarnings();
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

describe('frame registry on the server (where pages are rendered)', () => {
  test('an unknown frame type renders nothing and logs one warning per type', () => {
    const frames = [
      { id: 7, frameType: 'carousel', props: { heading: 'Spinning' } },
      { id: 8, frameType: 'carousel', props: { heading: 'Again' } },
      { id: 9, frameType: 'rich-text', props: { heading: 'Known', body: 'Text' } },
    ];
    const html = renderToStaticMarkup(<FrameList frames={frames} />);
    expect(html).not.toContain('Spinning');
    expect(html).toContain('Known');
    renderToStaticMarkup(<FrameList frames={frames} />);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0][0])).toMatch(/frame 7 .*"carousel".*renders nothing/);
  });

  test('a frame with props null renders nothing and is not reported again (frames.ts already did)', () => {
    const html = renderToStaticMarkup(<FrameList frames={[{ id: 1, frameType: 'hero', props: null }]} />);
    expect(html).toBe('');
    expect(warn).not.toHaveBeenCalled();
  });

  test('a frame WordPress could not read (frame type "") renders nothing without a second warning', () => {
    expect(renderToStaticMarkup(<FrameList frames={[{ id: 3, frameType: '', props: null }]} />)).toBe('');
    expect(warn).not.toHaveBeenCalled();
  });
});
