/**
 * The assistant's numbers: limits of a message, throttles, how long history
 * is kept. A module of its own (not constants.ts) so the chat's lazy chunk takes them
 * without adding to the shared constants chunk the landing page loads first.
 */
export const CHAT_RULES = {
  maxMessageLength: 2000,
  /** Messages per conversation per minute, and per client address per 10 minutes (a hotel's guests share one). */
  perSessionPerMinute: 20,
  perAddressPer10Minutes: 300,
  historyDays: 30,
  /** How long the server waits for a language model before answering on its own. */
  modelTimeoutMs: 8_000,
  /** The admin Q&A list is polled every 30 s (admin spec section 9). */
  qaPollMs: 30_000,
} as const;
