import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { hotelToday } from '@shared/dates';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { DatePicker } from '@/components/ui/date-picker';
import { type ReportName, reportDefaults } from '../api/reports';
import { REPORT_PATHS, ReportTitle, useReportParams } from './report-frame';

const cardClass =
  'flex h-full min-h-28 flex-col gap-1.5 rounded-2xl border border-sand-200 bg-white p-5 text-start no-underline shadow-sm outline-none transition-colors ' +
  'data-[hovered]:border-teal-700 data-[hovered]:bg-sand-50 data-[pressed]:bg-sand-100 ' +
  'data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700';

const DESCRIPTIONS: Record<ReportName, ReactNode> = {
  flash: (
    <Trans>The chosen day on one page: occupancy, rates, arrivals and departures, revenue, payments.</Trans>
  ),
  'on-the-books': (
    <Trans>The nights of the period as booked, by room type, segment, source or company.</Trans>
  ),
  pickup: <Trans>What each night of the period gained or lost since an earlier close.</Trans>,
  pace: <Trans>Each night of the period against the same night a year before, as booked then.</Trans>,
  production: (
    <Trans>
      Room nights and revenue of the period by company, travel agent, source, segment, nationality or room
      type.
    </Trans>
  ),
  'tourism-return': (
    <Trans>
      The month for the statistics: rooms, occupancy, room revenue, guests and guest nights by nationality
      group.
    </Trans>
  ),
  extras: (
    <Trans>
      The extras offered to guests before arrival, bought and declined, by extra and by channel, with the
      conversion.
    </Trans>
  ),
};

/**
 * /admin/reports (managers): the reports hub. A day for the flash report (yesterday) and a period
 * for the others (the next 90 nights, where the books are planned; production takes this month so
 * far when the period lies ahead), carried into each report's address; each report is a screen
 * (and a chunk) of its own.
 */
export function ReportsScreen() {
  const { t } = useLingui();
  const defaults = reportDefaults();
  const today = defaults.today;
  const [chosen, set] = useReportParams({
    date: defaults.yesterday,
    from: defaults.today,
    to: defaults.lastNight,
  });
  const href = (report: ReportName, path: string) => {
    const query: Record<string, string> =
      report === 'flash'
        ? { date: chosen.date }
        : report === 'tourism-return'
          ? { month: defaults.lastMonth }
          : report === 'production' || report === 'extras'
            ? // What was produced: the period's past days, or this month so far when it lies ahead.
              {
                from: chosen.from < today ? chosen.from : defaults.monthStart,
                to: chosen.to < today ? chosen.to : today,
              }
            : { from: chosen.from, to: chosen.to };
    return `${path}?${new URLSearchParams(query).toString()}`;
  };
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8" data-testid="reports-hub">
      <AdminPageHeader
        title={<Trans>Manager reports</Trans>}
        subtitle={
          <Trans>
            Each report as a page with charts, a CSV download and a printable A4 page. Choose the day and the
            period, then a report.
          </Trans>
        }
      />
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t`Report dates`}>
        <div className="w-full sm:w-56">
          <DatePicker
            label={t`Day (flash report)`}
            value={chosen.date}
            maxValue={hotelToday()}
            onChange={(date) => set({ date: date || defaults.yesterday })}
          />
        </div>
        <div className="w-full sm:w-52">
          <DatePicker
            label={t`From`}
            value={chosen.from}
            onChange={(from) => set({ from: from || defaults.today })}
          />
        </div>
        <div className="w-full sm:w-52">
          <DatePicker
            label={t`To`}
            value={chosen.to}
            minValue={chosen.from}
            onChange={(to) => set({ to: to || defaults.lastNight })}
          />
        </div>
      </div>
      <nav aria-label={t`Reports`}>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {REPORT_PATHS.map(({ report, href: path }) => (
            <li key={report}>
              <Link href={href(report, path)} className={cardClass} data-testid={`reports-hub-${report}`}>
                <span className="text-lg font-bold text-teal-800">
                  <ReportTitle report={report} />
                </span>
                <span className="text-slate-700">{DESCRIPTIONS[report]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
