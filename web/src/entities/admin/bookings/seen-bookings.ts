import { useSyncExternalStore } from 'react';

/**
 * The Booking Notifications badge (admin spec section 2): pending bookings
 * this device has not shown yet. Opening the alerts screen marks the pending
 * ones as seen. Kept in localStorage under `adminSeenBookings` as a JSON
 * array of booking ids; only ids still pending are kept, so it stays small.
 */
const STORAGE_KEY = 'adminSeenBookings';

type Listed = { id: number; status: string };

const listeners = new Set<() => void>();
let cached: { raw: string | null; ids: ReadonlySet<number> } = { raw: null, ids: new Set() };

function readRaw(): string | null {
  try {
    return localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The seen ids; the same Set object until the stored value changes (useSyncExternalStore needs that). */
export function seenBookingIds(): ReadonlySet<number> {
  const raw = readRaw();
  if (raw === cached.raw) return cached.ids;
  let ids: number[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) ids = parsed.filter((v): v is number => Number.isInteger(v));
  } catch {
    // A damaged value counts as nothing seen.
  }
  cached = { raw, ids: new Set(ids) };
  return cached.ids;
}

/** Marks every booking pending now as seen (and forgets the ids no longer pending). */
export function markPendingSeen(bookings: readonly Listed[]): void {
  const pending = bookings.filter((b) => b.status === 'pending').map((b) => b.id);
  const next = JSON.stringify(pending.sort((a, b) => a - b));
  if (next === readRaw()) return;
  try {
    localStorage.setItem(STORAGE_KEY, next);
  } catch {
    // Private mode without storage: the badge simply stays as it was.
  }
  listeners.forEach((notify) => notify());
}

/** How many pending bookings were not seen yet. */
export function unseenPendingCount(bookings: readonly Listed[], seen: ReadonlySet<number>): number {
  return bookings.filter((b) => b.status === 'pending' && !seen.has(b.id)).length;
}

function subscribe(onChange: () => void) {
  listeners.add(onChange);
  // Another tab of the back office marking them seen updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) onChange();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(onChange);
    window.removeEventListener('storage', onStorage);
  };
}

export function useSeenBookingIds(): ReadonlySet<number> {
  return useSyncExternalStore(subscribe, seenBookingIds, seenBookingIds);
}
