import { and, eq, sql, type SQL } from 'drizzle-orm';
import { CHAT_RULES } from '@shared/chat-rules';
import { rateLimits } from './tables';
import type { Db } from './env';

/**
 * Fixed-window counters in D1 (`rate_limits`). One statement per hit: the
 * upsert returns the new count. Works across Worker instances because D1 is
 * the single writer.
 */
export type Limit = { max: number; windowMs: number };

export const LIMITS = {
  /**
   * Failed logins per (account, client address): about 10 in 15 minutes. A stranger's
   * failures never lock the owner out from their own address...
   */
  loginPerAccountAddress: { max: 10, windowMs: 15 * 60_000 },
  /** ...up to a per-account ceiling across all addresses (about 50 an hour). */
  loginPerAccount: { max: 50, windowMs: 60 * 60_000 },
  /** Failed logins per client address: generous, a hotel's guests share one NAT address. */
  loginPerAddress: { max: 100, windowMs: 15 * 60_000 },
  /** Verification e-mails per address: one a minute, five an hour. */
  resendPerMinute: { max: 1, windowMs: 60_000 },
  resendPerHour: { max: 5, windowMs: 60 * 60_000 },
  /** Event image uploads per client address (guests share the hotel's address: generous). */
  uploadsPerAddress: { max: 600, windowMs: 10 * 60_000 },
  /** The assistant: messages per conversation, and per client address (guests share the hotel's). */
  chatPerSession: { max: CHAT_RULES.perSessionPerMinute, windowMs: 60_000 },
  chatPerAddress: { max: CHAT_RULES.perAddressPer10Minutes, windowMs: 10 * 60_000 },
  /**
   * Statistics gate: wrong passwords per session (about 5 in 15 minutes), so one session's
   * mistakes never lock the admin's other sessions out...
   */
  statsGatePerSession: { max: 5, windowMs: 15 * 60_000 },
  /** ...up to a higher ceiling per admin account across all its sessions. */
  statsGatePerAccount: { max: 20, windowMs: 15 * 60_000 },
  /**
   * Erasing one's own account (modules/privacy/account-data.ts): wrong passwords per account, as failed
   * logins per account and address (about 10 in 15 minutes); a signed-in session is needed anyway.
   */
  erasePerAccount: { max: 10, windowMs: 15 * 60_000 },
  /** Reviews per device (its own id): a guest writes one, maybe corrects it; 5 an hour is plenty. */
  reviewsPerDevice: { max: 5, windowMs: 60 * 60_000 },
  /** Reviews per client address: generous, the hotel's guests share one NAT address. */
  reviewsPerAddress: { max: 30, windowMs: 60 * 60_000 },
  /** Service-visit pings per client address: the guests behind the hotel's address open menus. */
  serviceVisitsPerAddress: { max: 300, windowMs: 10 * 60_000 },
  /**
   * Looking a booking up by reference and phone, every try counted, right or
   * wrong: 10 in 15 minutes per client address, and per reference whoever asks, so neither one
   * address nor many can try phone numbers against a reference.
   */
  bookingLookupPerAddress: { max: 10, windowMs: 15 * 60_000 },
  bookingLookupPerReference: { max: 10, windowMs: 15 * 60_000 },
  /**
   * A guest's messages to the desk (modules/conversations), per guest (their account, profile or
   * phone): a person writes far fewer; a script filling the tablets and the staff's push does not.
   */
  guestMessages: { max: 30, windowMs: 10 * 60_000 },
} satisfies Record<string, Limit>;

function windowStart(limit: Limit, now: number) {
  return Math.floor(now / limit.windowMs) * limit.windowMs;
}

/** Seconds until the current window ends (for Retry-After). */
export function retryAfterSeconds(limit: Limit, now = Date.now()) {
  return Math.max(1, Math.ceil((windowStart(limit, now) + limit.windowMs - now) / 1000));
}

/**
 * The counting statement of `hit`, to put into a larger batch (e.g. with its audit line);
 * answers `[{ count }]`.
 */
export function hitStatement(db: Db, key: string, limit: Limit, now = Date.now()) {
  return db
    .insert(rateLimits)
    .values({ key, windowStart: new Date(windowStart(limit, now)), count: 1 })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1`, updatedAt: new Date(now) },
    })
    .returning({ count: rateLimits.count });
}

/** `(select count ...) <= max`: a guard for a write that only happens under the limit. */
export function underLimit(key: string, limit: Limit, now = Date.now()) {
  return sql`coalesce((select count from rate_limits where key = ${key} and window_start = ${windowStart(limit, now)}), 0) <= ${limit.max}`;
}

/**
 * Counts one hit on `key` only while `guardKey` is within `guard` (for a batch, after the
 * statement that counted `guardKey`): a caller already refused by the narrower limit does not
 * use up the wider one. Answers `[{ count }]`, or no row when it did not count.
 */
export function hitWhileUnderStatement(
  db: Db,
  key: string,
  limit: Limit,
  guardKey: string,
  guard: Limit,
  now = Date.now(),
) {
  return hitWhenStatement(db, key, limit, underLimit(guardKey, guard, now), now);
}

/**
 * Counts one hit on `key` only if `when` holds as the batch reaches it (for example "this try
 * found nothing": a miss counts, a hit costs the same work and counts nothing). Answers
 * `[{ count }]`, or no row when it did not count.
 */
export function hitWhenStatement(db: Db, key: string, limit: Limit, when: SQL, now = Date.now()) {
  // insert ... select names every column of the table, in its order.
  return db
    .insert(rateLimits)
    .select(sql`select ${key}, ${windowStart(limit, now)}, 1, ${now}, ${now} where ${when}`)
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1`, updatedAt: new Date(now) },
    })
    .returning({ count: rateLimits.count });
}

/** Counts one hit and answers the count in the current window. */
export async function hit(db: Db, key: string, limit: Limit, now = Date.now()): Promise<number> {
  const start = windowStart(limit, now);
  const row = await db.get<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, ${start}, 1)
    on conflict (key, window_start) do update set count = count + 1, updated_at = ${now}
    returning count`);
  return row?.count ?? 1;
}

/** The counts of several keys in the current window, without counting (one round trip). */
export async function peekAll(
  db: Db,
  keys: [key: string, limit: Limit][],
  now = Date.now(),
): Promise<number[]> {
  const rows = await db.all<{ key: string; count: number }>(sql`
    select key, count from rate_limits where ${sql.join(
      keys.map(([key, limit]) => sql`(key = ${key} and window_start = ${windowStart(limit, now)})`),
      sql` or `,
    )}`);
  return keys.map(([key]) => rows.find((r) => r.key === key)?.count ?? 0);
}

/** The count in the current window, without counting. */
export async function peek(db: Db, key: string, limit: Limit, now = Date.now()): Promise<number> {
  const row = await db.get<{ count: number }>(
    sql`select count from rate_limits where key = ${key} and window_start = ${windowStart(limit, now)}`,
  );
  return row?.count ?? 0;
}

/** Gives back one hit of the current window (a try that turned out not to count), for a batch. */
export function unhitStatement(db: Db, key: string, limit: Limit, now = Date.now()) {
  return db
    .update(rateLimits)
    .set({ count: sql`max(0, ${rateLimits.count} - 1)`, updatedAt: new Date(now) })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, new Date(windowStart(limit, now)))));
}
