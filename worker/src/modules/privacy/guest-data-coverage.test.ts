import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Statement } from '../../platform/guest-data';
import { guestDataParts } from './account-data';

/**
 * A guest's export and erasure miss no table (docs/decisions/043): every table of the schema with
 * a column that names a guest is read by some module's export part and changed by some module's
 * erasure part (platform/guest-data.ts), or is listed below with the reason it is not a guest
 * account's data. A module that adds such a table and no part fails here.
 */

/** Columns that name a person: their account, address or phone, name, ID or device. */
const GUEST_COLUMN =
  /^(user_id|user_email|recipient|phone_number|participant_phone|user_phone|full_name|id_number|civil_id|document_number|device_id|(contact_)?(email|phone)|contact_name)$/;

/** Tables with such a column that hold no guest account's data, and why. */
const NOT_A_GUESTS_DATA: Record<string, string> = {
  city_ledger_accounts: "a company's or travel agent's contact, not a guest's account",
  outlet_staff: 'which staff accounts may use an outlet (staff accounts are never erased)',
  site_settings: "the hotel's own contact details",
  staff_alert_reads: 'which alerts a member of staff has read (staff accounts are never erased)',
  staff_alert_watermarks: 'how far a member of staff has read the alerts',
  vip_beneficiaries:
    'people staff register for a VIP card, linked to no account (as a booking made signed out)',
};

/** Search indexes kept in step with their table by its triggers: covered when their table is. */
const INDEX_OF: Record<string, string> = {
  booking_search: 'booking_submissions', // migration 0041
  guest_search: 'guest_profiles', // migration 0053
};

/** Tables the erasure clears that the export leaves out, and why. */
const ERASED_NOT_EXPORTED: Record<string, string> = {
  email_codes: 'a code to sign in with, a secret while it lasts',
  phone_verification_requests:
    'a code proving a phone, a secret while it lasts (the verified phones are exported)',
  monthly_participations: "the once-a-month rule's row of an entry's phone (the entries say it)",
  chain_account_versions:
    "the version number of the chain's account this hotel's copy was written from (the account is exported)",
};

const sqlOf = (statement: Statement) => {
  const query = statement as unknown as { toSQL?: () => { sql: string }; getQuery?: () => { sql: string } };
  return (query.toSQL ?? query.getQuery)!.call(statement).sql;
};
const names = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]!);

/** The tables the parts read for the export, and the tables their erasure statements change. */
function coverage() {
  const parts = guestDataParts(drizzle(env.DB), { id: 1, email: 'someone@example.com' }, Date.now());
  const read = new Set(
    parts.flatMap((p) => p.exportReads.flatMap((s) => names(sqlOf(s), /\b(?:from|join) "(\w+)"/g))),
  );
  const changed = new Set(
    parts.flatMap((p) =>
      p.erasure
        .statements(sql`1`)
        .flatMap((s) => names(sqlOf(s), /^(?:update|delete from|insert into) "(\w+)"/g)),
    ),
  );
  return { read, changed };
}

/** What is missing for each table naming a guest: '' when its data is exported and erased. */
function missing(tables: Record<string, string[]>, { read, changed }: ReturnType<typeof coverage>) {
  return Object.entries(tables).flatMap(([table, columns]) => {
    if (!columns.some((c) => GUEST_COLUMN.test(c)) || table in NOT_A_GUESTS_DATA) return [];
    const owner = INDEX_OF[table] ?? table;
    const gaps = [
      ...(changed.has(owner) ? [] : ['no erasure part']),
      ...(read.has(owner) || owner in ERASED_NOT_EXPORTED ? [] : ['no export part']),
    ];
    return gaps.length ? [`${table}: ${gaps.join(', ')}`] : [];
  });
}

/** Every table of the schema (no SQLite or D1 internals, no search index's own tables) and its columns. */
async function schemaTables(): Promise<Record<string, string[]>> {
  const { results } = await env.DB.prepare(
    `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '_cf_%'
       and name <> 'd1_migrations' and name not glob '*_search_*'`,
  ).all<{ name: string }>();
  const columns = await env.DB.batch(
    results.map(({ name }) => env.DB.prepare(`select name from pragma_table_info(?)`).bind(name)),
  );
  return Object.fromEntries(
    results.map(({ name }, i) => [name, (columns[i]!.results as { name: string }[]).map((c) => c.name)]),
  );
}

describe("a guest's data, module by module", () => {
  it('every table naming a guest has an export part and an erasure part, or a reason not to', async () => {
    const tables = await schemaTables();
    expect(Object.keys(tables).length).toBeGreaterThan(50);
    expect(missing(tables, coverage())).toEqual([]);
    // The reasons stay true: each table listed exists and names a person.
    for (const table of [
      ...Object.keys(NOT_A_GUESTS_DATA),
      ...Object.keys(INDEX_OF),
      ...Object.keys(ERASED_NOT_EXPORTED),
    ]) {
      expect(
        tables[table]?.some((c) => GUEST_COLUMN.test(c)),
        table,
      ).toBe(true);
    }
  });

  it('a table naming a guest in no part is found', () => {
    const found = missing(
      { guest_notes: ['id', 'user_id', 'note'], booking_search: ['full_name'], rooms: ['id', 'name'] },
      { read: new Set(['booking_submissions']), changed: new Set() },
    );
    expect(found).toEqual([
      'guest_notes: no erasure part, no export part',
      'booking_search: no erasure part',
    ]);
  });
});
