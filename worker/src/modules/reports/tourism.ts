import { sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { BOOKING_SEGMENTS } from '@shared/constants';
import { addDays } from '@shared/dates';
import { omrDecimal } from '@shared/money';
import {
  NATIONALITY_GROUPS,
  nationalityGroup,
  type NationalityGroup,
  type TourismLine,
  type TourismReturn,
} from '@shared/registration-schemas';
import type { Db } from '../../platform/env';
import { toCsv } from '../../platform/csv';
import type { Language } from '../../platform/messages';
import { dayClosedAtSql } from '../folio';
import { dayCloseCompanionNights, dayCloseGuestNights } from './tables';
import { csvHeaders, csvWord } from './report-csv';

/**
 * The monthly tourism return (docs/decisions/093): what the National Centre for Statistics and
 * Information asks of a hotel each month, read only from the stored books of the month's closed
 * days, so a month whose days are all closed never changes: rooms available and sold, occupancy
 * and room revenue from the closes' reports (day_closes), guests (arrivals) and guest nights by
 * nationality group, Omani and not, and by the stay's segment (its purpose, where recorded), from
 * the guest nights each close stored (day_close_guest_nights).
 */

/**
 * The companions of stay `b` a close counts (migration 0092): those recorded, at most its guests
 * less the lead guest (the first recorded, should the guests have been lowered since).
 */
const countedCompanions = sql`min(
  (select count(*) from stay_companions c where c.booking_id = b.id), max(b.number_of_guests - 1, 0))`;

/**
 * The day close's part, in its batch after its row: the room nights posted that business day per
 * stay (the same lines the close counts as rooms sold). Each guest is counted under their own
 * nationality as it is now: the stay's row (day_close_guest_nights) holds the lead guest and the
 * guests not recorded (children, adults not named) under the lead guest's nationality and the
 * stay's segment; the companions recorded are counted on rows of their own, one per stay and
 * nationality (day_close_companion_nights). Guest nights are those nights times the guests, the
 * arrivals the guests when the stay's first night is among them. Written only by the close that
 * wrote the row.
 */
export function guestNightsStatements(
  db: Db,
  close: { date: string; closedAt: number },
): [BatchItem<'sqlite'>, BatchItem<'sqlite'>] {
  const closed = dayClosedAtSql(close.date, close.closedAt);
  const stays = db
    .insert(dayCloseGuestNights)
    .select(
      sql`select l.business_date, l.booking_id, coalesce(p.nationality, ''), coalesce(b.segment, ''),
        count(*), count(*) * (b.number_of_guests - ${countedCompanions}),
        max(case when l.night = b.check_in_date then b.number_of_guests - ${countedCompanions} else 0 end),
        ${close.closedAt}, ${close.closedAt}
      from folio_lines l
      join booking_submissions b on b.id = l.booking_id
      left join guest_profiles p on p.id = b.profile_id
      where l.business_date = ${close.date} and l.kind = 'charge' and l.night is not null
        and ${closed}
      group by l.business_date, l.booking_id`,
    )
    .onConflictDoNothing();
  const companions = db
    .insert(dayCloseCompanionNights)
    .select(
      sql`select s.business_date, s.booking_id, coalesce(c.nationality, ''), s.nights * count(*),
        case when s.first then count(*) else 0 end, ${close.closedAt}, ${close.closedAt}
      from (select l.business_date as business_date, l.booking_id as booking_id, count(*) as nights,
          max(l.night = b.check_in_date) as first, b.number_of_guests as guests
        from folio_lines l join booking_submissions b on b.id = l.booking_id
        where l.business_date = ${close.date} and l.kind = 'charge' and l.night is not null
          and ${closed}
        group by l.booking_id) s
      join stay_companions c on c.booking_id = s.booking_id
      where (select count(*) from stay_companions e where e.booking_id = c.booking_id and e.id < c.id)
        < s.guests - 1
      group by s.booking_id, coalesce(c.nationality, '')`,
    )
    .onConflictDoNothing();
  return [stays, companions];
}

/** The last day of `month` (YYYY-MM). */
function lastDay(month: string): string {
  return addDays(`${addDays(`${month}-28`, 4).slice(0, 7)}-01`, -1);
}

const line = (): TourismLine => ({ arrivals: 0, guestNights: 0 });
const add = (to: TourismLine, arrivals: number, guestNights: number) => {
  to.arrivals += arrivals;
  to.guestNights += guestNights;
};

/**
 * GET /api/admin/reports/tourism-return?month: three reads in proportion to the month (its closes,
 * its stored guest nights grouped, the stays without a nationality).
 *
 * @example
 * const r = await tourismReturn(db, '2026-03'); // r.roomsSold, r.groups, r.unknownNationality
 */
export async function tourismReturn(db: Db, month: string): Promise<TourismReturn> {
  const from = `${month}-01`;
  const to = lastDay(month);
  const [closes, nights, unknown] = await Promise.all([
    db.get<{ days: number; sold: number | null; forSale: number | null; revenue: number | null }>(
      sql`select count(*) as days, sum(json_extract(report, '$.roomsSold')) as sold,
        sum(json_extract(report, '$.roomsForSale')) as forSale,
        sum(coalesce(json_extract(report, '$.revenueBaisa.room'), 0)) as revenue
      from day_closes where date >= ${from} and date <= ${to}`,
    ),
    db.all<{ nationality: string; segment: string; arrivals: number; guestNights: number }>(
      // Each guest under their own nationality: the stays' rows (the lead guest, and the guests not
      // recorded) and their companions' (under the stay's segment).
      sql`select nationality, segment, sum(arrivals) as arrivals, sum(guestNights) as guestNights from (
        select nationality, segment, arrivals, guest_nights as guestNights
        from day_close_guest_nights where close_date >= ${from} and close_date <= ${to}
        union all
        select c.nationality, coalesce(g.segment, ''), c.arrivals, c.guest_nights
        from day_close_companion_nights c
        left join day_close_guest_nights g on g.close_date = c.close_date and g.booking_id = c.booking_id
        where c.close_date >= ${from} and c.close_date <= ${to}
      ) group by nationality, segment`,
    ),
    db.all<TourismReturn['unknownNationality'][number]>(
      // The stays' unknown lead guests and their unknown companions (merged by stay below).
      sql`select g.booking_id as bookingId, b.reference as reference, b.full_name as fullName,
        b.profile_id as profileId, b.check_in_date as arrival, sum(g.guest_nights) as guestNights
      from day_close_guest_nights g join booking_submissions b on b.id = g.booking_id
      where g.close_date >= ${from} and g.close_date <= ${to} and g.nationality = ''
      group by g.booking_id
      union all
      select c.booking_id, b.reference, b.full_name, b.profile_id, b.check_in_date, sum(c.guest_nights)
      from day_close_companion_nights c join booking_submissions b on b.id = c.booking_id
      where c.close_date >= ${from} and c.close_date <= ${to} and c.nationality = ''
      group by c.booking_id
      order by 5, 1 limit 500`,
    ),
  ]);
  const groups = new Map<NationalityGroup, TourismLine>(NATIONALITY_GROUPS.map((g) => [g, line()]));
  const purposes = new Map<string, TourismLine>();
  const unknownLine = line();
  const omani = line();
  const nonOmani = line();
  for (const n of nights) {
    const group = nationalityGroup(n.nationality);
    add(group ? groups.get(group)! : unknownLine, n.arrivals, n.guestNights);
    if (group === 'omani') add(omani, n.arrivals, n.guestNights);
    else if (group) add(nonOmani, n.arrivals, n.guestNights);
    if (!purposes.has(n.segment)) purposes.set(n.segment, line());
    add(purposes.get(n.segment)!, n.arrivals, n.guestNights);
  }
  const days = Number(to.slice(8));
  const roomsSold = closes?.sold ?? 0;
  const roomsAvailable = closes?.forSale ?? 0;
  const order = (p: string) => (p === '' ? BOOKING_SEGMENTS.length : BOOKING_SEGMENTS.indexOf(p as never));
  return {
    month,
    days,
    closedDays: closes?.days ?? 0,
    complete: (closes?.days ?? 0) === days,
    roomsAvailable,
    roomsSold,
    occupancy: roomsAvailable > 0 ? roomsSold / roomsAvailable : null,
    roomRevenueBaisa: closes?.revenue ?? 0,
    arrivals: nights.reduce((a, n) => a + n.arrivals, 0),
    guestNights: nights.reduce((a, n) => a + n.guestNights, 0),
    groups: NATIONALITY_GROUPS.map((group) => ({ group, ...groups.get(group)! })),
    unknown: unknownLine,
    omani,
    nonOmani,
    purposes: [...purposes.entries()]
      .sort(([a], [b]) => order(a) - order(b))
      .map(([purpose, l]) => ({ purpose, ...l })),
    unknownNationality: [
      ...unknown
        .reduce((byStay, u) => {
          const seen = byStay.get(u.bookingId);
          byStay.set(u.bookingId, seen ? { ...seen, guestNights: seen.guestNights + u.guestNights } : u);
          return byStay;
        }, new Map<number, TourismReturn['unknownNationality'][number]>())
        .values(),
    ],
  };
}

const COLUMNS = ['line', 'key', 'arrivals', 'guestNights', 'value'] as const;

/**
 * The return as CSV in the request's language: the month's figures (value), then one line per
 * nationality group, unknown, Omani and non-Omani, and purpose (arrivals and guest nights).
 */
export function tourismReturnCsv(r: TourismReturn, language: Language) {
  const rows: Record<(typeof COLUMNS)[number], string>[] = [];
  const figure = (id: string, value: string) =>
    rows.push({ line: csvWord(language, id), key: '', arrivals: '', guestNights: '', value });
  const counts = (id: string, key: string, l: TourismLine) =>
    rows.push({
      line: csvWord(language, id),
      key,
      arrivals: String(l.arrivals),
      guestNights: String(l.guestNights),
      value: '',
    });
  figure('month', r.month);
  figure('month_closed', csvWord(language, r.complete ? 'yes' : 'no'));
  figure('rooms_for_sale', String(r.roomsAvailable));
  figure('rooms_sold', String(r.roomsSold));
  figure('occupancy', r.occupancy === null ? '' : (r.occupancy * 100).toFixed(2));
  figure('room_revenue', omrDecimal(r.roomRevenueBaisa));
  for (const g of r.groups) counts('nationality_group', csvWord(language, `group.${g.group}`), g);
  counts('nationality_group', csvWord(language, 'none'), r.unknown);
  counts('omani_or_not', csvWord(language, 'group.omani'), r.omani);
  counts('omani_or_not', csvWord(language, 'non_omani'), r.nonOmani);
  for (const p of r.purposes)
    counts('purpose', p.purpose ? csvWord(language, `segment.${p.purpose}`) : csvWord(language, 'none'), p);
  counts('total', '', r);
  const headers = csvHeaders(language, COLUMNS, {
    line: 'figure',
    key: 'detail',
    arrivals: 'arrivals',
    guestNights: 'guest_nights',
    value: 'value',
  });
  return { body: toCsv([...COLUMNS], rows, headers), filename: `tourism-return-${r.month}.csv` };
}

/**
 * The nightly integrity check's part: the latest close's stored guest nights count the rooms it
 * sold (every room night in exactly one stay's row, so in one nationality).
 */
export function tourismIntegrityChecks(perCheck: number): { name: string; query: SQL }[] {
  return [
    {
      name: 'guest_nights_not_rooms_sold',
      query: sql`select d.date as date, json_extract(d.report, '$.roomsSold') as roomsSold,
          (select coalesce(sum(g.rooms), 0) from day_close_guest_nights g where g.close_date = d.date) as counted
        from day_closes d where d.date = (select max(date) from day_closes)
          and json_extract(d.report, '$.roomsSold') <>
            (select coalesce(sum(g.rooms), 0) from day_close_guest_nights g where g.close_date = d.date)
        limit ${perCheck}`,
    },
  ];
}
