import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns';
import { users } from '../modules/accounts/tables';

/** A file sent with an e-mail (a booking's .ics): content base64. */
export type MailAttachment = { filename: string; contentType: string; content: string };

/** Who did what to which record, with the record before and after (JSON). */
export const auditLog = sqliteTable(
  'audit_log',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    before: text('before', { mode: 'json' }),
    after: text('after', { mode: 'json' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('audit_log_created_at_idx').on(t.createdAt),
    index('audit_log_entity_idx').on(t.entityType, t.entityId),
    // An account's deletion looks up the lines it wrote (migration 0032).
    index('audit_log_actor_user_id_idx')
      .on(t.actorUserId)
      .where(sql`${t.actorUserId} is not null`),
  ],
);

/**
 * The first answer per Idempotency-Key: a retry of the same create gets the
 * stored answer instead of a second record.
 */
export const idempotencyKeys = sqliteTable(
  'idempotency_keys',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    responseBody: text('response_body'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('idempotency_keys_scope_key_idx').on(t.scope, t.key)],
);

/** Development only: e-mails "sent" while ENVIRONMENT=development. */
export const devMailbox = sqliteTable(
  'dev_mailbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** What was attached (migration 0024), content base64. */
    attachments: text('attachments', { mode: 'json' })
      .$type<MailAttachment[]>()
      .notNull()
      .default(sql`'[]'`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('dev_mailbox_to_idx').on(t.to, t.createdAt)],
);

/** Development only (migration 0026): the SMS and WhatsApp messages "sent" (GET /api/dev/messages). */
export const devMessages = sqliteTable(
  'dev_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    channel: text('channel').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('dev_messages_to_idx').on(t.to, t.createdAt)],
);

/**
 * Statistics: one row per device per day (migration 0007). `visitorHash` is the salted daily
 * hash of platform/visitor-hash.ts; `ipAddress` and `userAgent` are the spec's columns, never
 * written (no raw address is stored).
 */
export const siteVisits = sqliteTable(
  'site_visits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    visitDate: text('visit_date').notNull(),
    visitorHash: text('visitor_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('site_visits_visit_date_idx').on(t.visitDate),
    uniqueIndex('site_visits_visit_date_visitor_hash_idx').on(t.visitDate, t.visitorHash),
  ],
);

export const serviceVisits = sqliteTable(
  'service_visits',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    serviceName: text('service_name').notNull(),
    serviceCategory: text('service_category').notNull(),
    /** Never written; see `visitorHash`. */
    ipAddress: text('ip_address'),
    visitDate: text('visit_date').notNull(),
    visitorHash: text('visitor_hash'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_visits_visit_date_idx').on(t.visitDate, t.serviceName),
    // The statistics' visits per service (migration 0015).
    index('service_visits_service_name_visit_date_idx').on(t.serviceName, t.visitDate, t.serviceCategory),
    uniqueIndex('service_visits_visit_date_service_name_visitor_hash_idx').on(
      t.visitDate,
      t.serviceName,
      t.visitorHash,
    ),
  ],
);

/** What one run of the integrity check found (modules/operations/integrity.ts); admins acknowledge it. */
export type IntegrityViolation = { check: string; detail: Record<string, unknown> };
export const integrityReports = sqliteTable(
  'integrity_reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** `cron` or `admin`. */
    trigger: text('trigger').notNull(),
    violationCount: integer('violation_count').notNull(),
    violations: text('violations', { mode: 'json' }).$type<IntegrityViolation[]>().notNull().default([]),
    /** How much each check read (rows, pages, R2 objects). */
    checked: text('checked', { mode: 'json' }).$type<Record<string, number>>().notNull().default({}),
    acknowledgedAt: integer('acknowledged_at', { mode: 'timestamp_ms' }),
    acknowledgedByUserId: integer('acknowledged_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('integrity_reports_created_at_idx').on(t.createdAt),
    // An account's deletion looks up the reports it acknowledged (migration 0032).
    index('integrity_reports_acknowledged_by_user_id_idx')
      .on(t.acknowledgedByUserId)
      .where(sql`${t.acknowledgedByUserId} is not null`),
  ],
);

/** Per-resource write counters for cheap polling validators (platform/change-counters.ts). */
export const changeCounters = sqliteTable('change_counters', {
  resource: text('resource').primaryKey(),
  version: integer('version').notNull().default(0),
});
