import { drizzle } from 'drizzle-orm/d1';
import { eq } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { ApiError } from '../../platform/api-error';
import type { ChainPointsPort } from '../../platform/chain-points';
import type { Db, Env } from '../../platform/env';
import { activeHotelEnvs, hotelOfEnv, type Hotel } from '../../platform/hotels';
import { pointsMovedStatements, storedBalance } from '../loyalty';
import { chainDb } from './chain-database';
import { chainTransferKeys } from './tables';

/**
 * Points across the chain's hotels (docs/decisions/103, "Loyalty points"). Each hotel's ledger is
 * the judge of the points it holds (its balance's CHECK); the chain's balance is their sum; a spend
 * that needs points held at other hotels moves them first, an idempotent two-step with compensation
 * whose ledger is the chain's `point_transfers`:
 *  1. the chain records the transfer (`started`);
 *  2. the source hotel's batch: its key (`out`), its line taking the points, its balance (CHECK);
 *  3. the spending hotel's batch: the spend itself (the free night's booking and redeem line) with
 *     the key (`in`) and the line bringing the points: all or nothing;
 *  4. the chain marks it `done`. If 3 failed, the source's batch gives the points back (`<key>:back`)
 *     and the transfer is `reversed`; if nobody came back after 2 (the worker stopped), the cron
 *     settles it by the spending hotel's key: `in`, done; none, it writes `void` there first (a
 *     late step 3 then fails on the key) and gives the points back.
 */

/** A transfer still `started` after this long is settled by the cron. */
export const TRANSFER_SETTLE_AFTER_MS = 2 * 60_000;

type HotelAt = { hotel: Hotel; env: Env };

/** The chain's active hotels with their env, by code. */
async function hotelsByCode(env: Env): Promise<Map<string, HotelAt>> {
  return new Map((await activeHotelEnvs(env)).map((h) => [h.hotel.code, h]));
}

/** The account's balance at each other hotel (one read each, in parallel); a hotel that fails counts none. */
async function elsewhere(env: Env, email: string) {
  const here = hotelOfEnv(env).code;
  const others = [...(await hotelsByCode(env)).values()].filter((h) => h.hotel.code !== here);
  const found = await Promise.all(
    others.map(async ({ hotel, env: at }) => {
      try {
        const points = await storedBalance(drizzle(at.DB), email);
        return { hotel: hotel.code, nameAr: hotel.nameAr, nameEn: hotel.nameEn, points };
      } catch (err) {
        console.log(
          JSON.stringify({ msg: 'chain-points-read-failed', hotel: hotel.code, error: String(err) }),
        );
        return null;
      }
    }),
  );
  return found.filter((h): h is NonNullable<typeof h> => h !== null && h.points > 0);
}

const isUnique = (err: unknown) => /UNIQUE constraint failed/i.test(String((err as Error)?.message ?? err));
const isCheck = (err: unknown) => /CHECK constraint failed/i.test(String((err as Error)?.message ?? err));

/** Step 2: the source hotel's side, once per key (a retry of the same key writes nothing). */
async function takeAtSource(source: Db, key: string, email: string, points: number, spender: Hotel) {
  try {
    await source.batch([
      source.insert(chainTransferKeys).values({ key, state: 'out', points }),
      ...pointsMovedStatements(source, email, points, 'out', spender),
    ]);
  } catch (err) {
    if (!isUnique(err)) throw err;
  }
}

/** The compensation: the points back at their source, once per key; the transfer `reversed`. */
async function giveBack(chain: D1Database, at: Map<string, HotelAt>, t: Transfer, error: string) {
  const source = at.get(t.fromHotel);
  const spender = at.get(t.toHotel);
  if (source) {
    const db = drizzle(source.env.DB);
    const out = await db.select().from(chainTransferKeys).where(eq(chainTransferKeys.key, t.key)).get();
    if (out) {
      try {
        await db.batch([
          db.insert(chainTransferKeys).values({ key: `${t.key}:back`, state: 'back', points: t.points }),
          ...pointsMovedStatements(db, t.email, t.points, 'back', spender?.hotel ?? source.hotel),
        ]);
      } catch (err) {
        if (!isUnique(err)) throw err;
      }
    }
  }
  await chain
    .prepare(
      "UPDATE point_transfers SET state = 'reversed', error = ?, updated_at = ? WHERE key = ? AND state = 'started'",
    )
    .bind(error.slice(0, 300), Date.now(), t.key)
    .run();
}

type Transfer = { key: string; email: string; fromHotel: string; toHotel: string; points: number };

