// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIOSK_IDLE_MS, kioskExitUrl, watchKioskIdle } from './kiosk-idle.ts';

describe('kiosk idle timeout (spec §4, §9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('is 90000 ms', () => expect(KIOSK_IDLE_MS).toBe(90_000));

  it('fires after 90 s without activity, not before', () => {
    const onIdle = vi.fn();
    const stop = watchKioskIdle(onIdle);
    vi.advanceTimersByTime(89_999);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('starts the wait again on every touch or key press', () => {
    const onIdle = vi.fn();
    const stop = watchKioskIdle(onIdle);
    vi.advanceTimersByTime(60_000);
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(60_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(89_000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing once stopped', () => {
    const onIdle = vi.fn();
    watchKioskIdle(onIdle)();
    vi.advanceTimersByTime(200_000);
    expect(onIdle).not.toHaveBeenCalled();
  });
});

describe('where an idle kiosk goes', () => {
  it("goes to the client's kiosk home address when there is one", () => {
    expect(kioskExitUrl({ kioskHomeUrl: 'https://kiosk.example.com/home', centre: 'bury-leisure-centre' })).toBe(
      'https://kiosk.example.com/home',
    );
  });

  it('otherwise goes to the online-joining kiosk page with the centre', () => {
    expect(
      kioskExitUrl({ kioskHomeUrl: null, centre: 'bury-leisure-centre', currentHost: 'bookings.example.com', protocol: 'https:' }),
    ).toBe('https://online-joining.example.com/?kiosk=true&centre=bury-leisure-centre');
  });
});
