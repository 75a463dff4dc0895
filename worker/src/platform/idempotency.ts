import { and, eq, sql, type SQL } from 'drizzle-orm';
import { idempotencyKeySchema } from '@shared/event-schemas';
import { idempotencyKeys } from './tables';
import type { Db } from './env';
import { sha256Hex } from './crypto';
import { ApiError } from './api-error';

/**
 * `Idempotency-Key` for creates: the server stores the first result per key and answers
 * retries with it, so a request sent again (an outbox retry, a double tap) creates nothing
 * twice (docs/decisions/007-offline-outbox.md). The key row, the record and
 * the stored answer are written in ONE D1 batch, so either all of them exist
 * or none: a retry finds the first answer, or finds nothing and creates.
 */
export type Idempotency = { scope: string; key: string; requestHash: string };

/** The request's key (its `Idempotency-Key` header, if sent) for a create in `scope`. */
export async function idempotencyOf(
  header: string | undefined,
  scope: string,
  body: unknown,
): Promise<Idempotency | null> {
  if (header === undefined) return null;
  const parsed = idempotencyKeySchema.safeParse(header.trim());
  if (!parsed.success) throw new ApiError(400, 'idempotency_key_invalid');
  const requestHash = await sha256Hex(JSON.stringify(body));
  return { scope, key: parsed.data, requestHash };
}

/** The stored answer for this key, if any (a query to put in a batch). */
export function storedAnswerQuery(db: Db, idem: Idempotency) {
  return db
    .select({
      requestHash: idempotencyKeys.requestHash,
      statusCode: idempotencyKeys.statusCode,
      responseBody: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, idem.key)));
}

/** A stored answer: a create (200/201), or a refusal kept so a retry hears it again (409, bookings). */
export type StoredAnswer = { status: 200 | 201 | 409; body: unknown };

/** Reads a row of `storedAnswerQuery`: the first answer, or an error if the key is misused. */
type StoredRow = { requestHash: string; statusCode: number | null; responseBody: string | null };

export function replayOf(idem: Idempotency, row: StoredRow | undefined): StoredAnswer | null {
  if (!row) return null;
  if (row.requestHash !== idem.requestHash) throw new ApiError(422, 'idempotency_key_reused');
  if (row.statusCode === null || row.responseBody === null) throw new ApiError(409, 'request_in_progress');
  return { status: row.statusCode as StoredAnswer['status'], body: JSON.parse(row.responseBody) };
}

/** First statement of the create batch: claims the key (a duplicate fails the whole batch). */
export function claimKey(db: Db, idem: Idempotency) {
  return db
    .insert(idempotencyKeys)
    .values({ scope: idem.scope, key: idem.key, requestHash: idem.requestHash });
}

/**
 * Last statement of the create batch: stores the answer. `answer` is the
 * response without its `id`, which SQLite fills in from the row just
 * inserted (`last_insert_rowid()`), so the stored and the sent answers agree.
 */
export function storeAnswer(db: Db, idem: Idempotency, answer: Record<string, unknown>) {
  return db
    .update(idempotencyKeys)
    .set({
      statusCode: 201,
      responseBody: sql`json_set(${JSON.stringify(answer)}, '$.id', last_insert_rowid())`,
      updatedAt: new Date(),
    })
    .where(and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, idem.key)))
    .returning({ responseBody: idempotencyKeys.responseBody });
}

/**
 * Like `storeAnswer`, for an answer whose id sits deeper (`$.booking.id`) and is not
 * the last row inserted: `id` is a subquery that finds it inside the same batch.
 */
export function storeAnswerWithId(
  db: Db,
  idem: Idempotency,
  answer: Record<string, unknown>,
  path: string,
  id: SQL,
) {
  return db
    .update(idempotencyKeys)
    .set({
      statusCode: 201,
      responseBody: sql`json_set(${JSON.stringify(answer)}, ${path}, ${id})`,
      updatedAt: new Date(),
    })
    .where(and(eq(idempotencyKeys.scope, idem.scope), eq(idempotencyKeys.key, idem.key)));
}

/**
 * Keeps a refusal as the key's answer (a booking refused for want of rooms), so a retry
 * whose first answer was lost hears the same refusal. Answers the stored answer: this
 * one, or the one a concurrent request with the same key stored first.
 */
export async function storeRefusal(db: Db, idem: Idempotency, status: 409, body: unknown) {
  const inserted = await db
    .insert(idempotencyKeys)
    .values({
      scope: idem.scope,
      key: idem.key,
      requestHash: idem.requestHash,
      statusCode: status,
      responseBody: JSON.stringify(body),
    })
    .onConflictDoNothing()
    .returning({ id: idempotencyKeys.id });
  if (inserted.length > 0) return { stored: { status, body } as StoredAnswer, replayed: false };
  const [row] = await storedAnswerQuery(db, idem);
  return { stored: replayOf(idem, row)!, replayed: true };
}

/** Which unique index a failed write hit (D1 names it in the error text). */
export function uniqueViolation(err: unknown): string | null {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const message = e instanceof Error ? e.message : String(e);
    const match = /UNIQUE constraint failed: ([\w.]+)/.exec(message);
    if (match) return match[1]!.split('.')[0]!;
  }
  return null;
}

/** A create's outcome: its own new answer, or the first answer stored under its key. */
export type Created<T> = { replayed: false; body: T } | { replayed: true; stored: StoredAnswer };

/**
 * The idempotent create, written once (entries, reviews, bookings). `storedRow` is the key's
 * stored answer, read by the caller in its first batch (`storedAnswerQuery`): if there is one,
 * it is replayed and nothing is created. Otherwise `create` runs the caller's batch, which
 * claims the key first (`claimKey`) and stores the answer last (`storeAnswer`); a twin
 * request with the same key that lost the race on the key's unique index hears the winner's
 * answer. Any other error is the caller's.
 */
export async function createOnce<T>(
  db: Db,
  idem: Idempotency | null,
  storedRow: StoredRow | undefined,
  create: () => Promise<T>,
): Promise<Created<T>> {
  const first = idem && replayOf(idem, storedRow);
  if (first) return { replayed: true, stored: first };
  try {
    return { replayed: false, body: await create() };
  } catch (err) {
    if (idem && uniqueViolation(err) === 'idempotency_keys') {
      // The same create sent twice at once: the other request won; its answer is this one's.
      const again = replayOf(idem, (await storedAnswerQuery(db, idem))[0]);
      if (again) return { replayed: true, stored: again };
    }
    throw err;
  }
}

/** A 201 create's answer: its own, or the first one (the same shape) on a replay. */
export function createdAnswer<T>(outcome: Created<T>): { body: T; replayed: boolean } {
  return outcome.replayed
    ? { body: outcome.stored.body as T, replayed: true }
    : { body: outcome.body, replayed: false };
}
