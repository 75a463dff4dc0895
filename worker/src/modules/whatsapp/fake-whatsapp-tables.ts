import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { nowMs } from '../../platform/columns';

/** The fake Cloud API's books (development only, migration 0087): what it was sent. */
export const fakeWhatsappSent = sqliteTable('fake_whatsapp_sent', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  wamid: text('wamid').notNull(),
  phoneNumberId: text('phone_number_id').notNull(),
  /** The request's JSON body as received. */
  payload: text('payload').notNull(),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
});

/** The media a guest "sent" (the fake's inbound images), served by its media endpoints. */
export const fakeWhatsappMedia = sqliteTable('fake_whatsapp_media', {
  id: text('id').primaryKey(),
  mimeType: text('mime_type').notNull(),
  sha256: text('sha256').notNull(),
  bytesBase64: text('bytes_base64').notNull(),
  /** A medium a test made fail: `gone` (404, for good) or `unavailable` (500, for now). */
  fail: text('fail'),
  /** Served padded to this many bytes (a large medium without storing it). */
  padTo: integer('pad_to'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(nowMs),
});

/** A template's approval the fake answers, when a test set one (else its default, fake/templates.ts). */
export const fakeWhatsappTemplateStates = sqliteTable(
  'fake_whatsapp_template_states',
  {
    name: text('name').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull(),
    /** A template a test made (`POST /api/dev/whatsapp/templates` with its components), JSON (migration 0096). */
    definition: text('definition'),
  },
  (t) => [primaryKey({ columns: [t.name, t.language] })],
);
