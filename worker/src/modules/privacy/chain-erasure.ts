import { drizzle } from 'drizzle-orm/d1';
import { eq } from 'drizzle-orm';
import { ApiError } from '../../platform/api-error';
import type { HotelErasure } from '../../platform/chain-erasure';
import { sessionsEnded } from '../../platform/session-hooks';
import { effectiveRole } from '../../platform/sessions';
import { users } from '../../platform/tables';
import { eraseById, erasureHold, exportAccountData } from './account-data';

/**
 * This hotel's erasure as the chain runs it (platform/chain-erasure.ts; docs/decisions/103,
 * "Erasure"): the account's owner proved it at another hotel of the chain, so here it is erased by
 * its e-mail, by the same parts and in one batch as the owner's own erasure, its photos and live
 * sockets with it. A staff account, or a booking still holding a room (made since the check), holds
 * it back: the hotel keeps its account.
 */
export const hotelErasurePort: HotelErasure = {
  held: (env, email) => erasureHold(drizzle(env.DB), env, email),
  async erase(env, email) {
    const db = drizzle(env.DB);
    const account = await db.select().from(users).where(eq(users.email, email)).get();
    if (!account) return 'absent';
    if (effectiveRole(account, env) !== 'guest') return 'held';
    let imageKeys: string[];
    try {
      ({ imageKeys } = await eraseById(db, account.id, email));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return 'absent';
      if (err instanceof ApiError && err.status === 409) return 'held';
      throw err;
    }
    await sessionsEnded(env, { userId: account.id });
    if (imageKeys.length > 0) {
      await env.IMAGES.delete(imageKeys).catch((error: unknown) =>
        console.log(JSON.stringify({ msg: 'erased-images-not-deleted', error: String(error) })),
      );
    }
    return 'erased';
  },
  async exportOf(env, email) {
    const db = drizzle(env.DB);
    const account = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (!account) return null;
    // No session of this hotel is the reader's: none is marked as the current one.
    return exportAccountData(db, { id: account.id, email }, '');
  },
};
