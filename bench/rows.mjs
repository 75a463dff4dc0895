// What a routine call costs in D1 rows read (D1 bills rows read), with a short history and a
// long one: docs/decisions/026-costs-that-do-not-grow.md.
//
//   npm run bench:rows
//   BENCH_PORT=8860 npm run bench:rows      # another port when 8857 is taken
//   BENCH_ROWS_SMALL_ONLY=1 npm run bench:rows   # only the 1,000 bookings: does every call answer?
//   BENCH_ROWS_ONLY=channel npm run bench:rows   # only the calls whose name holds this
//
// It makes its own local D1 (.wrangler/bench-rows, never the dev one): migrated, the demo seed,
// 26 room types more added by the admin through the API (30 in all, each with its rooms), and a
// hotel's history written inside SQLite by recursive CTEs (`wrangler d1 execute --local`):
// 1,000 bookings (730 of them on the books for the next 40 nights, with their per-night holds
// inside the allotment; 270 that stayed (checked in and out, each a guest profile of its own) and
// left over the last 400 days, each with its folio: a room charge and its payment; each of their
// arrival nights given a rate of its own), 10,000 site visits,
// service visits, reviews, prize-draw entries and guest accounts over the same days. It starts
// the app on 127.0.0.1 only (bench/dev-worker.mjs), signs up a guest (who books three stays),
// signs in the front desk and the admin (past the statistics gate) through the real API, and
// reads every call once with `x-d1-meter: 1` (X-D1-Rows-Read, development only). Then it stops
// the server, grows the history further back (ten check-ins and a hundred site visits a day) to
// 100,000 bookings and 1,000,000 site visits, starts it again and reads every call again: the
// last 400 days are the same at both sizes, so a call that reads more reads older history. The
// table gives both figures and a verdict: `same`, `page` (grew by at most the rows of the call's
// page: a list of 500 that was not yet full at 1,000 bookings) or `GROWS`. The server is stopped at the end; the exit code is 1
// when a call grows or fails.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDevVars, env, migrate, seedLocal } from '../scripts/local.mjs';

const port = Number(process.env.BENCH_PORT ?? 8857);
// BENCH_PERSIST_TO: a database of its own, when another run of the bench may be going on.
const persistTo = process.env.BENCH_PERSIST_TO ?? '.wrangler/bench-rows';
const base = `http://127.0.0.1:${port}`;
const SMALL = 1_000;
const LARGE = 100_000;
/** Per history booking: site visits, service visits, reviews, each kind of entry, guest accounts. */
const PER_BOOKING = { siteVisits: 10, serviceVisits: 1, reviews: 0.1, entries: 0.05, users: 0.2 };
const GUEST = {
  email: 'bench-rows-guest@example.com',
  password: 'bench-rows-secret',
  fullName: 'Rows Guest',
};

/**
 * The measured hotel sells 30 room types (room types are the hotel's data, decision 073): the
 * seed's four and 26 an admin adds through POST /api/admin/room-types before the history is
 * written, each with two or three rooms (its inventory, and as many numbered rooms through POST
 * /api/admin/rooms). The first is the family suite of the decision's example (two adults and
 * three children, 45.000 a night). The history's bookings fall half on the four, half on the 26.
 */
const SPEC_TYPES = [
  ['silver', 12600],
  ['gold', 13200],
  ['diamond', 16200],
  ['deluxe', 17300],
];
const NEW_TYPES = Array.from({ length: 26 }, (_, i) => {
  const maxAdults = i === 0 ? 2 : 2 + (i % 3);
  const maxChildren = i === 0 ? 3 : i % 4;
  return {
    code: i === 0 ? 'family-suite' : `bench-type-${String(i + 1).padStart(2, '0')}`,
    nameAr: i === 0 ? 'جناح عائلي' : `غرفة التجربة ${i + 1}`,
    nameEn: i === 0 ? 'Family Suite' : `Bench room ${i + 1}`,
    baseOccupancy: 2,
    maxAdults,
    maxChildren,
    maxOccupancy: maxAdults + maxChildren,
    bedTypes: i % 2 ? ['single', 'double'] : ['double'],
    smokingOptions: i % 3 ? ['non_smoking'] : ['smoking', 'non_smoking'],
    priceBaisa: i === 0 ? 45000 : 20000 + i * 1000,
    pointsPerStay: 5 + (i % 4) * 5,
    freeNightPoints: i % 2 ? null : 150 + i * 5,
    roomCount: 2 + (i % 2),
  };
});
/** The type the calls of a new type ask about. */
const NEW_TYPE = NEW_TYPES[0].code;
/** The 30 types numbered 0-29 with their history price (k: the four first), for the history's SQL. */
const typesCte = `t(k, code, price) as (values ${[
  ...SPEC_TYPES,
  ...NEW_TYPES.map((x) => [x.code, x.priceBaisa]),
]
  .map(([code, price], k) => `(${k}, '${code}', ${price})`)
  .join(', ')})`;
/** History row i's type: even rows one of the four, odd rows one of the 26. */
const typeOf = `(case when i % 2 = 0 then (i / 2) % 4 else 4 + (i / 2) % 26 end)`;

const today = `date('now', '+4 hours')`;
const nowMs = Date.now();

/**
 * How many days ago the i-th row of a kind lies: the first `small` rows (the short history) fill
 * the last 400 days, the rest go further back at `perDay` a day. Growing adds older history
 * only, so every window the calls read (tonight, this month, the last 30 days, this year) holds
 * the same rows at both sizes, and what grows is only what a call reads beyond its window.
 */
const ago = (small, perDay) =>
  `(case when i <= ${small} then i * 400 / ${small} else 400 + (i - ${small}) / ${perDay} end)`;

