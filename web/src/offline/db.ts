import Dexie, { type EntityTable } from 'dexie';

/**
 * The app's one IndexedDB database (Dexie). What lives here:
 * - `queryCache`: the persisted TanStack Query cache (rooms, offers,
 *   services, the user's own data) so the app browses with no network.
 * Later: the outbox of entries waiting to be sent, and their files.
 */
export type KeyValue = { key: string; value: string };

export const db = new Dexie('hotel-app') as Dexie & {
  queryCache: EntityTable<KeyValue, 'key'>;
};

db.version(1).stores({ queryCache: 'key' });
