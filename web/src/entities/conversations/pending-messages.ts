/**
 * The guest's messages not yet accepted by the server, kept on the device (localStorage) with the
 * key each is sent under (its `Idempotency-Key`): written before the first try, removed once the
 * server answered 201 (or refused it for good), sent again with the same key when the device is
 * back online or the chat opens. The server stores each key once, so a message is never doubled.
 */
export type PendingMessage = {
  key: string;
  text: string;
  bookingId: number | null;
  createdAt: number;
  handover?: { role: 'guest' | 'assistant'; text: string }[];
  /** The assistant's conversation the handover comes from: the server checks its turns against it. */
  assistantSession?: string;
};

const STORE = 'conversations.pending';

function readAll(): PendingMessage[] {
  try {
    const raw = localStorage.getItem(STORE);
    const list = raw ? (JSON.parse(raw) as PendingMessage[]) : [];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function writeAll(list: PendingMessage[]) {
  try {
    if (list.length === 0) localStorage.removeItem(STORE);
    else localStorage.setItem(STORE, JSON.stringify(list.slice(-50)));
  } catch {
    // A full or blocked storage: the message is still sent while the page is open.
  }
}

export function pendingFor(bookingId: number | null): PendingMessage[] {
  return readAll().filter((m) => m.bookingId === bookingId);
}

export function addPending(message: PendingMessage) {
  writeAll([...readAll().filter((m) => m.key !== message.key), message]);
}

export function removePending(key: string) {
  writeAll(readAll().filter((m) => m.key !== key));
}
