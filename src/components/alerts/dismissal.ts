/**
 * Remembers, for the browser session, which alerts the visitor dismissed: one sessionStorage key
 * per alert id (`alert-dismissed:{id}` = '1'). Storage can be missing or throw (disabled storage,
 * some private modes, a full quota): then the dismissal holds in memory until the page is reloaded,
 * and nothing throws.
 */
export const DISMISSED_KEY_PREFIX = 'alert-dismissed:';

export function dismissedKey(id: number): string {
  return `${DISMISSED_KEY_PREFIX}${id}`;
}

const inMemory = new Set<number>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null; // reading window.sessionStorage itself throws when storage is blocked
  }
}

export function isDismissed(id: number): boolean {
  if (inMemory.has(id)) return true;
  try {
    return storage()?.getItem(dismissedKey(id)) === '1';
  } catch {
    return false;
  }
}

export function rememberDismissed(id: number): void {
  inMemory.add(id);
  try {
    storage()?.setItem(dismissedKey(id), '1');
  } catch {
    // Kept in memory only.
  }
}

/** Tests only: forgets the in-memory dismissals. */
export function resetDismissedForTests(): void {
  inMemory.clear();
}
