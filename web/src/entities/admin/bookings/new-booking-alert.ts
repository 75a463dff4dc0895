import { useEffect } from 'react';
import { NEW_BOOKING_SOUND_VOLUME } from '@shared/constants';

/**
 * The new-booking alert (admin spec sections 4 and 9): a chime at volume 0.8
 * when the bookings grow while staff are in the back office. Silent, with a
 * console warning, if the file is missing or the browser refuses to play.
 *
 * "Grow" is read as "an alert (a new booking request or entry) with a higher id than
 * any seen before": a deletion lowers a count, so ids say it better than the count does. The baseline lives for the page's lifetime,
 * across admin screens; coming back to the back office after a while starts a
 * new baseline, so bookings that arrived meanwhile are shown (badge), not rung.
 */
export const NEW_BOOKING_SOUND_URL = '/sounds/new-booking.wav';
export { NEW_BOOKING_SOUND_VOLUME };
/** Moving between admin screens is quicker than this; being away longer starts a new baseline. */
const RETURN_GRACE_MS = 5_000;

export async function playNewBookingSound(): Promise<boolean> {
  try {
    const audio = new Audio(NEW_BOOKING_SOUND_URL);
    audio.volume = NEW_BOOKING_SOUND_VOLUME;
    await audio.play();
    return true;
  } catch (error) {
    console.warn('The new-booking sound could not play; staying silent.', error);
    return false;
  }
}

export function highestId(bookings: readonly { id: number }[]): number {
  return bookings.reduce((max, b) => Math.max(max, b.id), 0);
}

type Watch = { maxId: number | null; trusted: boolean; mounted: number; leftAt: number; enteredAt: number };

const watch: Watch = { maxId: null, trusted: false, mounted: 0, leftAt: 0, enteredAt: 0 };

/**
 * Feeds one observed list to the baseline; true when it holds a newer booking.
 * `fetchedAt` before the visit began (a list restored from cache) only sets
 * the baseline, and the first fresh list replaces it silently.
 */
export function observeBookings(bookings: readonly { id: number }[], fetchedAt: number, w = watch): boolean {
  const maxId = highestId(bookings);
  if (w.maxId === null || !w.trusted) {
    w.maxId = maxId;
    w.trusted = fetchedAt >= w.enteredAt;
    return false;
  }
  if (maxId <= w.maxId) return false;
  w.maxId = maxId;
  return true;
}

/**
 * Watches a polled list of an admin screen (the newest staff alert, entities/notifications) and
 * rings on a newer one. A booking staff make at the desk raises no alert, so rings for nobody.
 */
export function useNewBookingAlert(bookings: readonly { id: number }[] | undefined, fetchedAt: number) {
  useEffect(() => {
    watch.mounted += 1;
    if (watch.mounted === 1 && Date.now() - watch.leftAt > RETURN_GRACE_MS) {
      watch.maxId = null;
      watch.trusted = false;
      watch.enteredAt = Date.now();
    }
    return () => {
      watch.mounted -= 1;
      if (watch.mounted === 0) watch.leftAt = Date.now();
    };
  }, []);

  useEffect(() => {
    if (bookings && observeBookings(bookings, fetchedAt)) void playNewBookingSound();
  }, [bookings, fetchedAt]);
}