/** SQL that adds history rows numbered from..to (1-based, cumulative) of every kind. */
function historySql(fromBookings, toBookings, active) {
  const span = (k) => [Math.floor(fromBookings * k), Math.floor(toBookings * k)];
  const smallOf = (k) => Math.floor(SMALL * k);
  const hSmall = SMALL - active;
  const [hFrom, hTo] = [fromBookings ? fromBookings - active : 0, toBookings - active];
  const [vFrom, vTo] = span(PER_BOOKING.siteVisits);
  const [sFrom, sTo] = span(PER_BOOKING.serviceVisits);
  const [rFrom, rTo] = span(PER_BOOKING.reviews);
  const [eFrom, eTo] = span(PER_BOOKING.entries);
  const [uFrom, uTo] = span(PER_BOOKING.users);
  const n = (from, to) =>
    `with recursive n(i) as (select ${from + 1} union all select i + 1 from n where i < ${to})`;
  const ms = (day, extra = '0') => `cast((julianday(${day}) - 2440587.5 + ${extra}) * 86400000 as integer)`;
  const daysAgo = (expr) => `date(${today}, '-' || ${expr} || ' days')`;
  // Bookings that stayed and left (10 check-ins a day in the older history): 20 % cancelled,
  // 1 in 25 a free night in points, made 0-39 days ahead, every source.
  const review = ms(daysAgo(ago(smallOf(PER_BOOKING.reviews), 1)), '0.5');
  const entry = (hour) => ms(daysAgo(ago(smallOf(PER_BOOKING.entries), 2)), hour);
  return `
insert into booking_submissions (reference, full_name, phone_number, user_email, id_number, check_in_date,
  check_out_date, room_type, bed_type, smoking_preference, number_of_guests, total_price, status, is_points_booking,
  points_used, booking_type, created_by_staff_id, payment_method, created_at, updated_at, checked_in_at, checked_out_at)
${n(hFrom, hTo)},
${typesCte},
b as (select i, date(${today}, '-' || (5 + ${ago(hSmall, 10)}) || ' days') as ci, 1 + i % 4 as nights,
  t.code as room, t.price as price from n, t where t.k = ${typeOf})
select 'rows-h-' || i, 'History Guest ' || i, '7' || (1000000 + i), case when i % 3 = 0 then 'guest' || i || '@example.com' end,
  'ID' || (100000 + i), ci, date(ci, '+' || nights || ' days'), room, 'double', 'non_smoking', 1 + i % 3,
  nights * price,
  case when i % 5 = 0 then 'cancelled' else 'completed' end, i % 25 = 0, case when i % 25 = 0 then 175 else 0 end,
  case when i % 25 = 0 then 'free_night' when i % 7 = 0 then 'chat_assistant' when i % 5 = 1 then 'quick_management' else 'standard' end,
  case when i % 5 = 1 and i % 2 = 0 then (select id from users where email = 'staff@example.com') end, 'cash',
  ${ms('ci', `- (i % 40) + 0.25`)}, ${ms('ci', '+ 1')},
  case when i % 5 = 0 then null else ${ms('ci', '+ 0.5')} end,
  case when i % 5 = 0 then null else ${ms("date(ci, '+' || nights || ' days')", '+ 0.3')} end
from b;
-- Their folios: the stay's room charge on the departure day, and the guest's payment of it.
insert into folio_lines (booking_id, kind, department, description, quantity, amount_baisa, net_baisa, taxes,
  business_date, created_at)
select id, 'charge', 'room', '', 1, total_price, total_price - cast(round(total_price * 92.0 / 1092) as integer), '[]',
  check_out_date, checked_out_at
from booking_submissions where reference like 'rows-h-%' and status = 'completed' and not is_points_booking
  and cast(substr(reference, 8) as integer) between ${hFrom + 1} and ${hTo};
-- One stay in three paid online (decision 071): its payment line carries the provider's id.
insert into folio_lines (booking_id, kind, method, amount_baisa, business_date, created_at, provider_reference)
select id, 'payment', case when cast(substr(reference, 8) as integer) % 3 = 0 then 'online' else 'cash' end,
  total_price, check_out_date, checked_out_at,
  case when cast(substr(reference, 8) as integer) % 3 = 0 then 'rows-pay-' || id end
from booking_submissions where reference like 'rows-h-%' and status = 'completed' and not is_points_booking
  and cast(substr(reference, 8) as integer) between ${hFrom + 1} and ${hTo};
-- Their checkouts at the provider (paid, the provider agreeing), a webhook applied for each, and
-- one webhook refused for every ten stays (a forgery): the staff's payments list and its tab.
insert into payment_sessions (booking_id, provider, provider_session_id, purpose, amount_baisa, status,
  checkout_url, provider_payment_id, payment_line_id, created_at, settled_at, provider_status)
select f.booking_id, 'fake', 'rows-ses-' || f.booking_id, 'balance', f.amount_baisa, 'paid',
  '/dev/pay/rows-ses-' || f.booking_id, f.provider_reference, f.id, f.created_at - 600000, f.created_at, 'paid'
from folio_lines f join booking_submissions b on b.id = f.booking_id
where b.reference like 'rows-h-%' and f.kind = 'payment' and f.method = 'online'
  and cast(substr(b.reference, 8) as integer) between ${hFrom + 1} and ${hTo};
insert into payment_events (provider, event_id, type, session_id, outcome, amount_baisa, received_at)
select 'fake', 'rows-evt-' || s.id, 'payment.succeeded', s.id, 'applied', s.amount_baisa, s.settled_at
from payment_sessions s join booking_submissions b on b.id = s.booking_id
where b.reference like 'rows-h-%' and cast(substr(b.reference, 8) as integer) between ${hFrom + 1} and ${hTo};
insert into payment_events (provider, event_id, type, outcome, reason, amount_baisa, received_at)
select 'fake', 'rows-forged-' || id, 'payment.succeeded', 'refused', 'signature_invalid', 1000, created_at + 3600000
from booking_submissions where reference like 'rows-h-%' and cast(substr(reference, 8) as integer) % 10 = 0
  and cast(substr(reference, 8) as integer) between ${hFrom + 1} and ${hTo};
-- Their tax invoices: one per stay, of its room charge, numbered in its year after those before.
insert into invoices (kind, number, year, sequence, booking_id, issue_date, supplier, customer, lines, tax_totals,
  net_baisa, tax_baisa, total_baisa, issued_at)
select 'invoice', 'INV-' || y || '-' || printf('%06d', seq), y, seq, id, check_out_date, '{}',
  json_object('nameAr', full_name, 'nameEn', full_name, 'addressAr', '', 'addressEn', '', 'vatNumber', '',
    'commercialRegistration', ''), '[]', '[]', net, total_price - net, total_price, checked_out_at
from (select b.id, b.full_name, b.check_out_date, b.checked_out_at, b.total_price, f.net_baisa as net,
    cast(substr(b.check_out_date, 1, 4) as integer) as y,
    coalesce((select max(i.sequence) from invoices i where i.kind = 'invoice'
      and i.year = cast(substr(b.check_out_date, 1, 4) as integer)), 0)
      + row_number() over (partition by substr(b.check_out_date, 1, 4) order by b.id) as seq
  from booking_submissions b join folio_lines f on f.booking_id = b.id and f.kind = 'charge'
  where b.reference like 'rows-h-%' and b.status = 'completed' and not b.is_points_booking
    and cast(substr(b.reference, 8) as integer) between ${hFrom + 1} and ${hTo});
insert into invoice_lines (folio_line_id, invoice_id)
select f.id, i.id from invoices i join booking_submissions b on b.id = i.booking_id
  join folio_lines f on f.booking_id = i.booking_id and f.kind = 'charge'
where b.reference like 'rows-h-%' and cast(substr(b.reference, 8) as integer) between ${hFrom + 1} and ${hTo};
insert into rate_nights (rate_plan, room_type, night, price_baisa, min_stay)
${n(hFrom, hTo)}, ${typesCte}
select 'standard', t.code, date(${today}, '-' || (5 + ${ago(hSmall, 10)}) || ' days'), 15000 + i % 7 * 1000, 1 + i % 2
from n, t where t.k = ${typeOf}
on conflict do nothing;
insert into site_visits (visit_date, visitor_hash)
${n(vFrom, vTo)} select ${daysAgo(ago(smallOf(PER_BOOKING.siteVisits), 100))}, lower(hex(randomblob(16))) from n;
insert into service_visits (service_name, service_category, visit_date, visitor_hash)
${n(sFrom, sTo)} select case i % 4 when 0 then 'omani-restaurant' when 1 then 'thai-restaurant' when 2 then 'massage-spa' else 'restaurant' end,
  case i % 4 when 2 then 'spa' else 'restaurant' end, ${daysAgo(ago(smallOf(PER_BOOKING.serviceVisits), 10))},
  lower(hex(randomblob(16))) from n;
insert into reviews (name, star_rating, comment, status, is_approved, created_at, updated_at)
${n(rFrom, rTo)} select 'Reviewer ' || i, 1 + i % 5, 'A stay to remember, number ' || i,
  case i % 10 when 0 then 'pending' when 1 then 'rejected' else 'approved' end, i % 10 > 1, ${review}, ${review} from n;
insert into photography_submissions (participant_phone, submission_date, is_approved, created_at, updated_at)
${n(eFrom, eTo)} select '9' || (2000000 + i), ${entry('0.4')}, i % 3 = 0, ${entry('0.4')}, ${entry('0.4')} from n;
insert into google_review_submissions (participant_phone, submission_date, is_approved, created_at, updated_at)
${n(eFrom, eTo)} select '9' || (3000000 + i), ${entry('0.45')}, case i % 3 when 0 then 1 when 1 then 0 end,
  ${entry('0.45')}, ${entry('0.45')} from n;
insert into location_sharing_submissions (participant_phone, submission_date, share_count, created_at, updated_at)
${n(eFrom, eTo)} select '9' || (4000000 + i), ${entry('0.55')}, 5, ${entry('0.55')}, ${entry('0.55')} from n;
insert into users (full_name, email, role, is_verified, created_at, updated_at)
${n(uFrom, uTo)} select 'Guest ' || i, 'rows-guest-' || i || '@example.com', 'guest', i % 4 > 0,
  ${nowMs} - i * 3600000, ${nowMs} - i * 3600000 from n;
`;
}

