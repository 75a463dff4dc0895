import { sql } from 'drizzle-orm';
import { addDays } from '@shared/dates';
import { isCalendarDate } from '@shared/date-schemas';
import { EXTRA_RULES, type ExtraChannel, type ExtraKind } from '@shared/extras';
import { nightsBetween, omrDecimal } from '@shared/money';
import { hotelInstant } from '@shared/stay-policy';
import { ApiError } from '../../platform/api-error';
import { toCsv } from '../../platform/csv';
import type { Db } from '../../platform/env';
import { text, type Language } from '../../platform/messages';

/**
 * The offers report (GET /api/admin/reports/extras?from&to, managers; docs/decisions/098): for each
 * offer and channel (the app, the WhatsApp message's link, the desk), the stays it was shown to in
 * the range (the first time on that channel), the purchases made in it (bought: confirmed, or
 * requested still waiting; declined by the desk; expired unanswered), the revenue of those bought,
 * and the conversion (bought / shown). Read along the shown table's date index and the purchases'
 * creation index: the rows of the range, never the history.
 */

export type ExtrasReportRow = {
  extraId: number;
  nameAr: string;
  nameEn: string;
  kind: ExtraKind;
  channel: ExtraChannel;
  shown: number;
  bought: number;
  declined: number;
  expired: number;
  revenueBaisa: number;
  /** bought / shown (0..1), null when it was not shown there (a purchase at the desk may not be). */
  conversion: number | null;
};

export type ExtrasReport = {
  from: string;
  to: string;
  rows: ExtrasReportRow[];
  totals: Omit<ExtrasReportRow, 'extraId' | 'nameAr' | 'nameEn' | 'kind' | 'channel'>;
};

/** 400 unless `from` and `to` are dates, in order, at most a year apart. */
function checkRange(from: string, to: string) {
  if (!isCalendarDate(from)) throw new ApiError(400, 'validation_failed', { from: 'invalid_date' });
  if (!isCalendarDate(to)) throw new ApiError(400, 'validation_failed', { to: 'invalid_date' });
  if (to < from || nightsBetween(from, to) >= EXTRA_RULES.reportMaxDays)
    throw new ApiError(400, 'validation_failed', { to: 'extras_report_range' });
}

/**
 * The report of the days `from` to `to` (inclusive, hotel time): one read.
 *
 * @example const report = await extrasReport(db, '2026-03-01', '2026-03-31');
 */
export async function extrasReport(db: Db, from: string, to: string): Promise<ExtrasReport> {
  checkRange(from, to);
  const start = hotelInstant(from, '00:00').getTime();
  const end = hotelInstant(addDays(to, 1), '00:00').getTime();
  const rows = await db.all<Omit<ExtrasReportRow, 'conversion'>>(sql`
    with shown as (
      select extra_id, channel, count(*) as n from extra_offers_shown
        where shown_date >= ${from} and shown_date <= ${to} group by extra_id, channel
    ), made as (
      select extra_id, channel,
        sum(case when status in ('confirmed', 'requested') then 1 else 0 end) as bought,
        sum(case when status = 'declined' then 1 else 0 end) as declined,
        sum(case when status = 'expired' then 1 else 0 end) as expired,
        sum(case when status = 'confirmed' then total_baisa else 0 end) as revenue
      from extra_purchases where created_at >= ${start} and created_at < ${end}
      group by extra_id, channel
    ), keys as (select extra_id, channel from shown union select extra_id, channel from made)
    select k.extra_id as extraId, e.name_ar as nameAr, e.name_en as nameEn, e.kind as kind, k.channel as channel,
      coalesce(s.n, 0) as shown, coalesce(m.bought, 0) as bought, coalesce(m.declined, 0) as declined,
      coalesce(m.expired, 0) as expired, coalesce(m.revenue, 0) as revenueBaisa
    from keys k join extras e on e.id = k.extra_id
      left join shown s on s.extra_id = k.extra_id and s.channel = k.channel
      left join made m on m.extra_id = k.extra_id and m.channel = k.channel
    order by k.extra_id, case k.channel when 'app' then 0 when 'whatsapp' then 1 else 2 end`);
  const conversion = (bought: number, shown: number) => (shown > 0 ? Math.min(1, bought / shown) : null);
  const sum = (pick: (r: (typeof rows)[number]) => number) => rows.reduce((a, r) => a + Number(pick(r)), 0);
  const totals = {
    shown: sum((r) => r.shown),
    bought: sum((r) => r.bought),
    declined: sum((r) => r.declined),
    expired: sum((r) => r.expired),
    revenueBaisa: sum((r) => r.revenueBaisa),
  };
  return {
    from,
    to,
    rows: rows.map((r) => ({
      ...r,
      shown: Number(r.shown),
      bought: Number(r.bought),
      declined: Number(r.declined),
      expired: Number(r.expired),
      revenueBaisa: Number(r.revenueBaisa),
      conversion: conversion(Number(r.bought), Number(r.shown)),
    })),
    totals: { ...totals, conversion: conversion(totals.bought, totals.shown) },
  };
}

/** The report as CSV, its headers and channels in `language`, rials with three decimals. */
export function extrasReportCsv(report: ExtrasReport, language: Language): string {
  const rows = report.rows.map((r) => ({
    extra: language === 'ar' ? r.nameAr : r.nameEn,
    channel: text(language, `extras_report.channel.${r.channel}`),
    shown: r.shown,
    bought: r.bought,
    declined: r.declined,
    expired: r.expired,
    revenueOmr: omrDecimal(r.revenueBaisa),
    conversionPercent: r.conversion === null ? '' : (r.conversion * 100).toFixed(1),
  }));
  const columns = [
    'extra',
    'channel',
    'shown',
    'bought',
    'declined',
    'expired',
    'revenueOmr',
    'conversionPercent',
  ] as const;
  return toCsv(
    [...columns],
    rows,
    Object.fromEntries(columns.map((c) => [c, text(language, `extras_report.column.${c}`)])),
  );
}
