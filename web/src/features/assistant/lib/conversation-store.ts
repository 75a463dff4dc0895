/**
 * The assistant's conversation on this device: its random id, the messages
 * and the last bookingState, in localStorage, so the conversation survives closing the
 * modal and a reload. Nothing here is a credential: the server keeps the booking's
 * state itself and scopes a signed-in guest's conversation to their account.
 */
export type ChatRole = 'user' | 'assistant';

/** Spec section 3 "Chat message": role, content, timestamp, isAnimating. */
export type ChatMessage = {
  id: string;
  role: ChatRole;
  content: string;
  timestamp: number;
  isAnimating?: boolean;
  /** What the assistant offered with its answer: the chat with the front desk (a button under it). */
  offer?: 'front_desk';
};

const KEYS = {
  sessionId: 'assistant.sessionId',
  messages: 'assistant.messages',
  bookingState: 'assistant.bookingState',
  draft: 'assistant.draft',
} as const;
/** The device keeps the last 100 messages of a conversation. */
const KEPT = 100;

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

function write(key: string, value: unknown) {
  try {
    if (value === null || value === undefined) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or blocked storage only costs the conversation's memory across reloads.
  }
}

function newSessionId(): string {
  return `chat-${crypto.randomUUID()}`;
}

export function loadConversation() {
  let sessionId = read<string | null>(KEYS.sessionId, null);
  if (!sessionId || !/^[A-Za-z0-9_-]{16,100}$/.test(sessionId)) {
    sessionId = newSessionId();
    write(KEYS.sessionId, sessionId);
  }
  const messages = read<ChatMessage[]>(KEYS.messages, []).map((m) => ({ ...m, isAnimating: false }));
  return {
    sessionId,
    messages: Array.isArray(messages) ? messages : [],
    bookingState: read<unknown>(KEYS.bookingState, null),
    draft: read<string>(KEYS.draft, ''),
  };
}

export function saveMessages(messages: ChatMessage[]) {
  write(
    KEYS.messages,
    messages.slice(-KEPT).map(({ isAnimating: _, ...m }) => m),
  );
}

export function saveBookingState(state: unknown) {
  write(KEYS.bookingState, state);
}

export function saveDraft(draft: string) {
  write(KEYS.draft, draft || null);
}

/** A new conversation: a new id, no messages, no booking. */
export function resetConversation(): string {
  const sessionId = newSessionId();
  write(KEYS.sessionId, sessionId);
  write(KEYS.messages, null);
  write(KEYS.bookingState, null);
  return sessionId;
}
