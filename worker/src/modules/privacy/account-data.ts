import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { EraseAccountInput } from '@shared/account-schemas';
import type { SessionUser } from '@shared/auth-schemas';
import { accountsGuestData, verifyPassword } from '../accounts';
import { assistantGuestData } from '../assistant';
import { privacyBookings } from '../bookings';
import { conversationsGuestData } from '../conversations';
import { pointsGuestData } from '../loyalty';
import { drawsGuestData } from '../draws';
import { frontDeskGuestData } from '../front-desk';
import { whatsappGuestData } from '../whatsapp';
import { guestsGuestData } from '../guests';
import { lostFoundGuestData } from '../lost-found';
import { messagingGuestData } from '../messaging';
import { reviewsGuestData } from '../reviews';
import { chainGuestData } from '../chain';
import { auditLog, sessions, users } from '../../platform/tables';
import type { Db, Env } from '../../platform/env';
import { insertWhere } from '../../platform/atomic';
import { ApiError, throttled } from '../../platform/api-error';
import {
  EXPORT_LIMIT,
  guestDataPart,
  type DataSubject,
  type GuestDataPart,
  type GuestErasure,
  type Statement,
} from '../../platform/guest-data';
import { LIMITS, hitStatement, retryAfterSeconds, unhitStatement } from '../../platform/rate-limit';
import { effectiveRole } from '../../platform/sessions';

/**
 * A guest's own data (Oman's Personal Data Protection Law; docs/decisions/043-a-guests-own-data.md;
 * modules/privacy/routes/account.ts), composed of the part each module offers of the rows it keeps
 * (platform/guest-data.ts):
 *
 * - `exportAccountData`: everything the hotel holds about the signed-in account, read in one
 *   D1 batch, each list bounded. No secret leaves: no password hash, session token, code hash,
 *   push keys or change tokens.
 * - `eraseAccount`: the account is gone in ONE D1 batch. What carries a figure of the hotel
 *   (bookings, the points ledger and balance, reviews, prize-draw entries) stays, anonymised;
 *   everything else personal goes (sessions, phones, codes, notifications, push subscriptions,
 *   queued e-mails, the assistant's conversations, entry photos, online check-in's requests and
 *   ID photos, the words of stay requests). The e-mails' signed links and the devices' grants
 *   stop opening the erased bookings (modules/bookings/booking-lookup.ts).
 *
 * The account's rows are found by its id, and the points (kept by address) by its e-mail.
 */

export { EXPORT_LIMIT };

/**
 * The account row and its sign-ins (platform's tables): its part, last, the account row last of
 * all (every statement before it has read the account's rows through its id).
 */
function accountPart(db: Db, subject: DataSubject, currentSessionHash: string) {
  return guestDataPart(
    [
      db
        .select({
          id: users.id,
          fullName: users.fullName,
          email: users.email,
          role: users.role,
          isVerified: users.isVerified,
          hasPassword: sql<number>`${users.passwordHash} is not null`,
          googleLinked: sql<number>`${users.googleSub} is not null`,
          createdAt: users.createdAt,
          updatedAt: users.updatedAt,
        })
        .from(users)
        .where(eq(users.id, subject.id)),
      // When each sign-in started and ends, and on which browser; never the token or its hash.
      db
        .select({
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          userAgent: sessions.userAgent,
          current: sql<number>`${sessions.idHash} = ${currentSessionHash}`,
        })
        .from(sessions)
        .where(eq(sessions.userId, subject.id))
        .orderBy(desc(sessions.createdAt))
        .limit(EXPORT_LIMIT),
    ],
    ([[account], sessionRows]) => ({
      account: account && {
        ...account,
        hasPassword: Boolean(account.hasPassword),
        googleLinked: Boolean(account.googleLinked),
      },
      sessions: sessionRows.map((s) => ({ ...s, current: Boolean(s.current) })),
    }),
    {
      statements: (guard) => [
        db.delete(sessions).where(and(eq(sessions.userId, subject.id), guard)),
        db
          .delete(users)
          .where(and(eq(users.id, subject.id), guard))
          .returning({ id: users.id }),
      ],
    },
  );
}

/**
 * Every module's part of the account's data, in the erasure's order: the parts that find their
 * rows through the account's bookings before the bookings' part, the account's own part last.
 */
