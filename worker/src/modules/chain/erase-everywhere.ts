import type { Env } from '../../platform/env';
import { activeHotelEnvs, hotelOfEnv } from '../../platform/hotels';
import { hotelErasure } from '../../platform/chain-erasure';
import { chainDb } from './chain-database';

/**
 * A guest's erasure across the chain (docs/decisions/103, "Erasure"; platform/chain-erasure.ts).
 * The account is the chain's: erased at one hotel, it goes at every hotel of the chain
 * and from the chain's database. Before, the other hotels are asked whether they hold it back (a
 * booking there still holding a room, a staff account there): refused as the hotel's own erasure
 * is. After, the hotel's push runs at once; the erasure's row in its outbox (written in the
 * erasure's batch) makes the minute cron finish what a failure left.
 */

/**
 * Every other active hotel of the chain, with its env: each is asked, not only those the index knows
 * the e-mail at, since the index hears of an account a hotel wrote (a sign-in or a handoff there)
 * only at that hotel's next push, up to a minute later; a booking made there meanwhile must still
 * hold the erasure back, and the account's copy there must still go. A hotel without the account
 * answers at once (one indexed read).
 */
export async function otherHotelsOf(env: Env) {
  const here = hotelOfEnv(env).code;
  return (await activeHotelEnvs(env)).filter(({ hotel }) => hotel.code !== here);
}

/**
 * The chain's side of an erasure at `env`'s hotel (the push of its 'erased' row): the account's
 * mirrors at the other hotels erased (each in its own batch there), then its rows in the chain's
 * database: the account, its index, roles and handoffs; the points transfers keep their figures
 * and lose the address (one still in the middle keeps it until settled). Answers false when a
 * hotel could not be reached, for the next push to try again (every step is idempotent). A hotel
 * that holds the erasure back (a booking made there since the check) keeps its own account,
 * no longer known to the chain.
 */
export async function eraseFromChain(env: Env, email: string): Promise<boolean> {
  const erasure = hotelErasure();
  let complete = true;
  for (const { hotel, env: other } of await otherHotelsOf(env)) {
    try {
      const outcome = erasure ? await erasure.erase(other, email) : 'absent';
      if (outcome === 'held') {
        console.log(JSON.stringify({ msg: 'chain-erasure-held', hotel: hotel.code }));
      }
    } catch (err) {
      complete = false;
      console.log(JSON.stringify({ msg: 'chain-erasure-failed', hotel: hotel.code, error: String(err) }));
    }
  }
  if (!complete) return false;
  const chain = chainDb(env);
  await chain.batch([
    chain.prepare('DELETE FROM account_hotels WHERE email = ?').bind(email),
    chain.prepare('DELETE FROM chain_roles WHERE email = ?').bind(email),
    chain.prepare('DELETE FROM handoffs WHERE email = ?').bind(email),
    chain.prepare("UPDATE point_transfers SET email = '' WHERE email = ? AND state <> 'started'").bind(email),
    chain.prepare('DELETE FROM accounts WHERE email = ?').bind(email),
  ]);
  return true;
}
