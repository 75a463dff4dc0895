import type { ChainGuest } from '@shared/chain-schemas';
import type { Env } from '../../platform/env';
import { chainDb } from './chain-database';

/** The most accounts the desk's search across hotels answers. */
const SEARCH_LIMIT = 20;

/**
 * The desk's search across the chain's hotels (docs/decisions/103): the guest identity index the
 * hotels' pushes keep (`account_hotels`: the account at each hotel, its name, e-mail, phone and
 * role there), read in the chain's database alone, never a hotel's. By the start of the e-mail or of
 * a word of the name (the phone is not searched: the pushes carry none yet, a hotel's users having
 * no phone); at most SEARCH_LIMIT rows.
 */
export async function searchChainGuests(env: Env, q: string): Promise<ChainGuest[]> {
  const like = `${q.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const { results } = await chainDb(env)
    .prepare(
      `SELECT hotel, email, full_name, role, phone FROM account_hotels
       WHERE email LIKE ?1 ESCAPE '\\' OR lower(full_name) LIKE ?1 ESCAPE '\\' OR lower(full_name) LIKE ?2 ESCAPE '\\'
       ORDER BY full_name, hotel LIMIT ?3`,
    )
    .bind(like, `% ${like}`, SEARCH_LIMIT)
    .all<{ hotel: string; email: string; full_name: string; role: string; phone: string | null }>();
  return results.map((r) => ({
    hotel: r.hotel,
    email: r.email,
    fullName: r.full_name,
    role: r.role,
    phone: r.phone,
  }));
}
