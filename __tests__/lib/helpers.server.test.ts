/**
 * @jest-environment node
 */
import { isAppleDevice, isSafari } from '@/lib/spec/device';
import { waitForElement } from '@/lib/spec/waitForElement';

// The helpers on the server: a real Node environment, with neither document nor window.
describe('helpers on the server (no document, no window)', () => {
  test('the environment has no DOM', () => {
    expect(typeof document).toBe('undefined');
    expect(typeof window).toBe('undefined');
  });

  test('spec §9 waitForElement resolves null at once on the server, with no timer left behind', async () => {
    jest.useFakeTimers();
    try {
      await expect(waitForElement('#anything')).resolves.toBeNull();
      expect(jest.getTimerCount()).toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  test("spec §1 device detection answers false on the server without a user agent, and reads one it is given (a request's header)", () => {
    // Node 21+ has a global navigator, and on a Mac its platform is "MacIntel": it must not count.
    const platform = jest.spyOn(globalThis.navigator, 'platform', 'get').mockReturnValue('MacIntel');
    expect(isAppleDevice()).toBe(false);
    platform.mockRestore();
    expect(isSafari()).toBe(false);
    const iPhone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
    expect(isAppleDevice(iPhone)).toBe(true);
    expect(isSafari(iPhone)).toBe(true);
  });
});