export function guestDataParts(db: Db, subject: DataSubject, now: number, currentSessionHash = '') {
  const bookings = privacyBookings.bookingsGuestData(db, subject, now);
  const booked = { ...subject, bookingIds: bookings.bookingIds, chatSessionIds: bookings.chatSessionIds };
  return [
    pointsGuestData(db, subject),
    drawsGuestData(db, subject),
    reviewsGuestData(db, subject),
    assistantGuestData(db, booked),
    frontDeskGuestData(db, booked),
    whatsappGuestData(db, booked),
    // Before the guests' part: it finds the threads through the account's profile too.
    conversationsGuestData(db, subject),
    lostFoundGuestData(db, booked),
    guestsGuestData(db, booked),
    bookings,
    messagingGuestData(db, subject),
    // Before the account row goes: the chain hears of the erasure in its batch (decision 103).
    chainGuestData(db, subject),
    accountsGuestData(db, subject),
    accountPart(db, subject, currentSessionHash),
  ] as const;
}

type Sections<T> = { [K in keyof T]: T[K] extends GuestDataPart<infer S> ? S : never };

/** Runs statements in one batch (D1 wants at least one). */
function batch(db: Db, statements: Statement[]): Promise<unknown[]> {
  return db.batch(statements as [Statement, ...Statement[]]) as Promise<unknown[]>;
}

/** Every part's export reads in one batch, each part's rows read as its sections. */
async function readSections<const T extends readonly GuestDataPart<object>[]>(
  db: Db,
  parts: T,
): Promise<Sections<T>> {
  const rows = await batch(
    db,
    parts.flatMap((p) => p.exportReads),
  );
  let at = 0;
  return parts.map((part) => part.sections(rows.slice(at, (at += part.exportReads.length)))) as Sections<T>;
}

/** Everything the hotel holds about the account, newest first in each list. */
export async function exportAccountData(db: Db, user: DataSubject, currentSessionHash: string) {
  const parts = guestDataParts(db, user, Date.now(), currentSessionHash);
  const [
    points,
    entries,
    reviews,
    assistant,
    stayRequests,
    whatsapp,
    conversations,
    lostAndFound,
    guestProfile,
    bookings,
    messages,
    chain,
    phones,
    own,
  ] = await readSections(db, parts);
  if (!own.account) throw new ApiError(401, 'not_signed_in');
  return {
    exportedAt: new Date().toISOString(),
    account: own.account,
    ...bookings,
    ...stayRequests,
    ...lostAndFound,
    ...guestProfile,
    ...points,
    ...reviews,
    ...entries,
    notifications: messages.notifications,
    pushSubscriptions: messages.pushSubscriptions,
    ...phones,
    sessions: own.sessions,
    ...assistant,
    ...whatsapp,
    ...conversations,
    emails: messages.emails,
    ...chain,
  };
}

/** How an account proves it is its owner before erasure: its password, or its typed e-mail. */
export async function erasureMethod(db: Db, userId: number): Promise<'password' | 'email'> {
  const row = await db
    .select({ hasPassword: sql<number>`${users.passwordHash} is not null` })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  if (!row) throw new ApiError(401, 'not_signed_in');
  return row.hasPassword ? 'password' : 'email';
}

const attemptKey = (userId: number) => `erase:user:${userId}`;

/**
 * The signed-in account once it has proven it is its owner: refused for a staff or admin account
 * (403; an admin closes staff accounts, and the hotel's admin is configuration), and for a wrong
 * password or e-mail (403). Each try takes its place in the count first (an atomic upsert, like a
 * failed login), so racing guesses cannot slip past the limit together; a right answer gives its
 * place back in the erasure's batch.
 */
async function provenAccount(
  db: Db,
  env: Pick<Env, 'ADMIN_EMAIL' | 'PASSWORD_PEPPER'>,
  userId: number,
  input: EraseAccountInput,
  now: number,
) {
  const account = await db.select().from(users).where(eq(users.id, userId)).get();
  // Erased a moment ago by another request (its session went with it).
  if (!account) throw new ApiError(401, 'not_signed_in');
  if (effectiveRole(account, env) !== 'guest') throw new ApiError(403, 'erase_staff_account');
  const limit = LIMITS.erasePerAccount;
  const [counted] = await hitStatement(db, attemptKey(userId), limit, now);
  if ((counted?.count ?? 1) > limit.max) throw throttled('too_many_requests', retryAfterSeconds(limit, now));
  const proven = account.passwordHash
    ? input.password !== undefined &&
      (await verifyPassword(input.password, env.PASSWORD_PEPPER, account.passwordHash))
    : input.confirmEmail === account.email;
  if (!proven) throw new ApiError(403, account.passwordHash ? 'erase_password_wrong' : 'erase_email_wrong');
  return account;
}

