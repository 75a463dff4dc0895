import type { Context } from 'hono';
import type { SessionUser } from '@shared/auth-schemas';
import type { MyHotel } from '@shared/chain-schemas';
import { USER_ROLES, type StaffRole } from '@shared/constants';
import { ApiError } from '../../platform/api-error';
import type { AppEnv, Db, Env } from '../../platform/env';
import { hotelOfEnv } from '../../platform/hotels';
import { randomToken, sha256Hex } from '../../platform/crypto';
import { effectiveRole } from '../../platform/sessions';
import { newSession } from '../../platform/session-cookies';
import { accountByEmail, accountHotels, chainDb } from './chain-database';
import { activeHotel, activeHotels, shownHotel } from './hotels';
import { localUser, syncMirror } from './mirrors';
import { pushHotel } from './push';

/**
 * One sign-in for the chain (docs/decisions/103, "Accounts"): sessions stay each hotel's (its
 * database, its cookie on its host), so a signed-in account moves to another hotel with a one-time
 * token: made here (the chain keeps its SHA-256 for a minute), spent there once, where the
 * account's mirror is written and a session of that hotel starts. The staff's switch is the same,
 * to a hotel where the account has a staff role only.
 */

/** How long a handoff's token may be spent. */
export const HANDOFF_TTL_MS = 60_000;

/** The hotels a signed-in account may use as staff, the current one first: the tablet's switch. */
export async function myHotels(env: Env, request: URL, user: SessionUser): Promise<MyHotel[]> {
  const hotels = await activeHotels(env);
  const here = hotelOfEnv(env).code;
  const admin = effectiveRole({ email: user.email, role: 'guest' }, env) === 'admin';
  const known = env.CHAIN_DB ? await accountHotels(env.CHAIN_DB, user.email) : [];
  const roleAt = new Map(known.map((k) => [k.hotel, k.role]));
  roleAt.set(here, user.role);
  return hotels
    .map((hotel) => ({ hotel, role: admin ? 'admin' : (roleAt.get(hotel.code) ?? 'guest') }))
    .filter(
      ({ hotel, role }) =>
        hotel.code === here || (role !== 'guest' && (USER_ROLES as readonly string[]).includes(role)),
    )
    .sort((a, b) => Number(b.hotel.code === here) - Number(a.hotel.code === here))
    .map(({ hotel, role }) => ({ ...shownHotel(hotel, request, env), role }));
}

/**
 * Makes a handoff of the signed-in `user` to `hotel`: answers the address that spends it there.
 * As staff, only to a hotel where the index gives the account a staff role (or the admin): 403
 * `hotel_not_allowed` otherwise. The account's own row is pushed first, so the chain has it.
 */
export async function makeHandoff(
  env: Env,
  request: URL,
  user: SessionUser,
  input: { hotel: string; next: string; as: 'guest' | 'staff' },
): Promise<{ url: string; expiresAt: string }> {
  const chain = chainDb(env);
  const target = await activeHotel(env, input.hotel);
  const here = hotelOfEnv(env).code;
  if (input.as === 'staff') {
    const allowed = (await myHotels(env, request, user)).some((h) => h.code === target.code);
    if (!allowed) throw new ApiError(403, 'hotel_not_allowed');
  }
  // The chain knows the account before the other hotel asks for it (a new account's first push).
  if (!(await accountByEmail(chain, user.email))) await pushHotel(env);
  if (!(await accountByEmail(chain, user.email))) throw new ApiError(409, 'account_not_in_chain');
  const token = randomToken();
  const expiresAt = Date.now() + HANDOFF_TTL_MS;
  await chain.batch([
    chain.prepare('DELETE FROM handoffs WHERE expires_at < ?').bind(Date.now()),
    chain
      .prepare(
        'INSERT INTO handoffs (token_hash, email, from_hotel, hotel, next, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      .bind(await sha256Hex(token), user.email, here, target.code, input.next, expiresAt),
  ]);
  const origin = shownHotel(target, request, env).origin;
  return {
    url: `${origin}/api/chain/handoff?token=${encodeURIComponent(token)}`,
    expiresAt: new Date(expiresAt).toISOString(),
  };
}

/**
 * Spends a handoff at this hotel (once: the row is deleted as it is read): the account's mirror
 * written or brought up to date, a session of this hotel started. Answers where to go.
 */
export async function spendHandoff(c: Context<AppEnv>, token: string): Promise<string> {
  const chain = chainDb(c.env);
  const row = await chain
    .prepare('DELETE FROM handoffs WHERE token_hash = ? RETURNING email, hotel, next, expires_at')
    .bind(await sha256Hex(token))
    .first<{ email: string; hotel: string; next: string; expires_at: number }>();
  if (!row || row.expires_at < Date.now() || row.hotel !== hotelOfEnv(c.env).code) {
    throw new ApiError(401, 'handoff_invalid');
  }
  const account = await accountByEmail(chain, row.email);
  if (!account || account.isDisabled) throw new ApiError(401, 'handoff_invalid');
  const db: Db = c.get('db');
  await syncMirror(db, account, { create: true });
  const user = await localUser(db, row.email);
  if (!user || user.isDisabled || !user.isVerified) throw new ApiError(401, 'handoff_invalid');
  const session = await newSession(c, user.id);
  await session.insert;
  session.setCookie();
  return row.next;
}

/**
 * An admin gives an account of the chain a role at this hotel: its mirror written with that role
 * (the trigger pushes it to the index). 404 `account_not_in_chain` for an e-mail the chain does
 * not know; an admin's own role is not changed here.
 */
export async function giveHotelAccess(env: Env, db: Db, email: string, role: StaffRole): Promise<void> {
  const chain = chainDb(env);
  let account = await accountByEmail(chain, email);
  if (!account) {
    await pushHotel(env);
    account = await accountByEmail(chain, email);
  }
  if (!account) throw new ApiError(404, 'account_not_in_chain');
  if (email === env.ADMIN_EMAIL.trim().toLowerCase()) throw new ApiError(409, 'admin_role_fixed');
  await syncMirror(db, account, { create: true, role });
}