/**
 * The bookings on the books: every room of the allotment (room_inventory) holds up to ten stays
 * in the next 40 nights (two for the types an admin added, so the 1,000 bookings still hold a
 * history), never two at once, so the holds stay inside every allotment (the bed
 * and smoking type of a room follow the bed and smoking allotments in order). Pending, approved
 * and confirmed; some made today.
 */
const activeSql = `
insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
  room_type, bed_type, smoking_preference, number_of_guests, total_price, status, booking_type, payment_method,
  created_at, updated_at)
with recursive slot(room_type, k, total) as (
  select room_type, 1, total_count from room_inventory where total_count > 0
  union all select room_type, k + 1, total from slot where k < total
),
stay(m) as (select 0 union all select m + 1 from stay where m < 9),
s as (select room_type, k, m, date(${today}, '+' || (4 * m + k % 3) || ' days') as ci, 1 + (m + k) % 3 as nights,
  (select b.bed_type from room_bed_inventory b where b.room_type = slot.room_type
    and (select sum(total_count) from room_bed_inventory c where c.room_type = b.room_type and c.bed_type <= b.bed_type) >= k
    order by b.bed_type limit 1) as bed,
  (select b.smoking_type from room_smoking_inventory b where b.room_type = slot.room_type
    and (select sum(total_count) from room_smoking_inventory c where c.room_type = b.room_type and c.smoking_type <= b.smoking_type) >= k
    order by b.smoking_type limit 1) as smoking
  from slot, stay where m < case when room_type in (${NEW_TYPES.map((x) => `'${x.code}'`).join(', ')}) then 2 else 10 end)
select 'rows-a-' || room_type || '-' || k || '-' || m, 'Arriving Guest ' || k || '-' || m,
  '6' || (1000000 + k * 100 + m) || substr(room_type, 1, 2) || case when room_type like 'bench-type-%' then substr(room_type, -2) else '' end, 'ID' || (500000 + k * 100 + m), ci, date(ci, '+' || nights || ' days'),
  room_type, bed, smoking, 2, nights * 13200,
  case (m + k) % 4 when 0 then 'pending' when 1 then 'approved' else 'confirmed' end,
  case k % 3 when 0 then 'quick_management' else 'standard' end, 'cash',
  ${nowMs} - ((m * 7 + k) % 72) * 3600000, ${nowMs} - ((m * 7 + k) % 72) * 3600000
from s;
insert into booking_nights (booking_id, night, room_type, bed_type, smoking_type)
with recursive night(booking_id, night, check_out, room_type, bed_type, smoking_type) as (
  select id, check_in_date, check_out_date, room_type, bed_type, smoking_preference from booking_submissions
  where reference like 'rows-a-%'
  union all select booking_id, date(night, '+1 day'), check_out, room_type, bed_type, smoking_type from night
  where date(night, '+1 day') < check_out
)
select booking_id, night, room_type, bed_type, smoking_type from night;
-- Rates: the next two years priced on standard for every room type, with Thursday and
-- Friday arrivals at two nights minimum, and every tenth night of its own on non-refundable, so the
-- rate calendar and the quote read rows of their nights (the history gives the past ones).
insert into rate_nights (rate_plan, room_type, night, price_baisa, min_stay)
with recursive d(n) as (select 0 union all select n + 1 from d where n < 730)
select 'standard', t.room_type, date(${today}, '+' || n || ' days'), 15000 + n % 7 * 500,
  case when strftime('%w', date(${today}, '+' || n || ' days')) in ('4', '5') then 2 end
from d, (select distinct room_type from room_inventory) t;
insert into rate_nights (rate_plan, room_type, night, price_baisa)
select 'non_refundable', room_type, night, 14000 from rate_nights
where rate_plan = 'standard' and cast(julianday(night) - julianday(${today}) as integer) % 10 = 0;
`;

