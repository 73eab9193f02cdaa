import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterPaint } from '@/lib/browser/afterPaint';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

describe('afterPaint (issue 5: browser-only parts load after the first paint, outside the First Load JS)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** The task afterPaint queues after mounting (issue 19: each part starts on a task of its own). */
  const nextTask = () => act(async () => void jest.runOnlyPendingTimers());

  test('renders nothing on the server, so the server HTML and the hydration agree', () => {
    const Lazy = afterPaint(() => Promise.resolve(Greeting), 'Greeting');
    expect(renderToString(<Lazy name="Ada" />)).toBe('');
  });

  test('in the browser, loads the component after mounting and renders it with its props', async () => {
    let resolve!: (component: typeof Greeting) => void;
    const load = jest.fn(() => new Promise<typeof Greeting>((r) => (resolve = r)));
    const Lazy = afterPaint(load, 'Greeting');
    render(<Lazy name="Ada" />);
    expect(load).not.toHaveBeenCalled();
    await nextTask();
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Hello Ada')).toBeNull();
    await act(async () => resolve(Greeting));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
  });

  test('a later mount (a client-side navigation) renders the loaded component at once, without loading again', async () => {
    const load = jest.fn(() => Promise.resolve(Greeting));
    const Lazy = afterPaint(load, 'Greeting');
    const first = render(<Lazy name="Ada" />);
    await nextTask();
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    first.unmount();
    render(<Lazy name="Grace" />);
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  test('a chunk that fails to load is logged and renders nothing', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Lazy = afterPaint(() => Promise.reject(new Error('ChunkLoadError')), 'Alerts');
    const { container } = render(<Lazy />);
    await nextTask();
    expect(container).toBeEmptyDOMElement();
    expect(String(error.mock.calls[0]?.[0])).toBe('[site] Alerts could not be loaded.');
    error.mockRestore();
  });
});
