/** A controllable window.matchMedia for jsdom (which has none). */
export interface FakeMediaQueries {
  /** The queries asked for, in order. */
  queries: string[];
  /** Sets whether every query matches, and tells the listeners. */
  setMatches(matches: boolean): void;
  restore(): void;
}

export function installMatchMedia(initial: boolean): FakeMediaQueries {
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  let matches = initial;
  const queries: string[] = [];
  const lists: Array<MediaQueryList & { listeners: Set<(event: MediaQueryListEvent) => void> }> = [];

  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (media: string) => {
      queries.push(media);
      const listeners = new Set<(event: MediaQueryListEvent) => void>();
      const list = {
        media,
        get matches() {
          return matches;
        },
        onchange: null,
        listeners,
        addEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
        removeEventListener: (_type: string, listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
        addListener: (listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
        removeListener: (listener: (event: MediaQueryListEvent) => void) => listeners.delete(listener),
        dispatchEvent: () => true,
      } as unknown as MediaQueryList & { listeners: Set<(event: MediaQueryListEvent) => void> };
      lists.push(list);
      return list;
    },
  });

  return {
    queries,
    setMatches(next) {
      matches = next;
      for (const list of lists) {
        for (const listener of [...list.listeners]) listener({ matches: next, media: list.media } as MediaQueryListEvent);
      }
    },
    restore() {
      if (original) Object.defineProperty(window, 'matchMedia', original);
      else delete (window as { matchMedia?: unknown }).matchMedia;
    },
  };
}