/**
 * A year of day closes' books on hand (modules/reports), the same at both sizes: the closes of the
 * 365 days before the day before yesterday, each with its 365 nights ahead counted and, per night
 * with rooms, two rows (a room type, segment and source each) adding up to the night's count.
 */
const booksOnHandSql = `
insert into books_on_hand_nights (close_date, night, rooms, revenue_baisa)
with recursive c(k) as (select 3 union all select k + 1 from c where k < 367),
n(j) as (select 1 union all select j + 1 from n where j < 365)
select date(${today}, '-' || k || ' days'), date(${today}, '-' || k || ' days', '+' || j || ' days'),
  ((k + j) % 7 + j % 5) % 9, (((k + j) % 7 + j % 5) % 9) * 11000
from c, n;
insert into books_on_hand (close_date, night, room_type, segment, source, company_id, definite_rooms, definite_revenue_baisa)
select close_date, night, 'silver', 'leisure', 'website', 0, rooms - rooms / 2, (rooms - rooms / 2) * 11000
from books_on_hand_nights where rooms - rooms / 2 > 0;
insert into books_on_hand (close_date, night, room_type, segment, source, company_id, definite_rooms, definite_revenue_baisa)
select close_date, night, 'gold', 'ota', 'booking.com', 0, rooms / 2, rooms / 2 * 11000
from books_on_hand_nights where rooms / 2 > 0;
`;

async function execute(name, sql) {
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/rows-${name}-${persistTo.replace(/\W+/g, '-')}.sql`;
  // What the rows written here queued for the channel manager (every night of the history and
  // of the next two years) is not sent: the measured sends start from an empty outbox and a
  // fresh minute of the provider's limit.
  writeFileSync(
    file,
    `${sql}
delete from channel_outbox;
update channel_state set availability_calls = '[]', restrictions_calls = '[]', backoff_until = 0,
  backoff_attempts = 0, lease_until = 0;
delete from fake_channex_calls;
`,
  );
  const started = Date.now();
  // wrangler prints every statement's result: not shown.
  await new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file],
      { env: { ...env, CI: 'true' }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name}: exit ${code}`))));
  });
  console.log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function countBookings() {
  // Counted on the stopped database (no server), for the table's heading.
  const out = await new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      [
        'wrangler',
        'd1',
        'execute',
        'DB',
        '--local',
        '--persist-to',
        persistTo,
        '--json',
        '--command',
        'select (select count(*) from booking_submissions) as bookings, (select count(*) from site_visits) as visits, (select count(*) from booking_nights) as holds',
      ],
      { env: { ...env, CI: 'true' }, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let text = '';
    child.stdout.on('data', (d) => (text += d));
    child.on('exit', (code) => (code === 0 ? resolve(text) : reject(new Error(`count: ${code}`))));
  });
  return JSON.parse(out)[0].results[0];
}

/** The app on 127.0.0.1 (bench/dev-worker.mjs), in its own process group. */
async function startServer() {
  const urlFile = join(persistTo, 'direct-url');
  rmSync(urlFile, { force: true });
  const server = spawn('node', ['bench/dev-worker.mjs', String(port), persistTo], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, BENCH_DIRECT_URL_FILE: urlFile },
    detached: true,
  });
  const stop = async () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    for (let i = 0; i < 40; i++) {
      try {
        process.kill(-server.pid, 0);
      } catch {
        return;
      }
      await new Promise((r) => setTimeout(r, 250));
    }
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // gone
    }
  };
  process.on('exit', () => {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  });
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok && existsSync(urlFile)) return { stop };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('server did not start');
}

const json = { origin: base, 'content-type': 'application/json' };
async function post(path, body, cookie, extra = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { ...json, ...(cookie && { cookie }), ...extra },
    body: JSON.stringify(body),
  });
}
const cookieOf = (res) => res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
async function logIn(email, password) {
  const res = await post('/api/auth/login', { email, password });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return cookieOf(res);
}

/** The reference of the guest's last booking, which the desk searches for. */
let guestReference = '';
/** The guest's profile (made by their first booking), which the desk opens. */
let guestProfileId = 0;
/** The guest's last booking, whose folio staff post to and both read. */
let guestBookingId = 0;

/** The guest signs up once (dev mailbox code) and books three stays of their own, far ahead. */
async function makeGuest() {
  await post('/api/auth/register', GUEST);
  const mails = await (await fetch(`${base}/api/dev/mailbox?to=${encodeURIComponent(GUEST.email)}`)).json();
  const code = mails[0]?.text.match(/\b(\d{6})\b/)?.[1];
  const verified = await post('/api/auth/verify-email', { email: GUEST.email, verificationCode: code });
  if (!verified.ok) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  const cookie = cookieOf(verified);
  for (let i = 0; i < 3; i++) {
    const res = await post(
      '/api/booking-submissions',
      {
        fullName: GUEST.fullName,
        phoneNumber: `9${String(8800000 + i)}`,
        idNumber: `GUEST${i}`,
        checkInDate: day(60 + i * 5),
        checkOutDate: day(62 + i * 5),
        roomType: 'gold',
        bedType: 'double',
        smokingPreference: 'non_smoking',
        numberOfGuests: 2,
      },
      cookie,
    );
    if (res.status !== 201) throw new Error(`guest booking: ${res.status} ${await res.text()}`);
    ({ reference: guestReference, id: guestBookingId } = (await res.json()).booking);
  }
  // A deposit and a transfer sold before arrival: a charge and a payment on the last one's folio.
  const staff = await logIn('staff@example.com', 'change-me-staff');
  for (const [what, body] of [
    ['charges', { department: 'transfer', description: 'Airport transfer', amountBaisa: 15000 }],
    ['payments', { method: 'card', amountBaisa: 20000 }],
  ]) {
    const res = await post(`/api/booking-submissions/${guestBookingId}/folio/${what}`, body, staff);
    if (res.status !== 201) throw new Error(`folio ${what}: ${res.status} ${await res.text()}`);
  }
}

/**
 * The admin adds the 26 room types through the API (each sold at once on the standard plan,
 * with its inventory), and gives each its numbered rooms (floor 21 on, one floor a type).
 */
async function addRoomTypes() {
  const admin = await logIn('admin@example.com', 'change-me-admin');
  for (const [i, type] of NEW_TYPES.entries()) {
    const res = await post('/api/admin/room-types', type, admin);
    if (res.status !== 201) throw new Error(`room type ${type.code}: ${res.status} ${await res.text()}`);
    for (let j = 1; j <= type.roomCount; j++) {
      const room = { number: String((21 + i) * 100 + j), roomType: type.code, floor: 21 + i };
      const made = await post('/api/admin/rooms', room, admin);
      if (made.status !== 201) throw new Error(`room ${room.number}: ${made.status} ${await made.text()}`);
    }
  }
}

