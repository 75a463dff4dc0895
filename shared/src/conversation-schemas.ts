import { z } from './zod';
import { idSchema, queryCount } from './date-schemas';
import { WHATSAPP_INBOUND_KINDS } from './whatsapp';

/**
 * Conversations between guests and the hotel (docs/decisions/088-conversations.md): the guest's
 * chat (GET/POST /api/messages), the staff inbox (/api/admin/inbox) and the desk's saved replies.
 * Messages are codes; each side turns a code into Arabic or English.
 */
export const CONVERSATION_LIMITS = {
  /** One message's text (WhatsApp's own limit for a text message is 4,096 characters). */
  textMax: 2000,
  /** A thread's page of messages. */
  pageMax: 50,
  /** The inbox's page of threads. */
  inboxPageMax: 50,
  savedReplyTitleMax: 80,
  savedReplyBodyMax: 1000,
  /** Saved replies the hotel keeps at most. */
  savedRepliesMax: 100,
  /** The assistant's turns handed over to the desk at most, and each turn's length. */
  handoverTurnsMax: 12,
  handoverTurnMax: 600,
} as const;

export const CONVERSATION_CHANNELS = ['app', 'whatsapp'] as const;
export type ConversationChannel = (typeof CONVERSATION_CHANNELS)[number];
export const THREAD_STATUSES = ['open', 'done'] as const;
export type ThreadStatus = (typeof THREAD_STATUSES)[number];
/** A message's delivery, in the order it only ever moves (failed ends it, keeping its error). */
export const DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'read', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** What a message on a thread is: the app's chat writes text; WhatsApp brings every kind it has. */
export const CONVERSATION_MESSAGE_KINDS = WHATSAPP_INBOUND_KINDS;
export type ConversationMessageKind = (typeof CONVERSATION_MESSAGE_KINDS)[number];

/**
 * What a message carries besides its text and medium, by kind (kept as JSON on the message):
 * a location's place, a contact card's names, phones and e-mails, the message a reaction is on
 * (its provider id; no emoji: the reaction was taken back), a reply's button, a document's file
 * name, a voice note, a sticker that moves, a system message's or an unsupported one's type, and
 * why a medium could not be fetched.
 */
export type MessageDetails = {
  latitude?: number;
  longitude?: number;
  name?: string;
  address?: string;
  url?: string;
  contacts?: { name: string; phones: string[]; emails: string[] }[];
  emoji?: string | null;
  reactsTo?: string;
  payload?: string;
  replyId?: string;
  description?: string;
  filename?: string;
  voice?: boolean;
  animated?: boolean;
  type?: string;
  mediaError?: string;
};

