// A year of statistics for the benchmark, written straight into the bench server's
// local D1 before it starts: 10,000 bookings (a year back to two months ahead, every status,
// source and room type) and 100,000 site visits (a year of days), plus 10,000 service visits.
// Bookings are made 0 to 39 days before check-in, never after now. One SQL file of recursive CTEs, run by `wrangler d1 execute --local`.
import { mkdirSync, writeFileSync } from 'node:fs';
import { run } from '../scripts/local.mjs';

export async function seedStatistics(persistTo, { bookings = 10_000, visits = 100_000 } = {}) {
  const today = `date('now', '+4 hours')`;
  const sql = `
insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date, check_out_date,
  room_type, status, total_price, is_points_booking, points_used, booking_type, created_by_staff_id, created_at, updated_at)
with recursive n(i) as (select 1 union all select i + 1 from n where i < ${bookings}),
b as (select i, date(${today}, ((i * 7919) % 425 - 365) || ' days') as check_in, 1 + i % 4 as nights,
  case i % 4 when 0 then 'silver' when 1 then 'gold' when 2 then 'diamond' else 'deluxe' end as room,
  case i % 10 when 0 then 'pending' when 1 then 'cancelled' when 2 then 'approved' when 3 then 'approved'
    when 4 then 'confirmed' when 5 then 'confirmed' else 'completed' end as status from n)
select 'bench-stats-' || i, 'Bench Guest ' || i, '8' || (1000000 + i), 'ID' || (100000 + i), check_in,
  date(check_in, '+' || nights || ' days'), room, status,
  nights * case room when 'silver' then 12600 when 'gold' then 13200 when 'diamond' then 16200 else 17300 end,
  i % 25 = 0, case when i % 25 = 0 then 175 else 0 end,
  case when i % 25 = 0 then 'free_night' when i % 7 = 0 then 'chat_assistant' when i % 5 = 0 then 'quick_management' else 'standard' end,
  null,
  min(cast((julianday(check_in) - 2440587.5 - (i % 40) - 4.0 / 24) * 86400000 as integer), ${Date.now()} - i * 1000),
  min(cast((julianday(check_in) - 2440587.5 - (i % 40) - 4.0 / 24) * 86400000 as integer), ${Date.now()} - i * 1000)
from b;
insert into site_visits (visit_date, visitor_hash)
with recursive n(i) as (select 1 union all select i + 1 from n where i < ${visits})
select date(${today}, '-' || (i % 365) || ' days'), lower(hex(randomblob(16))) from n;
insert into service_visits (service_name, service_category, visit_date, visitor_hash)
with recursive n(i) as (select 1 union all select i + 1 from n where i < ${visits / 10})
select case i % 3 when 0 then 'omani-restaurant' when 1 then 'thai-restaurant' else 'massage-spa' end,
  case i % 3 when 2 then 'spa' else 'restaurant' end,
  date(${today}, '-' || (i % 365) || ' days'), lower(hex(randomblob(16))) from n;
`;
  mkdirSync('bench/results', { recursive: true });
  const file = 'bench/results/statistics-data.sql';
  writeFileSync(file, sql);
  await run(
    'npx',
    ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file],
    {
      CI: 'true',
    },
  );
}
