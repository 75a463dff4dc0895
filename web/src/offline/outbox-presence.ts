/**
 * Whether this device may have anything in the offline outbox, without loading Dexie
 * (decision 012): the outbox's IndexedDB database exists only once something has used it.
 * A first-time visitor's landing page thus never fetches Dexie; a device that has used the
 * outbox loads it once the page is idle, as before. Browsers without `indexedDB.databases()`
 * answer yes (the outbox loads, as before).
 */
export const OUTBOX_DATABASE = 'hotel-app';

/**
 * Sent on the window when a screen loads the outbox (the reviews, the events panel) and when an
 * entry is queued, so the header's indicator loads its code then, while the device is most
 * likely still online, rather than at the moment an entry is queued offline.
 */
export const OUTBOX_USED_EVENT = 'outbox-used';

let loaded = false;

/** Called by offline/outbox.ts as it loads. */
export function markOutboxLoaded(): void {
  loaded = true;
  globalThis.dispatchEvent(new Event(OUTBOX_USED_EVENT));
}

export async function outboxMayHaveEntries(): Promise<boolean> {
  if (loaded) return true;
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true;
  try {
    return (await indexedDB.databases()).some((database) => database.name === OUTBOX_DATABASE);
  } catch {
    return true;
  }
}
