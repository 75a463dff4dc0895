import { ApiError } from '../../platform/api-error';
import type { Env } from '../../platform/env';

/**
 * The chain's own database (binding CHAIN_DB, its schema in chain-migrations/; docs/decisions/103):
 * read and written here only, in SQL on its own tables. No statement joins it with a hotel's
 * database: what crosses is a call, a push or the index.
 */

/** The chain's database, or 503 `chain_unavailable` on a deployment of one hotel. */
export function chainDb(env: Pick<Env, 'CHAIN_DB'>): D1Database {
  if (!env.CHAIN_DB) throw new ApiError(503, 'chain_unavailable');
  return env.CHAIN_DB;
}

/** An account of the chain as its database keeps it. */
export type ChainAccount = {
  id: number;
  email: string;
  fullName: string;
  passwordHash: string | null;
  googleSub: string | null;
  isVerified: boolean;
  isDisabled: boolean;
  version: number;
};

type AccountRow = {
  id: number;
  email: string;
  full_name: string;
  password_hash: string | null;
  google_sub: string | null;
  is_verified: number;
  is_disabled: number;
  version: number;
};

const accountOf = (row: AccountRow): ChainAccount => ({
  id: row.id,
  email: row.email,
  fullName: row.full_name,
  passwordHash: row.password_hash,
  googleSub: row.google_sub,
  isVerified: row.is_verified === 1,
  isDisabled: row.is_disabled === 1,
  version: row.version,
});

/** The chain's account of an e-mail (one read), or null. */
export async function accountByEmail(chain: D1Database, email: string): Promise<ChainAccount | null> {
  const row = await chain.prepare('SELECT * FROM accounts WHERE email = ?').bind(email).first<AccountRow>();
  return row ? accountOf(row) : null;
}

/** A hotel's account as its push carries it (the users row's fields the chain keeps). */
export type PushedAccount = {
  localUserId: number;
  email: string;
  fullName: string;
  passwordHash: string | null;
  googleSub: string | null;
  isVerified: boolean;
  isDisabled: boolean;
  role: string;
  phone: string | null;
};

/**
 * The statements that make the chain's account say what a hotel's row says (last push wins; the
 * version moves only when something changed) and index the account at that hotel. An unverified
 * account is indexed only once the chain has it (it is not the chain's until verified).
 */
export function accountPushStatements(
  chain: D1Database,
  hotel: string,
  a: PushedAccount,
): D1PreparedStatement[] {
  const upsert = chain
    .prepare(
      `INSERT INTO accounts (email, full_name, password_hash, google_sub, is_verified, is_disabled, source_hotel)
       SELECT ?1, ?2, ?3, ?4, 1, ?5, ?6 WHERE true
       ON CONFLICT (email) DO UPDATE SET
         version = version + (
           full_name IS NOT excluded.full_name OR password_hash IS NOT coalesce(excluded.password_hash, password_hash)
           OR google_sub IS NOT coalesce(excluded.google_sub, google_sub) OR is_disabled IS NOT excluded.is_disabled
         ),
         source_hotel = CASE WHEN full_name IS NOT excluded.full_name OR password_hash IS NOT coalesce(excluded.password_hash, password_hash)
           OR google_sub IS NOT coalesce(excluded.google_sub, google_sub) OR is_disabled IS NOT excluded.is_disabled
           THEN excluded.source_hotel ELSE source_hotel END,
         updated_at = CASE WHEN full_name IS NOT excluded.full_name OR password_hash IS NOT coalesce(excluded.password_hash, password_hash)
           OR google_sub IS NOT coalesce(excluded.google_sub, google_sub) OR is_disabled IS NOT excluded.is_disabled
           THEN cast(unixepoch('subsec') * 1000 as integer) ELSE updated_at END,
         full_name = excluded.full_name,
         password_hash = coalesce(excluded.password_hash, password_hash),
         google_sub = coalesce(excluded.google_sub, google_sub),
         is_disabled = excluded.is_disabled`,
    )
    .bind(a.email, a.fullName, a.passwordHash, a.googleSub, a.isDisabled ? 1 : 0, hotel);
  const index = chain
    .prepare(
      `INSERT INTO account_hotels (account_id, hotel, local_user_id, role, email, full_name, phone)
       SELECT id, ?2, ?3, ?4, ?1, ?5, ?6 FROM accounts WHERE email = ?1
       ON CONFLICT (account_id, hotel) DO UPDATE SET local_user_id = excluded.local_user_id,
         role = excluded.role, full_name = excluded.full_name, phone = coalesce(excluded.phone, phone),
         updated_at = cast(unixepoch('subsec') * 1000 as integer)`,
    )
    .bind(a.email, hotel, a.localUserId, a.role, a.fullName, a.phone);
  // A local id another account held before (an erased account's id is never reused by SQLite's
  // AUTOINCREMENT, but an index row of an earlier e-mail of this user goes with its change).
  const stale = chain
    .prepare('DELETE FROM account_hotels WHERE hotel = ?1 AND local_user_id = ?2 AND email <> ?3')
    .bind(hotel, a.localUserId, a.email);
  return a.isVerified ? [stale, upsert, index] : [stale];
}

