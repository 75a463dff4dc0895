import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/sqlite-core';
import { LANGUAGES } from '@shared/constants';
import { createdAt, updatedAt } from '../../platform/columns';
import {
  WHATSAPP_CONSENT_SOURCES,
  WHATSAPP_MEDIA_STATES,
  WHATSAPP_MESSAGE_KINDS,
  WHATSAPP_MESSAGE_STATUSES,
  WHATSAPP_OUTBOX_STATUSES,
  type WhatsAppTemplateComponent,
  type WhatsAppTemplateField,
} from '@shared/whatsapp';

/**
 * The WhatsApp module's tables (migration 0087, docs/decisions/089-whatsapp-cloud-api.md).
 */

/** A phone's consent to the hotel's WhatsApp messages, as it stands: when, and how it was given or withdrawn. */
export const whatsappConsents = sqliteTable(
  'whatsapp_consents',
  {
    /** In full international form (shared/src/phone.ts canonicalPhone: 96891234567). */
    phone: text('phone').primaryKey(),
    optedIn: integer('opted_in', { mode: 'boolean' }).notNull(),
    source: text('source', { enum: WHATSAPP_CONSENT_SOURCES }).notNull(),
    bookingId: integer('booking_id'),
    userId: integer('user_id'),
    changedAt: integer('changed_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check('whatsapp_consents_source_check', sql`${t.source} in ('booking', 'profile', 'stop')`)],
);

/** Every WhatsApp message in and out, with the provider's id and its delivery state. */
export const whatsappMessages = sqliteTable(
  'whatsapp_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** The provider's message id; null for a send the provider refused. */
    wamid: text('wamid'),
    /**
     * The guest's WhatsApp address: their phone (normalised, shared/src/digits.ts normalizePhone),
     * or their business-scoped user id when Meta shares no phone (a username; address.ts).
     */
    phone: text('phone').notNull(),
    /** The guest's business-scoped user id, when Meta sent one (`from_user_id` / `user_id`). */
    userId: text('user_id'),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    kind: text('kind', { enum: WHATSAPP_MESSAGE_KINDS }).notNull(),
    /** The text, a caption, a place's name and address, a reply's title, a template's rendered body. */
    body: text('body'),
    /** Meta's id of the medium (fetched by it, then by its short-lived URL). */
    mediaId: text('media_id'),
    /** The medium kept in R2 (IMAGES binding, under `whatsapp/`). */
    mediaKey: text('media_key'),
    mediaType: text('media_type'),
    /** `pending` until fetched (or given up), `stored`, or `failed` with `media_error`. */
    mediaState: text('media_state', { enum: WHATSAPP_MEDIA_STATES }),
    mediaAttempts: integer('media_attempts').notNull().default(0),
    mediaNextAt: integer('media_next_at', { mode: 'timestamp_ms' }),
    /** Who is fetching it now (a claim, so the webhook and the cron never fetch it twice). */
    mediaClaim: text('media_claim'),
    mediaError: text('media_error'),
    /**
     * The webhook request that kept an inbound message (a fresh token per request): what follows
     * from the message runs in that request's batch only (inbound.ts; migration 0106).
     */
    receipt: text('receipt'),
    latitude: real('latitude'),
    longitude: real('longitude'),
    templateName: text('template_name'),
    status: text('status', { enum: WHATSAPP_MESSAGE_STATUSES }).notNull(),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    deliveredAt: integer('delivered_at', { mode: 'timestamp_ms' }),
    readAt: integer('read_at', { mode: 'timestamp_ms' }),
    failedAt: integer('failed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_messages_wamid_idx').on(t.wamid),
    index('whatsapp_messages_phone_idx').on(t.phone, t.direction, t.createdAt),
    index('whatsapp_messages_user_id_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    index('whatsapp_messages_media_due_idx')
      .on(t.mediaNextAt)
      .where(sql`${t.mediaState} = 'pending'`),
    check('whatsapp_messages_direction_check', sql`${t.direction} in ('in', 'out')`),
    check(
      'whatsapp_messages_kind_check',
      sql`${t.kind} in ('text', 'image', 'audio', 'video', 'document', 'sticker', 'location', 'contacts', 'button', 'interactive', 'reaction', 'system', 'unsupported', 'template')`,
    ),
    check(
      'whatsapp_messages_status_check',
      sql`${t.status} in ('received', 'accepted', 'sent', 'delivered', 'read', 'failed')`,
    ),
    check('whatsapp_messages_media_state_check', sql`${t.mediaState} in ('pending', 'stored', 'failed')`),
  ],
);
export type WhatsAppMessageRow = typeof whatsappMessages.$inferSelect;

/** Each status the provider reported for a message, once. */
export const whatsappStatusEvents = sqliteTable(
  'whatsapp_status_events',
  {
    wamid: text('wamid').notNull(),
    status: text('status', { enum: ['sent', 'delivered', 'read', 'failed'] }).notNull(),
    at: integer('at', { mode: 'timestamp_ms' }).notNull(),
    errorCode: integer('error_code'),
    errorTitle: text('error_title'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.wamid, t.status] }),
    check('whatsapp_status_events_status_check', sql`${t.status} in ('sent', 'delivered', 'read', 'failed')`),
  ],
);