/** A hotel day (Muscat, UTC+4) `offset` days from today. */
function day(offset) {
  const d = new Date(Date.now() + 4 * 3_600_000);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

/**
 * Every routine call: who makes it, and the most a list may grow by (its page). BENCH_ROWS_ONLY
 * (a part of the names, e.g. `channel`) measures only those calls; the history is the same.
 */
function calls() {
  const only = process.env.BENCH_ROWS_ONLY;
  return only ? allCalls().filter((call) => call.name.includes(only)) : allCalls();
}

function allCalls() {
  const window = `from=${day(3)}&to=${day(10)}`;
  const monthStart = `${day(0).slice(0, 7)}-01`;
  return [
    { name: 'GET /api/rooms', path: '/api/rooms', who: 'guest' },
    // The room types (30 here): the guests' list (active ones, photos, lowest price today) and the
    // admin's (every type, each with its bookings still to come).
    { name: 'GET /api/room-types', path: '/api/room-types', who: 'guest' },
    { name: 'GET /api/admin/room-types (admin)', path: '/api/admin/room-types', who: 'admin' },
    { name: 'GET /api/offers', path: '/api/offers', who: 'guest' },
    { name: 'GET /api/services', path: '/api/services', who: 'guest' },
    { name: 'GET /api/vip-cards', path: '/api/vip-cards', who: 'guest' },
    { name: 'GET /api/site-settings', path: '/api/site-settings', who: 'guest' },
    { name: 'GET /api/room-inventory (tonight)', path: '/api/room-inventory', who: 'guest' },
    { name: 'GET /api/room-inventory (7 nights)', path: `/api/room-inventory?${window}`, who: 'guest' },
    { name: 'GET /api/room-bed-inventory (tonight)', path: '/api/room-bed-inventory', who: 'guest' },
    {
      name: 'GET /api/room-bed-inventory (7 nights)',
      path: `/api/room-bed-inventory?${window}`,
      who: 'guest',
    },
    { name: 'GET /api/room-smoking-inventory (tonight)', path: '/api/room-smoking-inventory', who: 'guest' },
    {
      name: 'GET /api/room-smoking-inventory (7 nights)',
      path: `/api/room-smoking-inventory?${window}`,
      who: 'guest',
    },
    { name: 'GET /api/reviews (first page)', path: '/api/reviews', who: 'guest' },
    { name: 'GET /api/booking-submissions (my bookings)', path: '/api/booking-submissions', who: 'me' },
    { name: 'GET /api/notifications/mine (guest)', path: '/api/notifications/mine', who: 'me' },
    { name: 'GET /api/notifications/mine/unread (guest)', path: '/api/notifications/mine/unread', who: 'me' },
    {
      name: 'GET /api/user-points/:email (guest)',
      path: `/api/user-points/${encodeURIComponent(GUEST.email)}`,
      who: 'me',
    },
    {
      name: 'GET /api/booking-submissions (staff, first page)',
      path: '/api/booking-submissions',
      who: 'staff',
      page: 500,
    },
    { name: '  idle poll (If-None-Match: 304)', path: '/api/booking-submissions', who: 'staff', idle: true },
    {
      name: 'GET /api/photography-submissions (staff)',
      path: '/api/photography-submissions',
      who: 'staff',
      // One page of 500, read twice in the same batch: the entries, then their images.
      page: 1000,
    },
    {
      name: '  idle poll (If-None-Match: 304)',
      path: '/api/photography-submissions',
      who: 'staff',
      idle: true,
    },
    {
      name: 'GET /api/google-review-submissions (staff)',
      path: '/api/google-review-submissions',
      who: 'staff',
      // One page of 500, read twice in the same batch: the entries, then their images.
      page: 1000,
    },
    {
      name: 'GET /api/location-sharing-submissions (staff)',
      path: '/api/location-sharing-submissions',
      who: 'staff',
      page: 500,
    },
    { name: 'GET /api/admin/reviews (staff)', path: '/api/admin/reviews', who: 'staff', page: 500 },
    { name: '  idle poll (If-None-Match: 304)', path: '/api/admin/reviews', who: 'staff', idle: true },
    { name: 'GET /api/notifications/mine (staff)', path: '/api/notifications/mine', who: 'staff' },
    // The staff's alerts (one per booking request and entry, decision 041): a page, and the badge's count.
    { name: 'GET /api/notifications/staff (staff)', path: '/api/notifications/staff', who: 'staff' },
    {
      name: 'GET /api/notifications/staff/unread (staff)',
      path: '/api/notifications/staff/unread',
      who: 'staff',
    },
    // The desk and housekeeping tablets, all day: today at the desk, the tape chart, the
    // housekeeping board, the guests' in-stay requests, the availability calendar, a room list.
    // Today at the desk carries each stay's folio balance (kept on the booking's row).
    { name: 'GET /api/front-desk (today)', path: '/api/front-desk', who: 'staff' },
    // A booking's folio, at the desk and on the guest's booking page: its lines along the booking
    // index (two here), each with its invoice by the line's key. One row more at 100,000 bookings
    // (7 -> 8): the guest's booking is the newest at 1,000, so the read of its lines ends at the
    // end of the index; at 100,000 the older history's folios (added after it) come after it, and
    // the read looks at one more entry to see its lines have ended. Given that row as its page.
    {
      name: 'GET /api/booking-submissions/:id/folio (staff)',
      path: `/api/booking-submissions/${guestBookingId}/folio`,
      who: 'staff',
      page: 1,
    },
    {
      name: 'GET /api/booking-submissions/:id/folio (guest)',
      path: `/api/booking-submissions/${guestBookingId}/folio`,
      who: 'me',
      page: 1,
    },
    // The staff's invoices list (one invoice per stay that left): its first page along the issue-date
    // index, a month of it, a number (its sequence in each year since 2021, by the unique index) and
    // a guest (through the bookings' full-text index).
    { name: 'GET /api/admin/invoices (staff)', path: '/api/admin/invoices', who: 'staff', page: 50 },
    {
      name: 'GET /api/admin/invoices (a month)',
      path: `/api/admin/invoices?from=${day(-31)}&to=${day(-1)}`,
      who: 'staff',
      page: 50,
    },
    {
      name: 'GET /api/admin/invoices?number=1',
      path: '/api/admin/invoices?number=1',
      who: 'staff',
      page: 50,
    },
    {
      name: 'GET /api/admin/invoices?guest=',
      path: `/api/admin/invoices?guest=${encodeURIComponent('Rows Gu')}`,
      who: 'staff',
      page: 50,
    },
    // The staff's online payments (one stay in three of the history paid online): the first page
    // along the creation index, a state along its own, a month, a name (through the bookings'
    // full-text index), one booking's checkouts, and the refused webhooks along their own index.
    { name: 'GET /api/admin/payments (staff)', path: '/api/admin/payments', who: 'staff', page: 50 },
    {
      name: 'GET /api/admin/payments?status=paid',
      path: '/api/admin/payments?status=paid',
      who: 'staff',
      page: 50,
    },
    {
      name: 'GET /api/admin/payments (a month)',
      path: `/api/admin/payments?from=${day(-31)}&to=${day(-1)}`,
      who: 'staff',
      page: 50,
    },
    {
      name: 'GET /api/admin/payments?q= (a name)',
      path: `/api/admin/payments?q=${encodeURIComponent('Rows Gu')}`,
      who: 'staff',
      page: 50,
    },
    {
      name: 'GET /api/admin/payments?booking=',
      path: `/api/admin/payments?booking=${guestBookingId}`,
      who: 'staff',
      page: 1,
    },
    {
      name: 'GET /api/admin/payments/events (refused)',
      path: '/api/admin/payments/events',
      who: 'staff',
      page: 50,
    },
    { name: 'GET /api/admin/tape-chart (14 nights)', path: '/api/admin/tape-chart', who: 'staff' },
    // The rate calendar on a tablet: four weeks of every room type on a plan (the plans, their
    // rows of those nights along the primary key, today's offers).
    {
      name: 'GET /api/admin/rates (28 nights, all types)',
      path: `/api/admin/rates?ratePlan=non_refundable&from=${day(1)}&to=${day(28)}`,
      who: 'staff',
    },
    { name: 'GET /api/admin/housekeeping (today)', path: '/api/admin/housekeeping', who: 'staff' },
    { name: 'GET /api/admin/stay-requests (staff)', path: '/api/admin/stay-requests', who: 'staff' },
    // Guest profiles (migration 0050): a search by each field (at most 20 profiles, along the
    // full-text index of migration 0053), a profile with its stays (at most 50), and the registration
    // list of a day eleven days ago (its check-ins) and as CSV. The searches that find the bench guest
    // and their profile read one row more at 100,000 bookings than at 1,000 (8 -> 9): the guest's profile is the newest at 1,000, so the
    // read of its stays along the profile index ends at the end of the index; at 100,000 the older
    // history's profiles come after it, and the read looks at one more entry to see its stays have
    // ended. One row whatever the history, not growth: they are given their page.
    {
      name: 'guest search: name',
      path: `/api/admin/guests?q=${encodeURIComponent('Rows Gu')}`,
      who: 'staff',
      page: 20,
    },
    {
      name: 'guest search: common name',
      path: `/api/admin/guests?q=${encodeURIComponent('History Guest')}`,
      who: 'staff',
      page: 20,
    },
    {
      name: 'guest search: phone',
      path: `/api/admin/guests?q=${encodeURIComponent('9880 00')}`,
      who: 'staff',
      page: 20,
    },
    {
      name: 'guest search: e-mail',
      path: `/api/admin/guests?q=${encodeURIComponent('bench-rows-gu')}`,
      who: 'staff',
      page: 20,
    },
    {
      name: 'GET /api/admin/guests/:id',
      path: `/api/admin/guests/${guestProfileId}`,
      who: 'staff',
      page: 50,
    },
    {
      name: 'GET /api/admin/registrations (a day)',
      path: `/api/admin/registrations?date=${day(-11)}`,
      who: 'staff',
    },
    {
      name: 'GET /api/admin/registrations (CSV)',
      path: `/api/admin/registrations?date=${day(-11)}&format=csv`,
      who: 'staff',
    },
    {
      name: 'GET /api/availability (two months)',
      path: `/api/availability?roomType=gold&from=${day(1)}&to=${day(63)}`,
      who: 'guest',
    },
    {
      name: 'GET /api/availability (two months, a plan, 3 guests)',
      path: `/api/availability?roomType=gold&from=${day(1)}&to=${day(63)}&ratePlan=non_refundable&numberOfGuests=3`,
      who: 'guest',
    },
    {
      name: 'GET /api/quote (3 nights, a plan)',
      path: `/api/quote?roomType=gold&ratePlan=non_refundable&checkInDate=${day(20)}&checkOutDate=${day(23)}&numberOfGuests=2`,
      who: 'guest',
    },
    // The same for a type an admin added (two adults and three children).
    {
      name: 'GET /api/availability (new type, two months)',
      path: `/api/availability?roomType=${NEW_TYPE}&from=${day(1)}&to=${day(63)}`,
      who: 'guest',
    },
    {
      name: 'GET /api/availability (new type, 2 adults 3 children)',
      path: `/api/availability?roomType=${NEW_TYPE}&from=${day(1)}&to=${day(63)}&ratePlan=standard&adults=2&children=3`,
      who: 'guest',
    },
    {
      name: 'GET /api/quote (new type, 2 adults 3 children)',
      path: `/api/quote?roomType=${NEW_TYPE}&ratePlan=standard&checkInDate=${day(20)}&checkOutDate=${day(23)}&adults=2&children=3`,
      who: 'guest',
    },
    { name: 'GET /api/room-list (tonight)', path: '/api/room-list?roomType=gold', who: 'guest' },
    {
      name: 'GET /api/room-list (7 nights)',
      path: `/api/room-list?roomType=gold&${window}`,
      who: 'guest',
    },
    {
      name: 'GET /api/room-list (new type, tonight)',
      path: `/api/room-list?roomType=${NEW_TYPE}`,
      who: 'guest',
    },
    {
      name: 'GET /api/room-list (new type, 7 nights)',
      path: `/api/room-list?roomType=${NEW_TYPE}&${window}`,
      who: 'guest',
    },
    // The desk's search (full-text index, migration 0041) for the guest's booking, by each field.
    {
      name: 'desk search: reference',
      path: `/api/booking-submissions?q=${guestReference.slice(0, 3)}-${guestReference.slice(3)}`,
      who: 'staff',
    },
    {
      name: 'desk search: name',
      path: `/api/booking-submissions?q=${encodeURIComponent(GUEST.fullName)}`,
      who: 'staff',
    },
    {
      name: 'desk search: phone',
      path: `/api/booking-submissions?q=${encodeURIComponent('+968 9880 0002')}`,
      who: 'staff',
    },
    {
      name: 'desk search: e-mail',
      path: `/api/booking-submissions?q=${encodeURIComponent(GUEST.email)}`,
      who: 'staff',
    },
    {
      name: 'GET /api/statistics/dashboard (today)',
      path: `/api/statistics/dashboard?from=${day(0)}&to=${day(0)}`,
      who: 'admin',
    },
    {
      name: 'GET /api/statistics/dashboard (this month)',
      path: `/api/statistics/dashboard?from=${monthStart}&to=${day(0)}`,
      who: 'admin',
    },
    {
      name: 'GET /api/statistics/dashboard (30 days)',
      path: `/api/statistics/dashboard?from=${day(-29)}&to=${day(0)}`,
      who: 'admin',
    },
    // The day close: a day's figures (its lines along the business-date index, the stays in house
    // along the check-in index, the company accounts), and the company accounts list.
    {
      name: 'GET /api/admin/day-close/:date (yesterday)',
      path: `/api/admin/day-close/${day(-1)}`,
      who: 'admin',
    },
    { name: 'GET /api/admin/city-ledger (accounts)', path: '/api/admin/city-ledger', who: 'staff' },
    // The books on hand (modules/reports): the next 90 nights on the books, live (booking_nights
    // of those nights) and as a stored close had them (its rows of those nights); the pickup of
    // now against a close; the pace against the close of the same date a year before.
    {
      name: 'GET /api/admin/reports/on-the-books (90 nights, live, by room type)',
      path: `/api/admin/reports/on-the-books?from=${day(0)}&to=${day(89)}&by=roomType`,
      who: 'admin',
    },
    {
      name: 'GET /api/admin/reports/on-the-books (90 nights, a stored close, by segment)',
      path: `/api/admin/reports/on-the-books?from=${day(0)}&to=${day(89)}&by=segment&asOf=${day(-3)}`,
      who: 'admin',
    },
    {
      name: 'GET /api/admin/reports/pickup (90 nights, now against a close)',
      path: `/api/admin/reports/pickup?asOf=${day(0)}&compareTo=${day(-10)}&from=${day(0)}&to=${day(89)}`,
      who: 'admin',
    },
    {
      name: 'GET /api/admin/reports/pace (90 nights against a year before)',
      path: `/api/admin/reports/pace?from=${day(0)}&to=${day(89)}`,
      who: 'admin',
    },
    // The flash (the day close's report of the date, its movements along the date indexes) and
    // production (the period's folio lines along the business-date index, each booking by its key,
    // and the period's cancelled arrivals along the check-in index).
    {
      name: 'GET /api/admin/reports/flash (yesterday)',
      path: `/api/admin/reports/flash?date=${day(-1)}`,
      who: 'admin',
    },
    {
      name: 'GET /api/admin/reports/flash (today so far, CSV)',
      path: `/api/admin/reports/flash?date=${day(0)}&format=csv`,
      who: 'admin',
    },
    {
      name: 'GET /api/admin/reports/production (30 days, by company)',
      path: `/api/admin/reports/production?from=${day(-30)}&to=${day(-1)}&by=company`,
      who: 'admin',
    },
    {
      name: 'GET /api/admin/reports/production (30 days, by nationality, CSV)',
      path: `/api/admin/reports/production?from=${day(-30)}&to=${day(-1)}&by=nationality&format=csv`,
      who: 'admin',
    },
    {
      name: 'GET /api/admin/reports/production (a year, by segment)',
      path: `/api/admin/reports/production?from=${day(-365)}&to=${day(-1)}&by=segment`,
      who: 'admin',
    },
    // The channel manager link (modules/channel), through the fake's controls that run what the
    // cron runs inside one metered request: the sender after one change (the rows it reads per
    // outbox change: a night's price, a booking's two nights), and the feed applying one
    // revision (a new OTA booking, then its change). Each change is made with the link off, so
    // the send after the write request leaves it for the measured run.
    {
      name: 'channel sender: one night priced (restrictions)',
      who: 'admin',
      run: async (cookies, headers) => {
        await linkOff(cookies);
        const night = day(90 + channelRun);
        const res = await put(
          '/api/admin/rates',
          {
            ratePlan: 'standard',
            roomType: ['gold'],
            from: night,
            to: night,
            priceBaisa: 21000 + channelRun,
          },
          cookies.admin,
        );
        if (!res.ok) throw new Error(`rates: ${res.status} ${await res.text()}`);
        return sent(await post('/api/dev/channel/send', {}, cookies.admin, headers));
      },
    },
    {
      name: 'channel sender: a booking, two nights (availability)',
      who: 'admin',
      run: async (cookies, headers) => {
        await linkOff(cookies);
        const res = await post(
          '/api/booking-submissions',
          {
            fullName: GUEST.fullName,
            phoneNumber: `9${String(8810000 + channelRun)}`,
            idNumber: `CHAN${channelRun}`,
            checkInDate: day(120 + channelRun * 3),
            checkOutDate: day(122 + channelRun * 3),
            roomType: 'gold',
            bedType: 'double',
            smokingPreference: 'non_smoking',
            numberOfGuests: 2,
          },
          cookies.me,
        );
        if (res.status !== 201) throw new Error(`booking: ${res.status} ${await res.text()}`);
        return sent(await post('/api/dev/channel/send', {}, cookies.admin, headers));
      },
    },
    {
      name: 'channel feed: a new OTA booking (one revision)',
      who: 'admin',
      run: async (cookies, headers) => {
        await linkOff(cookies);
        const checkIn = day(140 + channelRun * 3);
        const res = await post('/api/dev/channel/bookings', {
          otaName: 'booking.com',
          otaReservationCode: `BENCH-${channelRun}`,
          roomType: 'gold',
          ratePlan: 'standard:gold',
          checkInDate: checkIn,
          checkOutDate: day(142 + channelRun * 3),
          adults: 2,
          guest: { name: 'Channel Guest', phone: '+96890000000', email: null },
          nights: [
            { date: checkIn, priceBaisa: 50000 },
            { date: day(141 + channelRun * 3), priceBaisa: 50000 },
          ],
        });
        if (res.status !== 201) throw new Error(`fake booking: ${res.status} ${await res.text()}`);
        channelBookingId = (await res.json()).channelBookingId;
        return applied(await post('/api/dev/channel/poll', {}, cookies.admin, headers));
      },
    },
    {
      name: 'channel feed: its modification (one revision)',
      who: 'admin',
      run: async (cookies, headers) => {
        await linkOff(cookies);
        const res = await post(`/api/dev/channel/bookings/${channelBookingId}/modify`, {
          checkOutDate: day(143 + channelRun * 3),
        });
        if (!res.ok) throw new Error(`fake modify: ${res.status} ${await res.text()}`);
        const answer = await applied(await post('/api/dev/channel/poll', {}, cookies.admin, headers));
        channelRun += 1;
        return answer;
      },
    },
    // The day close with its books on hand stored (last: it closes a day): the small run closes
    // the day before yesterday, the large run yesterday, each a close of its own.
    {
      name: 'POST /api/admin/day-close (the close, its books on hand stored)',
      who: 'admin',
      run: async (cookies, headers) => {
        for (const date of [day(-2), day(-1)]) {
          const res = await post('/api/admin/day-close', { date }, cookies.admin, headers);
          if (!res.ok || !(await res.clone().json()).alreadyClosed) return res;
        }
        throw new Error('day close: both days closed already');
      },
    },
  ];
}

/** Which run of the channel's entries (each books other nights and another OTA code). */
let channelRun = 0;
/** The fake's booking the feed's entries make, then change. */
let channelBookingId = '';

async function put(path, body, cookie) {
  return fetch(`${base}${path}`, {
    method: 'PUT',
    headers: { ...json, ...(cookie && { cookie }) },
    body: JSON.stringify(body),
  });
}

/** The link switched off (admin): a change then stays in the outbox, a revision in the fake's feed. */
async function linkOff(cookies) {
  const res = await put('/api/admin/channel', { enabled: false }, cookies.admin);
  if (!res.ok) throw new Error(`channel off: ${res.status} ${await res.text()}`);
}

/** The measured answer, its status 599 unless the run did what it is measured for. */
async function checked(res, ok) {
  const body = await res.clone().json();
  if (res.ok && ok(body)) return res;
  console.log(`  channel run: ${res.status} ${JSON.stringify(body)}`);
  return new Response(JSON.stringify(body), {
    status: 599,
    headers: { 'x-d1-rows-read': res.headers.get('x-d1-rows-read') ?? '0' },
  });
}
const sent = (res) => checked(res, (b) => b.status === 'sent' && b.rows > 0);
const applied = (res) => checked(res, (b) => b.applied === 1);

async function measure() {
  const cookies = {
    guest: '',
    me: await logIn(GUEST.email, GUEST.password),
    staff: await logIn('staff@example.com', 'change-me-staff'),
    admin: await logIn('admin@example.com', 'change-me-admin'),
  };
  const gate = await post('/api/admin/statistics/access', { password: 'change-me-stats' }, cookies.admin);
  if (!gate.ok) throw new Error(`statistics gate: ${gate.status} ${await gate.text()}`);
  if (!guestProfileId) {
    const found = await fetch(`${base}/api/admin/guests?q=${encodeURIComponent(GUEST.fullName)}`, {
      headers: { cookie: cookies.staff },
    });
    guestProfileId = (await found.json()).guests[0]?.id ?? 0;
  }
  const figures = [];
  for (const call of calls()) {
    const headers = { 'x-d1-meter': '1', ...(cookies[call.who] && { cookie: cookies[call.who] }) };
    let res = call.run
      ? await call.run(cookies, { 'x-d1-meter': '1' })
      : await fetch(`${base}${call.path}`, { headers });
    if (call.idle) {
      const etag = res.headers.get('etag') ?? '';
      await res.arrayBuffer();
      res = await fetch(`${base}${call.path}`, { headers: { ...headers, 'if-none-match': etag } });
    }
    const body = await res.arrayBuffer();
    const rows = Number(res.headers.get('x-d1-rows-read'));
    figures.push({ status: res.status, rows, bytes: body.byteLength });
  }
  return figures;
}

const started = Date.now();
rmSync(persistTo, { recursive: true, force: true });
mkdirSync('dist/web', { recursive: true });
ensureDevVars();
console.log(`Seeding ${persistTo}: migrations, the demo seed, ${SMALL.toLocaleString('en')} bookings`);
await migrate(persistTo);
await seedLocal(persistTo);
// The 26 room types are added through the API before the history is written (which spreads
// over them); the server is stopped while wrangler writes the history.
let server = await startServer();
await addRoomTypes();
await server.stop();
await execute('active', activeSql);
await execute('books on hand', booksOnHandSql);
const active = (await countBookings()).bookings;
await execute('small', historySql(0, SMALL, active));
// A day closed before both measured runs (three days ago, after its history's lines are written):
// the close measured last closes the day after it (the small run) and the one after that (the
// large run), and no call finds no closed day in one run and some in the other (with none before
// the small run, calls reading the last closed day read 1 to 4 rows more at the large size).
await execute(
  'a closed day',
  `insert into day_closes (date, report, closed_at) values (date(${today}, '-3 days'), '{}', ${nowMs});`,
);

server = await startServer();
await makeGuest();
const smallCounts = { bookings: SMALL + 3 };
const small = await measure();
await server.stop();
smallCounts.stored = await countBookings();
if (process.env.BENCH_ROWS_SMALL_ONLY) {
  // A quick look (every call answers, and what it reads) without growing to the large size.
  console.table(
    calls().map((call, i) => ({ call: call.name, status: small[i].status, rows: small[i].rows })),
  );
  console.log(
    `small size only: ${smallCounts.stored.bookings} bookings, ${Math.round((Date.now() - started) / 1000)} s`,
  );
  process.exit(small.some((f) => f.status >= 400) ? 1 : 0);
}

console.log(
  `Growing to ${LARGE.toLocaleString('en')} bookings and ${(LARGE * PER_BOOKING.siteVisits).toLocaleString('en')} site visits`,
);
await execute('large', historySql(SMALL, LARGE, active));
const largeCounts = await countBookings();
server = await startServer();
const large = await measure();
await server.stop();

const table = calls().map((call, i) => {
  const a = small[i];
  const b = large[i];
  const grew = b.rows - a.rows;
  const verdict =
    a.status >= 400 || b.status >= 400
      ? `ERROR ${a.status}/${b.status}`
      : grew <= 0
        ? 'same'
        : call.page && grew <= call.page
          ? 'page'
          : 'GROWS';
  return {
    call: call.name,
    who: call.who === 'me' ? 'guest (signed in)' : call.who,
    status: b.status,
    [`rows @ ${smallCounts.stored.bookings} bookings`]: a.rows,
    [`rows @ ${largeCounts.bookings} bookings`]: b.rows,
    verdict,
  };
});
console.log(
  `\nD1 rows read per call (X-D1-Rows-Read): ${smallCounts.stored.bookings} bookings / ${smallCounts.stored.visits} site visits / ${smallCounts.stored.holds} holds, then ${largeCounts.bookings} / ${largeCounts.visits} / ${largeCounts.holds}`,
);
console.table(table);
console.log(`bench:rows took ${Math.round((Date.now() - started) / 1000)} s`);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  `bench/results/rows-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  JSON.stringify({ small: smallCounts.stored, large: largeCounts, table }, null, 2),
);
process.exit(table.some((r) => r.verdict !== 'same' && r.verdict !== 'page') ? 1 : 0);