/** The erasure's audit line: what was kept (each part's counts), never who it was (no name, e-mail or actor). */
function erasureAuditLine(db: Db, userId: number, erasures: GuestErasure[], guard: SQL) {
  const kept = erasures.flatMap((e) => Object.entries(e.kept ?? {}));
  const after = sql`json_object(${sql.join(
    kept.map(([name, count]) => sql`${name}, ${count}`),
    sql`, `,
  )})`;
  const line = { actorUserId: null, actorEmail: null, action: 'account.erase', entityType: 'user' };
  return insertWhere(db, auditLog, { ...line, entityId: String(userId), before: null, after }, guard);
}

/**
 * Erases the signed-in guest's account (see the file's comment): refused as `provenAccount` says,
 * and for an account with a booking that still holds a room (409). Answers the image keys (entry
 * photos and ID photos) whose R2 objects the caller deletes once the batch has committed.
 */
export async function eraseAccount(
  db: Db,
  env: Pick<Env, 'ADMIN_EMAIL' | 'PASSWORD_PEPPER'>,
  user: SessionUser,
  input: EraseAccountInput,
  now = Date.now(),
): Promise<{ imageKeys: string[] }> {
  const account = await provenAccount(db, env, user.id, input, now);
  return eraseById(db, account.id, account.email, now);
}

/** What every part asks of the erasure (a booking holding a room holds it back), as one SQL condition. */
function erasureParts(db: Db, id: number, email: string, now: number) {
  const erasures = guestDataParts(db, { id, email }, now).map((part) => part.erasure);
  const allowed = and(...erasures.flatMap((e) => (e.allowed ? [e.allowed] : []))) ?? sql`1`;
  return { erasures, allowed };
}

/**
 * Erases account `id` (its owner proven, or the chain's erasure of an account proven at another
 * hotel): refused (409) while a booking still holds a room, 401 when already gone. Answers the
 * image keys whose R2 objects the caller deletes once the batch has committed.
 */
export async function eraseById(db: Db, id: number, email: string, now = Date.now()) {
  const { erasures, allowed } = erasureParts(db, id, email, now);
  // One read first: whether a part holds the erasure back, and the R2 objects it lets go.
  const keyReads = erasures.flatMap((e) => (e.objectKeys ? [e.objectKeys] : []));
  const allowedNow = db
    .select({ ok: sql<number>`${allowed}` })
    .from(users)
    .where(eq(users.id, id));
  const [[check], ...keyRows] = (await batch(db, [allowedNow, ...keyReads])) as [{ ok: number }[]];
  if (!check) throw new ApiError(401, 'not_signed_in');
  if (!check.ok) throw new ApiError(409, 'erase_live_bookings');
  const imageKeys = (keyRows as { key: string | null }[][]).flat().flatMap((r) => (r.key ? [r.key] : []));

  // Every statement runs only while the account exists and every part allows it when the batch
  // reaches it: of two erasures at once the second changes nothing, and a booking made between
  // the check above and the batch stops the whole erasure.
  const guard = and(sql`exists (select 1 from ${users} where ${users.id} = ${id})`, allowed)!;
  const results = await batch(db, [
    erasureAuditLine(db, id, erasures, guard),
    unhitStatement(db, attemptKey(id), LIMITS.erasePerAccount, now),
    ...erasures.flatMap((e) => e.statements(guard)),
  ]);
  // The last statement deletes the account row (accountPart).
  if ((results.at(-1) as unknown[]).length === 0) {
    // Erased by a racing request, or a booking made meanwhile.
    const still = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).get();
    if (!still) throw new ApiError(401, 'not_signed_in');
    throw new ApiError(409, 'erase_live_bookings');
  }
  return { imageKeys };
}

/** Whether this hotel holds back the erasure of the e-mail's account: a staff account, a booking holding a room. */
export async function erasureHold(
  db: Db,
  env: Pick<Env, 'ADMIN_EMAIL'>,
  email: string,
  now = Date.now(),
): Promise<'staff' | 'bookings' | null> {
  const account = await db.select().from(users).where(eq(users.email, email)).get();
  if (!account) return null;
  if (effectiveRole(account, env) !== 'guest') return 'staff';
  const { allowed } = erasureParts(db, account.id, email, now);
  const row = await db
    .select({ ok: sql<number>`${allowed}` })
    .from(users)
    .where(eq(users.id, account.id))
    .get();
  return row && !row.ok ? 'bookings' : null;
}