async function markDone(chain: D1Database, key: string) {
  await chain
    .prepare("UPDATE point_transfers SET state = 'done', updated_at = ? WHERE key = ? AND state = 'started'")
    .bind(Date.now(), key)
    .run();
}

/** Steps 1 and 2 for each source needed, the largest balances first; what is taken is given back if a later source fails. */
async function bring(env: Env, email: string, points: number) {
  const chain = chainDb(env);
  const at = await hotelsByCode(env);
  const here = at.get(hotelOfEnv(env).code);
  if (!here) throw new ApiError(503, 'hotel_unavailable');
  const sources = (await elsewhere(env, email)).sort((a, b) => b.points - a.points);
  if (sources.reduce((sum, s) => sum + s.points, 0) < points) throw new ApiError(409, 'insufficient_points');
  const taken: Transfer[] = [];
  let left = points;
  try {
    for (const source of sources) {
      if (left <= 0) break;
      const part = Math.min(left, source.points);
      const t: Transfer = {
        key: crypto.randomUUID(),
        email,
        fromHotel: source.hotel,
        toHotel: here.hotel.code,
        points: part,
      };
      await chain
        .prepare(
          'INSERT INTO point_transfers (key, email, from_hotel, to_hotel, points) VALUES (?, ?, ?, ?, ?)',
        )
        .bind(t.key, t.email, t.fromHotel, t.toHotel, t.points)
        .run();
      try {
        await takeAtSource(drizzle(at.get(source.hotel)!.env.DB), t.key, email, part, here.hotel);
      } catch (err) {
        // Nothing was taken at this source: the transfer ends here.
        await giveBack(chain, at, t, String(err));
        throw isCheck(err) ? new ApiError(409, 'insufficient_points') : err;
      }
      taken.push(t);
      left -= part;
    }
  } catch (err) {
    for (const t of taken) await giveBack(chain, at, t, 'a later source failed');
    throw err;
  }
  const db = drizzle(env.DB);
  const statements: BatchItem<'sqlite'>[] = taken.flatMap((t) => [
    db.insert(chainTransferKeys).values({ key: t.key, state: 'in', points: t.points }),
    ...pointsMovedStatements(db, email, t.points, 'in', at.get(t.fromHotel)!.hotel),
  ]);
  return {
    statements,
    settle: async (committed: boolean) => {
      for (const t of taken) {
        try {
          if (committed) await markDone(chain, t.key);
          else await giveBack(chain, at, t, 'the spend was not made');
        } catch (err) {
          // The cron settles what is left started (TRANSFER_SETTLE_AFTER_MS).
          console.log(
            JSON.stringify({ msg: 'chain-transfer-settle-failed', key: t.key, error: String(err) }),
          );
        }
      }
    },
  };
}

/** The port loyalty asks (platform/chain-points.ts), installed by the entry. */
export const chainPointsPort: ChainPointsPort = { elsewhere, bring };

/**
 * The cron's part: every transfer left `started` for over TRANSFER_SETTLE_AFTER_MS, settled by the
 * spending hotel's key: `in`, done; otherwise `void` written there first (so the spend's batch,
 * however late, fails on the key), then the points given back at the source.
 */
export async function settleOpenTransfers(
  env: Env,
  now = Date.now(),
): Promise<{ done: number; reversed: number }> {
  const result = { done: 0, reversed: 0 };
  const chain = env.CHAIN_DB;
  if (!chain) return result;
  const { results } = await chain
    .prepare(
      `SELECT key, email, from_hotel, to_hotel, points FROM point_transfers
       WHERE state = 'started' AND created_at < ? ORDER BY created_at LIMIT 50`,
    )
    .bind(now - TRANSFER_SETTLE_AFTER_MS)
    .all<{ key: string; email: string; from_hotel: string; to_hotel: string; points: number }>();
  if (results.length === 0) return result;
  const at = await hotelsByCode(env);
  for (const row of results) {
    const t: Transfer = {
      key: row.key,
      email: row.email,
      fromHotel: row.from_hotel,
      toHotel: row.to_hotel,
      points: row.points,
    };
    const spender = at.get(t.toHotel);
    if (!spender) continue;
    const db = drizzle(spender.env.DB);
    await db
      .insert(chainTransferKeys)
      .values({ key: t.key, state: 'void', points: t.points })
      .onConflictDoNothing();
    const key = await db.select().from(chainTransferKeys).where(eq(chainTransferKeys.key, t.key)).get();
    if (key?.state === 'in') {
      await markDone(chain, t.key);
      result.done += 1;
    } else {
      await giveBack(chain, at, t, 'left in the middle: settled by the cron');
      result.reversed += 1;
    }
  }
  return result;
}
