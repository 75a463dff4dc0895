import { z } from './zod';
import { CHAT_RULES } from './chat-rules';
import { normalizeText, STOP_WORDS } from './text-normalize';

/**
 * The assistant (guest spec section 7 `POST /api/chat`) and the admin's
 * Q&A entries (admin spec "Chat Q&A management"). Messages are codes; each side
 * translates them.
 */
export const chatRequestSchema = z.object({
  message: z
    .multilineString({ error: 'chat_message_required' })
    .trim()
    .min(1, 'chat_message_required')
    .max(CHAT_RULES.maxMessageLength, 'chat_message_too_long'),
  /** Made on the device (a random id), kept there so a conversation survives a reload. */
  sessionId: z
    .string({ error: 'chat_session_invalid' })
    .regex(/^[A-Za-z0-9_-]{16,100}$/, 'chat_session_invalid'),
  language: z.enum(['ar', 'en']).optional(),
  context: z.literal('hotel_assistant').optional(),
  /** Echoed from the last answer; the server's own copy wins (a different one is ignored). */
  bookingState: z.unknown().optional(),
  isBot: z.literal(false).optional(),
});
export type ChatRequest = z.infer<typeof chatRequestSchema>;

const qaText = (code: string, max: number, multiline = false) =>
  (multiline ? z.multilineString({ error: code }) : z.string({ error: code }))
    .trim()
    .min(1, code)
    .max(max, 'qa_too_long');

/** Keywords: trimmed, empties dropped, at most 30 of at most 60 characters. */
export const qaKeywordsSchema = z
  .array(z.string().max(60, 'qa_too_long'))
  .max(30, 'qa_too_long')
  .transform((list) => [...new Set(list.map((k) => k.trim()).filter(Boolean))]);

export const qaCreateSchema = z.object({
  question: qaText('qa_question_required', 500),
  answer: qaText('qa_answer_required', 4000, true),
  keywords: qaKeywordsSchema.optional(),
  isActive: z.boolean().optional(),
});
export type QaCreate = z.infer<typeof qaCreateSchema>;

/** The spec's admin PUT resends every field; the older variant sends only isActive. */
export const qaUpdateSchema = qaCreateSchema.partial();
export type QaUpdate = z.infer<typeof qaUpdateSchema>;

/** The admin form's keyword box: split on commas (Latin or Arabic), trimmed, empties dropped. */
export function splitKeywords(value: string): string[] {
  return [
    ...new Set(
      value
        .split(/[,،]/)
        .map((k) => k.trim())
        .filter(Boolean),
    ),
  ];
}

/** Keywords made from a question when the admin leaves them empty: its meaningful words. */
export function keywordsFromQuestion(question: string): string[] {
  const words = normalizeText(question)
    .split(' ')
    .filter((w) => w.length >= 2 && !STOP_WORDS.has(w));
  return [...new Set(words)].slice(0, 10);
}
