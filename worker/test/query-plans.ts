import { env } from 'cloudflare:workers';
import { expect } from 'vitest';
import { call, logIn, signUp } from './helpers';

/**
 * The query plans' tests' shared parts (query-plans and query-plans-changes, beside the entry):
 * the tables that grow with history, a D1 binding that records each statement it prepares, the
 * check of a statement's EXPLAIN QUERY PLAN, and one call through the app with that binding as a
 * guest, staff or an admin (docs/decisions/026).
 */
const GROWING = new Set([
  'booking_submissions',
  'booking_nights',
  'site_visits',
  'service_visits',
  'point_transactions',
  'photography_submissions',
  'google_review_submissions',
  'location_sharing_submissions',
  'event_images',
  'monthly_participations',
  'reviews',
  'audit_log',
  'notifications',
  'staff_alerts',
  'staff_alert_reads',
  'idempotency_keys',
  'users',
  'sessions',
  'email_codes',
  'chat_messages',
  'chat_booking_sessions',
  'email_outbox',
  'vip_beneficiaries',
  'dev_mailbox',
  'integrity_reports',
  // A row per room and night taken, and the out-of-order periods, for ever.
  'room_nights',
  'room_blocks',
  'stay_requests',
  // A profile per guest who ever booked.
  'guest_profiles',
  // A row per plan, room type and night given its own rate, year after year.
  'rate_nights',
  // The folio's lines and the companies' payments, for ever.
  'folio_lines',
  'city_ledger_payments',
  'invoices',
  'invoice_lines',
  // A document's rounding on its folio, a row or two per document, for ever.
  'folio_roundings',
  // Online payments: a checkout per payment, every webhook received, every refund.
  'payment_sessions',
  'payment_events',
  'payment_refunds',
  // A police registration per stay checked in, and the guest nights each day close stores per stay.
  'stay_registrations',
  'day_close_guest_nights',
  // The imported history, a row per booking of the old system; the nights' curves, a row per night
  // and room type; an import's refused lines (docs/decisions/094).
  'revenue_history',
  'revenue_nights',
  'revenue_import_refusals',
  // The extras bought for stays, and the offers each stay was shown, for ever.
  'extra_purchases',
  'extra_offers_shown',
  // The nights locked, the suggestions applied (a row per night and type), the autopilot's runs (docs/decisions/101).
  'revenue_locks',
  'revenue_applied',
  'revenue_autopilot_runs',
]);

export type Recorded = { sql: string; params: unknown[] };

/** env.DB, recording every statement prepared through it (batch() gets the originals back). */
export function recordingDb(log: Recorded[]): D1Database {
  const original = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement, entry: Recorded): D1PreparedStatement => {
    const proxy = new Proxy(statement, {
      get(target, prop) {
        if (prop === 'bind')
          return (...values: unknown[]) => {
            entry.params = values;
            return wrap(target.bind(...values), entry);
          };
        const value = Reflect.get(target, prop, target) as unknown;
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
      },
    });
    original.set(proxy, statement);
    return proxy;
  };
  return new Proxy(env.DB, {
    get(target, prop) {
      if (prop === 'prepare')
        return (query: string) => {
          const entry: Recorded = { sql: query, params: [] };
          log.push(entry);
          return wrap(target.prepare(query), entry);
        };
      if (prop === 'batch')
        return (statements: D1PreparedStatement[]) =>
          target.batch(statements.map((s) => original.get(s) ?? s));
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** A statement's EXPLAIN QUERY PLAN, line by line (one recorded, or a drizzle query's `toSQL()`). */
export async function planOf({ sql, params }: Recorded): Promise<string[]> {
  const plan = await env.DB.prepare(`explain query plan ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return plan.results.map((r) => r.detail);
}

/** The plan's lines that name a table `tables` matches (what a test expects of them, in order). */
export async function planReads(statement: Recorded, tables: RegExp): Promise<string[]> {
  return (await planOf(statement)).filter((detail) => tables.test(detail));
}

type ScanOptions = { growing?: ReadonlySet<string>; automatic?: boolean };

/**
 * The plan's lines that read a growing table in full (empty when the statement is fine): a scan
 * not along an index, or along one but without a limit. `growing` names the tables (or their
 * aliases) a test counts as growing; `automatic` counts an index SQLite builds for the statement
 * (it reads the whole table to build it) as a scan too.
 */
export async function fullScans(
  statement: Recorded,
  { growing = GROWING, automatic = false }: ScanOptions = {},
): Promise<string[]> {
  const limited = /\blimit\b/i.test(statement.sql);
  return (await planOf(statement)).filter((detail) => {
    const built = automatic && /^(SEARCH|SCAN) (\w+) .*AUTOMATIC/.exec(detail);
    if (built && growing.has(built[2]!)) return true;
    // SQLite writes a LEFT JOIN's right side as `SCAN x LEFT-JOIN`: a full read all the same.
    const scan = /^SCAN (\w+)(?: AS \w+)?( USING .*?)?(?: LEFT-JOIN)?$/.exec(detail);
    if (!scan || !growing.has(scan[1]!)) return false;
    return !scan[2] || !limited;
  });
}

/** Every statement of `log` that reads a growing table in full, by its SQL: `{}` when none does. */
export async function fullScansIn(
  log: Recorded[],
  options: ScanOptions = {},
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const statement of log) {
    const scans = await fullScans(statement, options);
    if (scans.length > 0) found[statement.sql.replace(/\s+/g, ' ').slice(0, 240)] = scans;
  }
  return found;
}

/**
 * The query-plan assertion: no statement of `log` reads a growing table in full (the shared list,
 * and the tables of `alsoGrowing` a test adds of its own). A failure names each statement and its
 * scans.
 */
export async function expectNoFullScans(
  log: Recorded[],
  { alsoGrowing = [] }: { alsoGrowing?: string[] } = {},
) {
  expect(await fullScansIn(log, { growing: new Set([...GROWING, ...alsoGrowing]) })).toEqual({});
}

let cookies: Record<'guest' | 'staff' | 'admin', string>;

/** Signs in the file's guest ('Plan Guest'), the seeded staff and the seeded admin; answers the guest. */
export async function signInForPlans() {
  const guest = await signUp('Plan Guest');
  cookies = {
    guest: guest.cookie,
    staff: (await logIn('staff@example.com', 'change-me-staff')).cookie,
    admin: (await logIn('admin@example.com', 'change-me-admin')).cookie,
  };
  return guest;
}

/** One call through the app with the recording binding; answers the response (statements in `log`). */
export function through(
  path: string,
  who: keyof typeof cookies | null,
  init: RequestInit = {},
  log: Recorded[] = [],
): Promise<Response> {
  const headers = new Headers(init.headers);
  if (init.body) headers.set('content-type', 'application/json');
  return call(path, {
    ...init,
    headers,
    cookie: who ? cookies[who] : undefined,
    env: { ...env, DB: recordingDb(log) },
  });
}
