import { drizzle } from 'drizzle-orm/d1';
import { and, asc, eq, inArray, lte, not } from 'drizzle-orm';
import type { Env } from '../../platform/env';
import { activeHotelEnvs, hotelOfEnv } from '../../platform/hotels';
import { users } from '../../platform/tables';
import { closedDay } from '../folio';
import {
  accountByEmail,
  accountGoneStatement,
  accountHotels,
  accountPushStatements,
  closedDayPushStatement,
  type ChainAccount,
} from './chain-database';
import { eraseFromChain } from './erase-everywhere';
import { recordVersion, syncMirror } from './mirrors';
import { chainOutbox } from './tables';

/**
 * A hotel's push to the chain (docs/decisions/103): the rows its triggers put in `chain_outbox` in
 * the batch of each change (an account, a closed day), read in order, their current state written
 * to the chain's database in one batch (idempotent: an account says what the hotel's row says, a
 * closed day is written once), then deleted here. An account the push changed in the chain is then
 * written to its mirrors at the other hotels it is known at. Run by the minute cron for every hotel,
 * and after the writes that the chain should hear of at once (the day close, a sign-in).
 */

/** Rows pushed in one run (the next run takes the rest). */
const PUSH_LIMIT = 200;

export type PushResult = {
  hotel: string;
  accounts: number;
  erased: number;
  closedDays: number;
  mirrored: number;
};

/** Pushes one hotel's outbox (its env: platform/hotels.ts). */
export async function pushHotel(env: Env): Promise<PushResult> {
  const hotel = hotelOfEnv(env).code;
  const result: PushResult = { hotel, accounts: 0, erased: 0, closedDays: 0, mirrored: 0 };
  const chain = env.CHAIN_DB;
  if (!chain) return result;
  const db = drizzle(env.DB);
  const rows = await db.select().from(chainOutbox).orderBy(asc(chainOutbox.id)).limit(PUSH_LIMIT);
  if (rows.length === 0) return result;
  const userIds = [...new Set(rows.filter((r) => r.kind === 'account').map((r) => Number(r.ref)))].filter(
    Number.isSafeInteger,
  );
  const dates = [...new Set(rows.filter((r) => r.kind === 'closed_day').map((r) => r.ref))];

  // Erasures first (a guest erased here and registered again since keeps the new account below);
  // one that could not reach every hotel stays in the outbox for the next push.
  const unfinished: string[] = [];
  for (const email of new Set(rows.filter((r) => r.kind === 'erased').map((r) => r.ref))) {
    if (await eraseFromChain(env, email)) result.erased += 1;
    else unfinished.push(email);
  }

  const found = [];
  // At most 100 bound values a statement (D1): the ids in chunks.
  for (let i = 0; i < userIds.length; i += 90) {
    found.push(
      ...(await db
        .select()
        .from(users)
        .where(inArray(users.id, userIds.slice(i, i + 90)))),
    );
  }
  const byId = new Map(found.map((u) => [u.id, u]));
  const statements: D1PreparedStatement[] = [];
  const pushedEmails: string[] = [];
  for (const id of userIds) {
    const user = byId.get(id);
    if (!user) {
      statements.push(accountGoneStatement(chain, hotel, id));
      continue;
    }
    statements.push(
      ...accountPushStatements(chain, hotel, {
        localUserId: user.id,
        email: user.email,
        fullName: user.fullName,
        passwordHash: user.passwordHash,
        googleSub: user.googleSub,
        isVerified: user.isVerified,
        isDisabled: user.isDisabled,
        role: user.role,
        phone: null,
      }),
    );
    if (user.isVerified) pushedEmails.push(user.email);
  }
  for (const date of dates) {
    const report = await closedDay(db, date);
    if (!report) continue;
    statements.push(
      closedDayPushStatement(chain, hotel, {
        date,
        report: JSON.stringify(report),
        closedAt: report.closedAt ? Date.parse(report.closedAt) : Date.now(),
      }),
    );
    result.closedDays += 1;
  }
  if (statements.length > 0) await chain.batch(statements);
  const pushed = lte(chainOutbox.id, rows.at(-1)!.id);
  await db
    .delete(chainOutbox)
    .where(
      unfinished.length === 0
        ? pushed
        : and(pushed, not(and(eq(chainOutbox.kind, 'erased'), inArray(chainOutbox.ref, unfinished))!)),
    );
  result.accounts = pushedEmails.length;

  // What the push changed in the chain reaches the account's other hotels now, not at their next sign-in.
  for (const email of pushedEmails) {
    const account = await accountByEmail(chain, email);
    if (!account) continue;
    await recordVersion(db, email, account.version);
    result.mirrored += await mirrorElsewhere(env, account, hotel);
  }
  return result;
}

/** Writes a changed account to its mirrors at the hotels the index knows it at, but `from`. */
async function mirrorElsewhere(env: Env, account: ChainAccount, from: string): Promise<number> {
  const known = await accountHotels(env.CHAIN_DB!, account.email);
  if (!known.some((k) => k.hotel !== from)) return 0;
  let mirrored = 0;
  for (const { hotel, env: hotelEnv } of await activeHotelEnvs(env)) {
    if (hotel.code === from || !known.some((k) => k.hotel === hotel.code)) continue;
    try {
      if ((await syncMirror(drizzle(hotelEnv.DB), account)) === 'updated') mirrored += 1;
    } catch (err) {
      // The next sign-in there brings it up to date (the login's mirror step).
      console.log(JSON.stringify({ msg: 'chain-mirror-failed', hotel: hotel.code, error: String(err) }));
    }
  }
  return mirrored;
}

/** Every active hotel's push, one after the other; a hotel that fails is named and stops no other. */
export async function pushAllHotels(env: Env): Promise<PushResult[]> {
  const results: PushResult[] = [];
  for (const { hotel, env: hotelEnv } of await activeHotelEnvs(env)) {
    try {
      results.push(await pushHotel(hotelEnv));
    } catch (err) {
      console.log(JSON.stringify({ msg: 'chain-push-failed', hotel: hotel.code, error: String(err) }));
    }
  }
  return results;
}