/** An account gone from a hotel (erased there): its index row there goes. */
export function accountGoneStatement(
  chain: D1Database,
  hotel: string,
  localUserId: number,
): D1PreparedStatement {
  return chain
    .prepare('DELETE FROM account_hotels WHERE hotel = ? AND local_user_id = ?')
    .bind(hotel, localUserId);
}

/** Where an account is known (the index), with its role there. */
export async function accountHotels(
  chain: D1Database,
  email: string,
): Promise<{ hotel: string; localUserId: number; role: string }[]> {
  const { results } = await chain
    .prepare('SELECT hotel, local_user_id, role FROM account_hotels WHERE email = ?')
    .bind(email)
    .all<{ hotel: string; local_user_id: number; role: string }>();
  return results.map((r) => ({ hotel: r.hotel, localUserId: r.local_user_id, role: r.role }));
}

/** The chain's roles of an e-mail (the chain manager). */
export async function chainRolesOf(chain: D1Database, email: string): Promise<string[]> {
  const { results } = await chain
    .prepare('SELECT role FROM chain_roles WHERE email = ?')
    .bind(email)
    .all<{ role: string }>();
  return results.map((r) => r.role);
}

/** The chain's managers, oldest first, with their account's name where the chain has the account. */
export async function chainManagerRows(
  chain: D1Database,
): Promise<{ email: string; fullName: string | null; since: number }[]> {
  const { results } = await chain
    .prepare(
      `SELECT r.email, a.full_name, r.created_at FROM chain_roles r LEFT JOIN accounts a ON a.email = r.email
       WHERE r.role = 'chain_manager' ORDER BY r.created_at, r.email`,
    )
    .all<{ email: string; full_name: string | null; created_at: number }>();
  return results.map((r) => ({ email: r.email, fullName: r.full_name, since: r.created_at }));
}

/** Gives an e-mail the chain manager's role: true when it did not have it (one of two racing grants). */
export async function grantChainManager(chain: D1Database, email: string): Promise<boolean> {
  const row = await chain
    .prepare(
      "INSERT INTO chain_roles (email, role) VALUES (?, 'chain_manager') ON CONFLICT (email) DO NOTHING RETURNING email",
    )
    .bind(email)
    .first();
  return row !== null;
}

/** Takes the chain manager's role from an e-mail: true when it had it. */
export async function revokeChainManager(chain: D1Database, email: string): Promise<boolean> {
  const row = await chain
    .prepare("DELETE FROM chain_roles WHERE email = ? AND role = 'chain_manager' RETURNING email")
    .bind(email)
    .first();
  return row !== null;
}

/** Gives an e-mail a role of the chain (idempotent). */
export function grantChainRoleStatement(chain: D1Database, email: string, role: 'chain_manager') {
  return chain.prepare('INSERT OR IGNORE INTO chain_roles (email, role) VALUES (?, ?)').bind(email, role);
}

/** A hotel's closed day, pushed once (a closed day never changes). */
export function closedDayPushStatement(
  chain: D1Database,
  hotel: string,
  day: { date: string; report: string; closedAt: number },
): D1PreparedStatement {
  return chain
    .prepare('INSERT OR IGNORE INTO closed_days (hotel, date, report, closed_at) VALUES (?, ?, ?, ?)')
    .bind(hotel, day.date, day.report, day.closedAt);
}

/** The closed days pushed for a range of dates (inclusive), every hotel's. */
export async function closedDaysBetween(
  chain: D1Database,
  from: string,
  to: string,
): Promise<{ hotel: string; date: string; report: string }[]> {
  const { results } = await chain
    .prepare('SELECT hotel, date, report FROM closed_days WHERE date BETWEEN ? AND ? ORDER BY date, hotel')
    .bind(from, to)
    .all<{ hotel: string; date: string; report: string }>();
  return results;
}
