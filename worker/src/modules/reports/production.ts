import { sql, type SQL } from 'drizzle-orm';
import type {
  ProductionDimension,
  ProductionQuery,
  ProductionReport,
  ProductionRow,
} from '@shared/flash-production';
import { omrDecimal } from '@shared/money';
import { NO_SHOW_REASON } from '@shared/stay-policy';
import type { Db } from '../../platform/env';
import { toCsv } from '../../platform/csv';
import type { Language } from '../../platform/messages';
import { companyNameSql } from '../companies';
import { csvHeaders, csvWord } from './report-csv';

/**
 * The production report (docs/decisions/079-flash-and-production-reports.md): per company, travel
 * agent, source, segment, nationality or room type, what the business dates `from` to `to`
 * produced, counted as the day closes count it: the room nights posted (the closes' rooms sold),
 * their net room revenue (the closes' room revenue: charges less their corrections), the ADR of
 * the nights sold (each night's net less the period's corrections of it, the nights left above
 * zero: the close's rule over a period); and the bookings arriving in the period that were
 * cancelled or did not come. The lines are read along the folio's business-date index, each with
 * its booking by key; the cancellations along the check-in index: rows in proportion to the
 * period, never to the history.
 */

/** The group of a booking `b` (and its joins) per dimension: its key, its name, the joins it needs. */
const DIMENSIONS: Record<ProductionDimension, { key: SQL; name: SQL; joins: SQL }> = {
  company: {
    key: sql`cast(b.company_id as text)`,
    name: companyNameSql(sql`b.company_id`),
    joins: sql``,
  },
  travelAgent: {
    key: sql`cast(b.travel_agent_id as text)`,
    name: companyNameSql(sql`b.travel_agent_id`),
    joins: sql``,
  },
  source: { key: sql`b.source`, name: sql`null`, joins: sql`` },
  // A booking made before segments were kept: an OTA's, a company's, or leisure.
  segment: {
    key: sql`coalesce(b.segment, case when b.channel_booking_id is not null then 'ota'
      when b.company_id is not null then 'corporate' else 'leisure' end)`,
    name: sql`null`,
    joins: sql``,
  },
  // The guest profile's nationality (the desk records it at check-in); null when none is kept.
  nationality: {
    key: sql`p.nationality`,
    name: sql`null`,
    joins: sql`left join guest_profiles p on p.id = b.profile_id`,
  },
  roomType: { key: sql`b.room_type`, name: sql`null`, joins: sql`` },
};

type Produced = {
  key: string;
  label: string;
  roomNights: number;
  revenueBaisa: number;
  adrNetBaisa: number;
  adrNights: number;
};
type Cancelled = { key: string; label: string; cancellations: number; noShows: number };

const adr = (net: number, nights: number) => (nights > 0 ? Math.round(net / nights) : 0);

/**
 * GET /api/admin/reports/production?from&to&by: two reads, each in proportion to the period.
 *
 * @example
 * const { rows, total } = await productionReport(db, { from: '2026-03-01', to: '2026-03-31', by: 'segment' });
 */