export const INBOX_FILTERS = ['all', 'open', 'mine', 'unassigned', 'in_house', 'arriving'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

const messageText = z
  .multilineString({ error: 'message_text_required' })
  .trim()
  .min(1, 'message_text_required')
  .max(CONVERSATION_LIMITS.textMax, 'message_text_too_long');

/** One turn of the assistant's conversation handed over to the desk. */
const handoverTurn = z.strictObject({
  role: z.enum(['guest', 'assistant'], { error: 'invalid_handover' }),
  text: z
    .multilineString({ error: 'invalid_handover' })
    .trim()
    .min(1, 'invalid_handover')
    .transform((v) => v.slice(0, CONVERSATION_LIMITS.handoverTurnMax)),
});

/** POST /api/messages: the guest writes to the front desk (from a booking's page: its id). */
export const guestMessageSchema = z.strictObject({
  text: messageText,
  bookingId: z.number({ error: 'invalid_id' }).int('invalid_id').positive('invalid_id').optional(),
  /** "Talk to the front desk" from the assistant: what was said so far, attached to the thread. */
  handover: z
    .array(handoverTurn, { error: 'invalid_handover' })
    .max(CONVERSATION_LIMITS.handoverTurnsMax, 'invalid_handover')
    .optional(),
  /**
   * The assistant's conversation on this device (the chat's `sessionId`): the server shows a turn
   * as the assistant's only if the assistant wrote it there; the guest's own words stay the guest's.
   */
  assistantSession: z
    .string({ error: 'invalid_handover' })
    .regex(/^[A-Za-z0-9_-]{16,100}$/, 'invalid_handover')
    .optional(),
});
export type GuestMessageInput = z.input<typeof guestMessageSchema>;

/** GET /api/messages?bookingId=&before= */
export const guestMessagesQuerySchema = z.strictObject({
  bookingId: idSchema.optional(),
  before: idSchema.optional(),
});

/**
 * POST /api/admin/inbox/:threadId/messages: a reply or staff note `{ text, internal? }`, or an
 * approved WhatsApp template `{ template, language?, parameters }` to the thread's phone.
 */
export const staffMessageSchema = z
  .strictObject({
    text: messageText.optional(),
    internal: z.boolean({ error: 'validation_failed' }).optional(),
    template: z
      .string({ error: 'template_required' })
      .trim()
      .min(1, 'template_required')
      .max(512, 'template_required')
      .optional(),
    // The app's language (`ar`, `en`) or one of Meta's template language codes (`en_GB`).
    language: z
      .string({ error: 'template_language_invalid' })
      .regex(/^[a-z]{2,3}(_[A-Z]{2,3})?$/, 'template_language_invalid')
      .optional(),
    parameters: z
      .array(
        z
          .string({ error: 'template_parameter_required' })
          .trim()
          .min(1, 'template_parameter_required')
          .max(1024, 'template_parameter_required'),
        { error: 'template_parameter_required' },
      )
      .max(20, 'template_parameter_required')
      .optional(),
  })
  // One of the two: a text (a reply or a note), or a template with its fields.
  .refine((v) => (v.text === undefined) !== (v.template === undefined), {
    error: 'message_text_required',
    path: ['text'],
  })
  .refine(
    (v) =>
      v.template !== undefined
        ? v.internal === undefined
        : v.language === undefined && v.parameters === undefined,
    {
      error: 'template_required',
      path: ['template'],
    },
  )
  .transform((v) =>
    v.template !== undefined
      ? { template: v.template, language: v.language, parameters: v.parameters ?? [] }
      : { text: v.text!, internal: v.internal },
  );
export type StaffMessageInput = z.input<typeof staffMessageSchema>;

/** PATCH /api/admin/inbox/:threadId */
export const threadPatchSchema = z
  .strictObject({
    assignedTo: z
      .number({ error: 'invalid_id' })
      .int('invalid_id')
      .positive('invalid_id')
      .nullable()
      .optional(),
    status: z.enum(THREAD_STATUSES, { error: 'invalid_thread_status' }).optional(),
    /** Staff read the thread: its unread count goes to nought. */
    read: z.literal(true, { error: 'validation_failed' }).optional(),
  })
  .refine((v) => v.assignedTo !== undefined || v.status !== undefined || v.read !== undefined, {
    error: 'validation_failed',
  });

/** POST /api/admin/inbox/:threadId/link `{ profileId }`: a phone-only thread joins a guest's profile. */
export const threadLinkSchema = z.strictObject({
  profileId: z.number({ error: 'invalid_id' }).int('invalid_id').positive('invalid_id'),
});

/** GET /api/admin/inbox?filter=&before= (before: a thread's last message time and id, `ms:id`). */
export const inboxQuerySchema = z.strictObject({
  filter: z.enum(INBOX_FILTERS, { error: 'validation_failed' }).optional(),
  before: z
    .string({ error: 'validation_failed' })
    .regex(/^\d{1,15}:\d{1,15}$/, 'validation_failed')
    .optional(),
  limit: queryCount(CONVERSATION_LIMITS.inboxPageMax).optional(),
});

export const threadParamSchema = z.strictObject({ threadId: idSchema });
/** GET /api/admin/inbox/:threadId/messages/:messageId/media */
export const messageMediaParamSchema = z.strictObject({ threadId: idSchema, messageId: idSchema });
/** GET /api/messages/:messageId/media?bookingId=: a medium on the guest's own thread. */
export const guestMediaParamSchema = z.strictObject({ messageId: idSchema });
export const guestMediaQuerySchema = z.strictObject({ bookingId: idSchema.optional() });
export const threadMessagesQuerySchema = z.strictObject({ before: idSchema.optional() });

/** A saved reply, in both languages. */
export const savedReplySchema = z.strictObject({
  title: z
    .string({ error: 'saved_reply_title_required' })
    .trim()
    .min(1, 'saved_reply_title_required')
    .max(CONVERSATION_LIMITS.savedReplyTitleMax, 'saved_reply_too_long'),
  bodyAr: z
    .multilineString({ error: 'saved_reply_body_required' })
    .trim()
    .min(1, 'saved_reply_body_required')
    .max(CONVERSATION_LIMITS.savedReplyBodyMax, 'saved_reply_too_long'),
  bodyEn: z
    .multilineString({ error: 'saved_reply_body_required' })
    .trim()
    .min(1, 'saved_reply_body_required')
    .max(CONVERSATION_LIMITS.savedReplyBodyMax, 'saved_reply_too_long'),
});
export type SavedReplyInput = z.input<typeof savedReplySchema>;

/** What the live socket pushes (small: the screen fetches what it shows). */
export type LiveEvent =
  | { type: 'message'; threadId: number; messageId: number; direction: 'in' | 'out' }
  | { type: 'thread'; threadId: number }
  | { type: 'status'; threadId: number; messageId: number; status: DeliveryStatus }
  /** A guest's order from the app, new or answered (docs/decisions/102-outlet-orders.md). */
  | {
      type: 'order';
      orderId: number;
      outletId: number;
      bookingId: number;
      status: 'sent' | 'accepted' | 'refused' | 'cancelled';
    };
