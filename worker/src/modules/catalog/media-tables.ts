import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { MEDIA_OWNER_KINDS, type MediaType } from '@shared/media-schemas';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';

/**
 * One stored width of a photo: its R2 key under `media/`, its size in bytes and, for an extra
 * format of that width (AVIF beside WebP, migration 0022), its type; without one, the row's.
 */
export type MediaVariant = { width: number; key: string; bytes: number; type?: MediaType };

/**
 * Staff photos of rooms, offers and services (migration 0016, docs/decisions/011-media.md).
 * `ownerId` is a room tier's key for `room_type`, an offer's or a service's id otherwise.
 */
export const media = sqliteTable(
  'media',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    uploadKey: text('upload_key').notNull(),
    ownerKind: text('owner_kind', { enum: MEDIA_OWNER_KINDS }).notNull(),
    ownerId: text('owner_id').notNull(),
    position: integer('position').notNull(),
    altAr: text('alt_ar').notNull().default(''),
    altEn: text('alt_en').notNull().default(''),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    contentType: text('content_type').$type<MediaType>().notNull(),
    variants: text('variants', { mode: 'json' }).$type<MediaVariant[]>().notNull(),
    /** A data: URL of a ~16 px WebP, shown blurred while the photo loads ('' for none). */
    placeholder: text('placeholder').notNull().default(''),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('media_upload_key_idx').on(t.uploadKey),
    index('media_owner_kind_owner_id_position_idx').on(t.ownerKind, t.ownerId, t.position),
    check(
      'media_owner_kind_check',
      sql`${t.ownerKind} in ('room_type', 'offer', 'service_menu', 'service_gallery', 'site_hero')`,
    ),
    check('media_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
  ],
);
export type Media = typeof media.$inferSelect;
