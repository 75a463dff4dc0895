import { auditLog } from '../db/schema/operations';
import type { SessionUser } from '../../../shared/src/auth-schemas';
import type { Db } from '../env';

/** One row per staff write: who, what, which record, before and after. */
export function auditEntry(
  actor: SessionUser,
  action: string,
  entityType: string,
  entityId: string | number | null,
  before: unknown,
  after: unknown,
) {
  return {
    actorUserId: actor.id,
    actorEmail: actor.email,
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
