// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { KIOSK_IDLE_MS, KIOSK_WARNING_MS, kioskExitUrl, watchKioskIdle } from './kiosk-idle.ts';

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

describe("the 'Still there?' warning in the last 15 s (docs/kiosk.md \"Idle\")", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const watch = () => {
    const calls: string[] = [];
    let idleAt = 0;
    const stop = watchKioskIdle(() => calls.push('idle'), KIOSK_IDLE_MS, window, {
      beforeMs: KIOSK_WARNING_MS,
      onWarn: (at) => {
        idleAt = at;
        calls.push('warn');
      },
      onResume: () => calls.push('resume'),
    });
    return { calls, stop, idleAt: () => idleAt };
  };

  it('warns at 75 s, saying when the kiosk will go idle, then goes idle at 90 s', () => {
    const started = Date.now();
    const { calls, stop, idleAt } = watch();
    vi.advanceTimersByTime(74_999);
    expect(calls).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['warn']);
    expect(idleAt() - started).toBe(90_000);
    vi.advanceTimersByTime(14_999);
    expect(calls).toEqual(['warn']);
    vi.advanceTimersByTime(1);
    expect(calls).toEqual(['warn', 'idle']);
    stop();
  });

  it('a touch during the warning ends it once the touch ends (after its click), and starts the whole 90 s again', () => {
    const { calls, stop } = watch();
    vi.advanceTimersByTime(80_000);
    window.dispatchEvent(new Event('pointerdown'));
    // Still showing while the finger is down, and through the click's own dispatch: the click
    // lands on the dialog's button, not on what lies under the dialog.
    expect(calls).toEqual(['warn']);
    window.dispatchEvent(new Event('pointerup'));
    window.dispatchEvent(new Event('click'));
    expect(calls).toEqual(['warn']);
    vi.advanceTimersByTime(0);
    expect(calls).toEqual(['warn', 'resume']);
    vi.advanceTimersByTime(74_999);
    expect(calls).toEqual(['warn', 'resume']);
    vi.advanceTimersByTime(15_001);
    expect(calls).toEqual(['warn', 'resume', 'warn', 'idle']);
    stop();
  });

  it('a scroll no one made (focus or scrollIntoView moving the page) does not end the warning; the wheel does', () => {
    const { calls, stop } = watch();
    vi.advanceTimersByTime(80_000);
    window.dispatchEvent(new Event('scroll'));
    document.dispatchEvent(new Event('scroll'));
    expect(calls).toEqual(['warn']);
    window.dispatchEvent(new Event('wheel'));
    expect(calls).toEqual(['warn', 'resume']);
    stop();
  });

  it('a key during the warning ends it at once; a touch held past the old deadline does not let the kiosk go idle', () => {
    const { calls, stop } = watch();
    vi.advanceTimersByTime(80_000);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    expect(calls).toEqual(['warn', 'resume']);
    vi.advanceTimersByTime(80_000);
    window.dispatchEvent(new Event('touchstart'));
    vi.advanceTimersByTime(20_000);
    expect(calls).toEqual(['warn', 'resume', 'warn']);
    window.dispatchEvent(new Event('touchend'));
    vi.advanceTimersByTime(0);
    expect(calls).toEqual(['warn', 'resume', 'warn', 'resume']);
    stop();
  });

  it('activity before the warning does not call onResume', () => {
    const { calls, stop } = watch();
    vi.advanceTimersByTime(30_000);
    window.dispatchEvent(new Event('touchstart'));
    expect(calls).toEqual([]);
    stop();
    vi.advanceTimersByTime(200_000);
    expect(calls).toEqual([]);
  });
});
