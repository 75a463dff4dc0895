import { desc } from 'drizzle-orm';
import { hotelToday } from '@shared/dates';
import { auditLog } from './tables';
import type { SessionUser } from '@shared/auth-schemas';
import type { Db } from './env';
import { toCsv } from './csv';

/**
 * One row per staff write: who, what, which record, before and after. `actor` null: a guest
 * without an account (a booking managed on a device it was granted to).
 */
export function auditEntry(
  actor: SessionUser | null,
  action: string,
  entityType: string,
  entityId: string | number | null,
  before: unknown,
  after: unknown,
) {
  return {
    actorUserId: actor?.id ?? null,
    actorEmail: actor?.email ?? null,
    action,
    entityType,
    entityId: entityId === null ? null : String(entityId),
    before: before ?? null,
    after: after ?? null,
  };
}

export function audit(db: Db, ...args: Parameters<typeof auditEntry>) {
  return db.insert(auditLog).values(auditEntry(...args));
}

/** The newest entries of the audit log (admins). */
export function recentAuditEntries(db: Db, limit: number) {
  return db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(limit);
}

const AUDIT_CSV_COLUMNS = [
  'id',
  'createdAt',
  'actorEmail',
  'action',
  'entityType',
  'entityId',
  'before',
  'after',
] as const;

/** The whole audit log as CSV, and its file name (dated in Asia/Muscat). */
export async function auditLogCsv(db: Db) {
  const entries = await db.select().from(auditLog).orderBy(desc(auditLog.id));
  return { body: toCsv([...AUDIT_CSV_COLUMNS], entries), filename: `audit-log-${hotelToday()}.csv` };
}
