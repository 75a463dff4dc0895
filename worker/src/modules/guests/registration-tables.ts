import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { DOCUMENT_TYPES } from '@shared/guest-profile-schemas';
import { createdAt, updatedAt } from '../../platform/columns';
import { users } from '../../platform/tables';
import { bookingSubmissions } from '../bookings/tables';

/** What was done with a stay's police registration (`incomplete` is read from the data, never stored). */
export const STORED_REGISTRATION_STATES = ['due', 'sent', 'failed', 'corrected'] as const;

/**
 * Each stay's police registration (migration 0091, docs/decisions/093): its state, the hotel day it
 * became due, who sent it and when, why it failed. The migration's triggers write it as the stay
 * and its guest's profile change, in the same transaction as the change.
 */
export const stayRegistrations = sqliteTable(
  'stay_registrations',
  {
    bookingId: integer('booking_id')
      .primaryKey()
      .references(() => bookingSubmissions.id, { onDelete: 'cascade' }),
    state: text('state', { enum: STORED_REGISTRATION_STATES }).notNull().default('due'),
    dueDate: text('due_date').notNull(),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    failedReason: text('failed_reason'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stay_registrations_due_date_idx').on(t.dueDate),
    index('stay_registrations_unsent_idx')
      .on(t.dueDate)
      .where(sql`${t.state} <> 'sent'`),
    index('stay_registrations_sent_by_idx')
      .on(t.sentBy)
      .where(sql`${t.sentBy} IS NOT NULL`),
    check('stay_registrations_state_check', sql`${t.state} IN ('due', 'sent', 'failed', 'corrected')`),
  ],
);

/**
 * The other adults of a stay (migration 0092, docs/decisions/093): the identity the police need of
 * each, recorded by the desk. The lead guest's is on their profile. The migration's triggers
 * correct a sent registration when one is added, changed or removed while the stay is in house.
 */
export const stayCompanions = sqliteTable(
  'stay_companions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    bookingId: integer('booking_id')
      .notNull()
      .references(() => bookingSubmissions.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    nationality: text('nationality'),
    documentType: text('document_type', { enum: DOCUMENT_TYPES }),
    documentNumber: text('document_number'),
    dateOfBirth: text('date_of_birth'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('stay_companions_booking_idx').on(t.bookingId),
    check(
      'stay_companions_document_type_check',
      sql`${t.documentType} IS NULL OR ${t.documentType} IN ('passport', 'national_id', 'resident_card')`,
    ),
  ],
);
