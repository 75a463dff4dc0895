// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NEW_BOOKING_SOUND_VOLUME, observeBookings, playNewBookingSound } from './new-booking-alert';

const fresh = () => ({ maxId: null, trusted: false, mounted: 1, leftAt: 0, enteredAt: 1_000 });

describe('observeBookings', () => {
  it('sets a baseline silently, then rings only for a newer booking', () => {
    const w = fresh();
    expect(observeBookings([{ id: 5 }, { id: 4 }], 2_000, w)).toBe(false);
    expect(observeBookings([{ id: 5 }, { id: 4 }], 12_000, w)).toBe(false);
    expect(observeBookings([{ id: 6 }, { id: 5 }, { id: 4 }], 22_000, w)).toBe(true);
    // A deletion lowers the count: no alert, and the next new one still rings.
    expect(observeBookings([{ id: 6 }], 32_000, w)).toBe(false);
    expect(observeBookings([{ id: 7 }, { id: 6 }], 42_000, w)).toBe(true);
  });

  it('a list restored from before the visit does not count as the baseline', () => {
    const w = fresh();
    expect(observeBookings([{ id: 3 }], 500, w)).toBe(false);
    // What arrived while away is shown by the badge, not rung.
    expect(observeBookings([{ id: 9 }, { id: 3 }], 2_000, w)).toBe(false);
    expect(observeBookings([{ id: 10 }, { id: 9 }], 12_000, w)).toBe(true);
  });
});

describe('playNewBookingSound', () => {
  afterEach(() => vi.restoreAllMocks());

  it('plays the chime at volume 0.8', async () => {
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    expect(await playNewBookingSound()).toBe(true);
    const audio = play.mock.contexts[0] as HTMLAudioElement;
    expect(audio.src).toMatch(/\/sounds\/new-booking\.wav$/);
    expect(audio.volume).toBe(NEW_BOOKING_SOUND_VOLUME);
  });

  it('stays silent with a warning when the file is missing or playing is refused', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockRejectedValue(
      new DOMException('x', 'NotSupportedError'),
    );
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await playNewBookingSound()).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });
});
