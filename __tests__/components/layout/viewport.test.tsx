import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { belowBreakpointQuery, DEFAULT_BREAKPOINT, useIsBelowBreakpoint } from '@/lib/spec/viewport';
import { installMatchMedia, type FakeMediaQueries } from './matchMedia';

function Probe({ breakpoint, seen }: { breakpoint?: number; seen?: boolean[] }) {
  const below = useIsBelowBreakpoint(breakpoint);
  seen?.push(below);
  return <output>{below ? 'below' : 'above'}</output>;
}

describe('viewport-width check (spec §1, §9)', () => {
  let media: FakeMediaQueries | null = null;
  afterEach(() => {
    media?.restore();
    media = null;
  });

  test('spec §9: the default breakpoint is 600 px, queried just below it', () => {
    expect(DEFAULT_BREAKPOINT).toBe(600);
    expect(belowBreakpointQuery()).toBe('(max-width: 599.98px)');
    expect(belowBreakpointQuery(1024)).toBe('(max-width: 1023.98px)');
  });

  test('spec §1 viewport check: false on the server, whatever the viewport', () => {
    media = installMatchMedia(true);
    expect(renderToString(<Probe />)).toContain('above');
    expect(media.queries).toEqual([]);
  });

  test('spec §1 viewport check: false on the first render, then the matchMedia answer', () => {
    media = installMatchMedia(true);
    const seen: boolean[] = [];
    render(<Probe seen={seen} />);
    expect(seen[0]).toBe(false);
    expect(screen.getByRole('status')).toHaveTextContent('below');
    expect(media.queries).toEqual(['(max-width: 599.98px)']);
  });

  test('spec §1 viewport check: follows matchMedia changes both ways', () => {
    media = installMatchMedia(false);
    render(<Probe />);
    expect(screen.getByRole('status')).toHaveTextContent('above');
    act(() => media?.setMatches(true));
    expect(screen.getByRole('status')).toHaveTextContent('below');
    act(() => media?.setMatches(false));
    expect(screen.getByRole('status')).toHaveTextContent('above');
  });

  test('spec §1 viewport check: a custom breakpoint is queried', () => {
    media = installMatchMedia(false);
    render(<Probe breakpoint={900} />);
    expect(media.queries).toEqual(['(max-width: 899.98px)']);
  });

  test('without matchMedia (old browsers) the check stays false and nothing throws', () => {
    const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
    delete (window as { matchMedia?: unknown }).matchMedia;
    try {
      render(<Probe />);
      expect(screen.getByRole('status')).toHaveTextContent('above');
    } finally {
      if (original) Object.defineProperty(window, 'matchMedia', original);
    }
  });
});
