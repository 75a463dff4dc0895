import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { SessionUser } from '@shared/auth-schemas';
import type { DocumentType } from '@shared/guest-profile-schemas';
import {
  type CompanionInput,
  missingRegistrationFields,
  type StayCompanion,
} from '@shared/registration-schemas';
import { stayCompanions } from './registration-tables';
import { auditEntry } from '../../platform/audit';
import { auditLog } from '../../platform/tables';
import type { Db } from '../../platform/env';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';

/**
 * The other adults of a stay (docs/decisions/093, migration 0092): recorded by the desk, each with
 * the identity the police need. The registration reads them with the stay; changing them while
 * the stay is in house corrects a sent registration (the migration's triggers, in the same
 * transaction as the change).
 */

type CompanionRow = {
  id: number;
  bookingId: number;
  fullName: string;
  nationality: string | null;
  dateOfBirth: string | null;
  documentType: DocumentType | null;
  documentNumber: string | null;
};

const shown = (c: CompanionRow): StayCompanion => ({
  id: c.id,
  fullName: c.fullName,
  nationality: c.nationality,
  dateOfBirth: c.dateOfBirth,
  documentType: c.documentType,
  documentNumber: c.documentNumber,
  missing: missingRegistrationFields(c),
});

const COLUMNS = {
  id: stayCompanions.id,
  bookingId: stayCompanions.bookingId,
  fullName: stayCompanions.fullName,
  nationality: stayCompanions.nationality,
  dateOfBirth: stayCompanions.dateOfBirth,
  documentType: stayCompanions.documentType,
  documentNumber: stayCompanions.documentNumber,
};

/**
 * The companions of one stay, a query for the desk's batch (the check-in's), in the order they
 * were recorded; `stayCompanionsOf` reads its rows as the API answers them.
 *
 * @example const [rooms, companions] = await db.batch([roomsQuery, stayCompanionsQuery(db, booking.id)]);
 */
export function stayCompanionsQuery(db: Db, bookingId: number) {
  return db
    .select(COLUMNS)
    .from(stayCompanions)
    .where(eq(stayCompanions.bookingId, bookingId))
    .orderBy(stayCompanions.id);
}
export const stayCompanionsOf = (rows: CompanionRow[]): StayCompanion[] => rows.map(shown);

/** The companions of `bookingIds`, by booking, in the order they were recorded (one read). */
export async function companionsOf(db: Db, bookingIds: number[]): Promise<Map<number, StayCompanion[]>> {
  const byBooking = new Map<number, StayCompanion[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select({
      id: stayCompanions.id,
      bookingId: stayCompanions.bookingId,
      fullName: stayCompanions.fullName,
      nationality: stayCompanions.nationality,
      dateOfBirth: stayCompanions.dateOfBirth,
      documentType: stayCompanions.documentType,
      documentNumber: stayCompanions.documentNumber,
    })
    .from(stayCompanions)
    // One bound list (json_each), not a parameter per stay: D1 binds at most 100, and a full house
    // lists more stays.
    .where(sql`${stayCompanions.bookingId} in (select value from json_each(${JSON.stringify(bookingIds)}))`)
    .orderBy(stayCompanions.id);
  for (const r of rows) {
    const list = byBooking.get(r.bookingId) ?? [];
    list.push(shown(r));
    byBooking.set(r.bookingId, list);
  }
  return byBooking;
}

const FIELDS = ['fullName', 'nationality', 'dateOfBirth', 'documentType', 'documentNumber'] as const;

/**
 * The statements that make a stay's companions `wanted` from `current` (those with an id changed
 * where they differ, the new ones added, the others removed), each with its audit line (which
 * fields, never their values: the audit keeps no identity documents), each only if `guard` holds
 * when the batch reaches it. Nothing unchanged is written (so a sent registration stays sent).
 * Refused: an id not of this stay (404).
 *
 * @example const { statements } = companionStatements(db, user, 7, current, wanted, new Date(), sql`1`);
 */
export function companionStatements(
  db: Db,
  user: SessionUser,
  bookingId: number,
  current: readonly StayCompanion[],
  wanted: readonly CompanionInput[],
  now: Date,
  guard: SQL,
): { statements: BatchItem<'sqlite'>[]; changed: number } {
  const byId = new Map(current.map((c) => [c.id, c]));
  if (wanted.some((w) => w.id !== undefined && !byId.has(w.id)))
    throw new ApiError(404, 'companion_not_found');
  const kept = new Set(wanted.flatMap((w) => (w.id === undefined ? [] : [w.id])));
  const statements: BatchItem<'sqlite'>[] = [];
  let changed = 0;
  const audit = (action: string, before: object | null, after: object | null) =>
    insertWhere(db, auditLog, auditEntry(user, action, 'booking', bookingId, before, after), guard);
  for (const c of current) {
    if (kept.has(c.id)) continue;
    changed += 1;
    statements.push(db.delete(stayCompanions).where(and(eq(stayCompanions.id, c.id), guard)));
    statements.push(audit('companion.removed', { companion: c.id }, null));
  }
  for (const w of wanted) {
    const values = {
      fullName: w.fullName,
      nationality: w.nationality,
      dateOfBirth: w.dateOfBirth,
      documentType: w.documentType,
      documentNumber: w.documentNumber,
    };
    const before = w.id === undefined ? undefined : byId.get(w.id)!;
    if (!before) {
      changed += 1;
      statements.push(
        insertWhere(db, stayCompanions, { bookingId, ...values, createdAt: now, updatedAt: now }, guard),
      );
      statements.push(audit('companion.added', null, { fields: FIELDS.filter((f) => values[f] !== null) }));
    } else if (FIELDS.some((f) => before[f] !== values[f])) {
      changed += 1;
      statements.push(
        db
          .update(stayCompanions)
          .set({ ...values, updatedAt: now })
          .where(and(eq(stayCompanions.id, before.id), eq(stayCompanions.bookingId, bookingId), guard)),
      );
      // Which fields changed, not their values (the audit keeps no identity documents).
      statements.push(
        audit(
          'companion.changed',
          { companion: before.id },
          { fields: FIELDS.filter((f) => before[f] !== values[f]) },
        ),
      );
    }
  }
  return { statements, changed };
}

/**
 * PUT /api/admin/registrations/:bookingId/companions: the stay's companions as `wanted`, in one
 * batch with an audit line per change (`companionStatements`). A stay that has left or was
 * cancelled is refused (409); an id not of this stay 404.
 */
export async function putCompanions(
  db: Db,
  user: SessionUser,
  bookingId: number,
  wanted: CompanionInput[],
  now = new Date(),
): Promise<{ companions: StayCompanion[]; changed: number }> {
  const [stay, current] = await Promise.all([
    db.get<{ status: string; checkedOutAt: number | null }>(
      sql`select status, checked_out_at as checkedOutAt from booking_submissions where id = ${bookingId}`,
    ),
    companionsOf(db, [bookingId]).then((m) => m.get(bookingId) ?? []),
  ]);
  if (!stay) throw new ApiError(404, 'not_found');
  if (stay.status === 'cancelled' || stay.checkedOutAt !== null) {
    throw new ApiError(409, 'companions_not_in_house');
  }
  const { statements, changed } = companionStatements(db, user, bookingId, current, wanted, now, sql`1`);
  if (statements.length > 0) {
    const [first, ...rest] = statements;
    await db.batch([first!, ...rest]);
  }
  const companions = (await companionsOf(db, [bookingId])).get(bookingId) ?? [];
  return { companions, changed };
}