/** The hotel's message templates, their approval as the provider last answered. */
export const whatsappTemplates = sqliteTable(
  'whatsapp_templates',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** Meta's language code (`ar`, `en`, `en_US`, `en_GB`…): the app's language is the part before `_`. */
    language: text('language').notNull(),
    /** Meta's category: UTILITY, MARKETING or AUTHENTICATION. */
    category: text('category').notNull(),
    /** The body with its parameters ({{1}}, {{2}}… or {{guest_name}}…). */
    body: text('body').notNull(),
    /** How many values a sender gives (`fields`). */
    parameterCount: integer('parameter_count').notNull(),
    /** Meta's status: APPROVED, PENDING, REJECTED, PAUSED, DISABLED. */
    status: text('status').notNull(),
    /** The automatic send it serves (shared/src/whatsapp.ts WHATSAPP_AUTO_KINDS), if any. */
    purpose: text('purpose'),
    providerId: text('provider_id'),
    refreshedAt: integer('refreshed_at', { mode: 'timestamp_ms' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** POSITIONAL ({{1}}) or NAMED ({{guest_name}}), as the template was made (migration 0096). */
    parameterFormat: text('parameter_format', { enum: ['POSITIONAL', 'NAMED'] })
      .notNull()
      .default('POSITIONAL'),
    /** Its components as Meta answers them (shared/src/whatsapp.ts WhatsAppTemplateComponent[]), JSON. */
    components: text('components', { mode: 'json' })
      .$type<WhatsAppTemplateComponent[]>()
      .notNull()
      .default(sql`'[]'`),
    /** The values a sender gives, in order (shared/src/whatsapp.ts templateFields), JSON. */
    fields: text('fields', { mode: 'json' })
      .$type<WhatsAppTemplateField[]>()
      .notNull()
      .default(sql`'[]'`),
  },
  (t) => [
    uniqueIndex('whatsapp_templates_name_language_idx').on(t.name, t.language),
    check('whatsapp_templates_language_check', sql`substr(${t.language}, 1, 2) in ('ar', 'en')`),
    check('whatsapp_templates_parameter_format_check', sql`${t.parameterFormat} in ('POSITIONAL', 'NAMED')`),
  ],
);
export type WhatsAppTemplateRow = typeof whatsappTemplates.$inferSelect;

/** What the hotel sends by itself: one row per stay and kind (`dedupe_key`), claimed before it is sent. */
export const whatsappOutbox = sqliteTable(
  'whatsapp_outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** `booking:<id>:<kind>`, `stop:<wamid>` for an opt-out's acknowledgement, `reply:<message id>`. */
    dedupeKey: text('dedupe_key').notNull(),
    kind: text('kind').notNull(),
    bookingId: integer('booking_id'),
    phone: text('phone').notNull(),
    lang: text('lang', { enum: LANGUAGES }).notNull().default('ar'),
    status: text('status', { enum: WHATSAPP_OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull(),
    claimToken: text('claim_token'),
    claimedAt: integer('claimed_at', { mode: 'timestamp_ms' }),
    lastError: text('last_error'),
    wamid: text('wamid'),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    /** A staff reply's text (kind `staff_reply`). */
    body: text('body'),
    /** The conversation message a staff reply delivers (its status follows the send). */
    conversationMessageId: integer('conversation_message_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('whatsapp_outbox_dedupe_key_idx').on(t.dedupeKey),
    index('whatsapp_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('whatsapp_outbox_phone_idx').on(t.phone),
    check(
      'whatsapp_outbox_status_check',
      sql`${t.status} in ('queued', 'sending', 'sent', 'failed', 'skipped')`,
    ),
    check('whatsapp_outbox_lang_check', sql`${t.lang} in ('ar', 'en')`),
  ],
);
export type WhatsAppOutboxRow = typeof whatsappOutbox.$inferSelect;