export async function productionReport(
  db: Db,
  query: Pick<ProductionQuery, 'from' | 'to' | 'by'>,
): Promise<ProductionReport> {
  const { from, to, by } = query;
  const { key, name, joins } = DIMENSIONS[by];
  const night = sql`l.kind = 'charge' and l.night is not null`;
  const [produced, cancelled] = await Promise.all([
    db.all<Produced>(sql`select coalesce(${key}, '') as key, coalesce(${name}, ${key}, '') as label, count(n.night_net) as roomNights,
        coalesce(sum(n.net), 0) as revenueBaisa,
        coalesce(sum(case when n.night_net > 0 then n.night_net end), 0) as adrNetBaisa,
        count(case when n.night_net > 0 then 1 end) as adrNights
      from (select l.booking_id, l.net_baisa as net,
          case when ${night} then l.net_baisa + coalesce((select sum(k.net_baisa) from folio_lines k
            where k.corrects_line_id = l.id and k.kind = 'correction'
            and k.business_date between ${from} and ${to}), 0) end as night_net
        from folio_lines l where l.business_date between ${from} and ${to}
          and l.kind in ('charge', 'correction') and l.department = 'room'
        -- The room revenue a document's rounding of its taxes moved (decision 068, "One truth"), as
        -- the close counts it: on the document's booking, no night.
        union all
        select r.booking_id, r.net_baisa, null from folio_roundings r
        where r.business_date between ${from} and ${to} and r.department = 'room') n
      join booking_submissions b on b.id = n.booking_id
      ${joins}
      group by 1`),
    db.all<Cancelled>(sql`select coalesce(${key}, '') as key, coalesce(${name}, ${key}, '') as label,
        count(case when coalesce(b.status_reason, '') <> ${NO_SHOW_REASON} then 1 end) as cancellations,
        count(case when b.status_reason = ${NO_SHOW_REASON} then 1 end) as noShows
      from booking_submissions b
      ${joins}
      where b.check_in_date between ${from} and ${to} and +b.status = 'cancelled'
      group by 1`),
  ]);
  const groups = new Map<string, ProductionRow & { adrNetBaisa: number; adrNights: number }>();
  const group = (k: string, label: string) => {
    let row = groups.get(k);
    if (!row) {
      row = {
        key: k,
        label,
        roomNights: 0,
        revenueBaisa: 0,
        adrBaisa: 0,
        cancellations: 0,
        noShows: 0,
        adrNetBaisa: 0,
        adrNights: 0,
      };
      groups.set(k, row);
    }
    return row;
  };
  for (const p of produced) {
    Object.assign(group(p.key, p.label), {
      roomNights: p.roomNights,
      revenueBaisa: p.revenueBaisa,
      adrNetBaisa: p.adrNetBaisa,
      adrNights: p.adrNights,
    });
  }
  for (const c of cancelled) {
    Object.assign(group(c.key, c.label), { cancellations: c.cancellations, noShows: c.noShows });
  }
  const all = [...groups.values()];
  const sum = (f: (r: (typeof all)[number]) => number) => all.reduce((s, r) => s + f(r), 0);
  const rows = all
    .map(({ adrNetBaisa, adrNights, ...row }) => ({ ...row, adrBaisa: adr(adrNetBaisa, adrNights) }))
    .sort(
      (a, b) => b.revenueBaisa - a.revenueBaisa || b.roomNights - a.roomNights || a.key.localeCompare(b.key),
    );
  return {
    from,
    to,
    by,
    rows,
    total: {
      roomNights: sum((r) => r.roomNights),
      revenueBaisa: sum((r) => r.revenueBaisa),
      adrBaisa: adr(
        sum((r) => r.adrNetBaisa),
        sum((r) => r.adrNights),
      ),
      cancellations: sum((r) => r.cancellations),
      noShows: sum((r) => r.noShows),
    },
  };
}

const COLUMNS = ['key', 'roomNights', 'revenueOmr', 'adrOmr', 'cancellations', 'noShows'] as const;

/**
 * The production report as CSV, in the request's language: one row per group named by `name` (a
 * company's or agent's name as it was typed, neutralised by platform/csv.ts when a spreadsheet
 * could run it; a room type's, segment's or country's name), amounts in rials with three decimals,
 * and the total last.
 */
export function productionCsv(
  report: ProductionReport,
  language: Language,
  name: (row: { key: string; label: string }) => string,
) {
  const line = (key: string, r: Omit<ProductionRow, 'key' | 'label'>) => ({
    key,
    roomNights: r.roomNights,
    revenueOmr: omrDecimal(r.revenueBaisa),
    adrOmr: omrDecimal(r.adrBaisa),
    cancellations: r.cancellations,
    noShows: r.noShows,
  });
  const rows = [...report.rows.map((r) => line(name(r), r)), line(csvWord(language, 'total'), report.total)];
  const headers = csvHeaders(language, COLUMNS, {
    key: `by.${report.by}`,
    roomNights: 'room_nights',
    revenueOmr: 'room_revenue',
    adrOmr: 'adr',
    cancellations: 'cancellations',
    noShows: 'no_shows',
  });
  return {
    body: toCsv([...COLUMNS], rows, headers),
    filename: `production-${report.by}-${report.from}-${report.to}.csv`,
  };
}
