import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { TaxAmount } from '@shared/folio';
import { ApiError } from '../../platform/api-error';
import { insertWhere, rowExists } from '../../platform/atomic';
import type { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { claimKey, type Idempotency } from '../../platform/idempotency';
import { auditLog, idempotencyKeys } from '../../platform/tables';
import { folioLineView, type FolioLineView } from './line-views';
import { folioLines } from './tables';

/**
 * The one idempotent posting of a folio line, for a stay's folio (folio.ts) and a group's
 * (group-folio.ts): the line, its audit line and the balance after it in ONE batch, and with an
 * Idempotency-Key the key claimed first and the answer stored under it in the same batch.
 */

type LineRow = typeof folioLines.$inferSelect;

/** What a posting answers: the line, the folio's balance after it, and the sentence for staff. */
export type PostedLine = { message: string; line: FolioLineView; balanceBaisa: number };

/** The columns a draft line lacks before it is inserted (their defaults). */
const EMPTY_LINE = {
  department: null,
  method: null,
  description: '',
  quantity: 1,
  netBaisa: null,
  taxes: [] as TaxAmount[],
  night: null,
  correctsLineId: null,
  refundsLineId: null,
  cityLedgerAccountId: null,
  reason: null,
  providerReference: null,
  approvalCode: null,
};

/**
 * A refusal the database raised for a folio line (a trigger's code or a unique index), as the API says it.
 *
 * @example
 * await db.batch(statements).catch((err: unknown) => {
 *   throw folioRefusal(err) ?? err; // e.g. 409 day_closed
 * });
 */
export function folioRefusal(err: unknown): ApiError | null {
  let text = '';
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    text += ` ${e instanceof Error ? e.message : String(e)}`;
  }
  if (text.includes('day_closed')) return new ApiError(409, 'day_closed');
  if (text.includes('refund_exceeds_payment')) return new ApiError(409, 'refund_exceeds_payment');
  if (text.includes('credit_limit_exceeded')) return new ApiError(409, 'credit_limit_exceeded');
  if (text.includes('correction_target_invalid') || text.includes('folio_mismatch'))
    return new ApiError(409, 'correction_not_allowed');
  // A group's folio line while the block no longer bills its members' rooms (decision 076).
  if (text.includes('group_folio_member')) return new ApiError(409, 'group_not_master_billed');
  if (
    text.includes('UNIQUE constraint failed: folio_lines.corrects_line_id') ||
    text.includes('correction_exceeds_charge')
  )
    return new ApiError(409, 'already_corrected');
  return null;
}

export type LinePosting = {
  /** Whose line it is, as an SQL condition on folio_lines (its booking, or its group). */
  owner: SQL;
  /** The line goes in only while this holds when the batch reaches it. */
  guard: SQL;
  /** The audit line, written only with the line. */
  audit: ReturnType<typeof auditEntry>;
  /** The folio's balance, as an SQL scalar (read after the line, in the batch). */
  balance: SQL;
  /** The refusal when the line did not go in (`guard` no longer held). */
  refused: ApiError;
  message: string;
  idem: Idempotency | null;
};

/**
 * Posts one line in ONE batch: the key claimed (with an Idempotency-Key), the line (only while
 * `guard` holds), its audit line (only with it), the balance after, and the answer stored under
 * the key (only with the line; a refused line lets the key go, so a retry is judged again). A
 * refused batch leaves nothing; the database's refusals come back as folioRefusal says them.
 *
 * @example
 * await postLine(db, { kind: 'payment', amountBaisa: 5_000, bookingId: 7, businessDate, createdAt: now, createdBy: 1 },
 *   { owner: sql`booking_id = 7`, guard: sql`1`, audit, balance, refused, message, idem: null });
 */
export async function postLine(
  db: Db,
  values: typeof folioLines.$inferInsert & { createdAt: Date },
  { owner, guard, audit, balance, refused, message, idem }: LinePosting,
): Promise<PostedLine> {
  const now = values.createdAt;
  // This batch's line: the newest, of this owner, made at this instant (ids only grow).
  const mine = sql`${folioLines.id} = (select max(id) from folio_lines) and ${owner}
    and ${folioLines.createdAt} = ${now.getTime()}`;
  const made = rowExists(folioLines, mine);
  const statements: BatchItem<'sqlite'>[] = [
    insertWhere(db, folioLines, values, guard).returning(),
    insertWhere(db, auditLog, audit, made),
    db.select({ balance: sql<number>`${balance}` }).from(sql`(select 1)`),
  ];
  if (idem) {
    const draft: PostedLine = {
      message,
      line: folioLineView({ ...EMPTY_LINE, ...values, id: 0 } as LineRow, null),
      balanceBaisa: 0,
    };
    const keyRow = and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, idem.key));
    statements.unshift(claimKey(db, idem));
    statements.push(
      db
        .update(idempotencyKeys)
        .set({
          statusCode: 201,
          responseBody: sql`json_set(${JSON.stringify(draft)}, '$.line.id', (select id from folio_lines where ${mine}),
            '$.balanceBaisa', ${balance})`,
          updatedAt: now,
        })
        .where(and(keyRow, made)),
      db.delete(idempotencyKeys).where(and(keyRow, sql`not ${made}`)),
    );
  }
  const results = await db
    .batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])
    .catch((err: unknown) => {
      throw folioRefusal(err) ?? err;
    });
  const offset = idem ? 1 : 0;
  const inserted = (results[offset] as LineRow[])[0];
  if (!inserted) throw refused;
  const after = (results[offset + 2] as { balance: number }[])[0]?.balance ?? 0;
  return { message, line: folioLineView(inserted, null), balanceBaisa: Number(after) };
}
