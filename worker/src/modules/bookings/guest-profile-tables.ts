import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { DOCUMENT_TYPES } from '@shared/guest-profile-schemas';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';

/**
 * A guest across stays (migration 0050): linked to their account, or for guests without one to
 * the phone their bookings gave. A booking's `profile_id` is set by the database as the booking is
 * inserted (trigger `guest_profile_attach`). The `*_key` columns are the prefix-searched forms
 * (shared/src/guest-profile-schemas.ts). `lastStayDate` (a trigger keeps it) starts the
 * registration data's retention. The table lives beside the bookings that point at it (their
 * foreign key); the guests module (modules/guests) is the one that reads and writes it.
 */
export const guestProfiles = sqliteTable(
  'guest_profiles',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    nameKey: text('name_key').notNull(),
    emailKey: text('email_key'),
    nationality: text('nationality'),
    dateOfBirth: text('date_of_birth'),
    documentType: text('document_type', { enum: DOCUMENT_TYPES }),
    documentNumber: text('document_number'),
    documentKey: text('document_key'),
    documentExpiry: text('document_expiry'),
    preferences: text('preferences'),
    notes: text('notes'),
    vip: integer('vip', { mode: 'boolean' }).notNull().default(false),
    doNotRent: integer('do_not_rent', { mode: 'boolean' }).notNull().default(false),
    lastStayDate: text('last_stay_date'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('guest_profiles_user_id_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
    uniqueIndex('guest_profiles_phone_no_account_idx')
      .on(t.phone)
      .where(sql`${t.userId} is null`),
    index('guest_profiles_name_key_idx').on(t.nameKey),
    index('guest_profiles_phone_idx').on(t.phone),
    index('guest_profiles_email_key_idx')
      .on(t.emailKey)
      .where(sql`${t.emailKey} is not null`),
    index('guest_profiles_document_key_idx')
      .on(t.documentKey)
      .where(sql`${t.documentKey} is not null`),
    // The registration retention's work list: profiles still holding registration data.
    index('guest_profiles_registration_retention_idx')
      .on(t.lastStayDate)
      .where(
        sql`${t.nationality} is not null or ${t.dateOfBirth} is not null or ${t.documentNumber} is not null`,
      ),
  ],
);
export type GuestProfile = typeof guestProfiles.$inferSelect;
