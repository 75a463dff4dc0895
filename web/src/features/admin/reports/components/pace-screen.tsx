import { Trans, useLingui } from '@lingui/react/macro';
import { AdminTable } from '@/components/admin/admin-table';
import { DatePicker } from '@/components/ui/date-picker';
import { useLanguage } from '@/hooks/use-language';
import { formatDayMonth } from '@/lib/format-figures';
import { formatCount, formatPrice } from '@/lib/format';
import { type PaceRow, reportDefaults, usePaceReport } from '../api/reports';
import {
  CHART_COLORS,
  ColumnChart,
  REPORT_TABLE_CLASS,
  ReportFigure,
} from '@/components/admin/report-charts';
import { ReportBody, ReportFrame, useReportParams } from './report-frame';

/**
 * /admin/reports/pace (managers): each night ahead as booked today beside the same night a year
 * before as it stood on the same date a year before: two bars per night and a table.
 */
export function PaceScreen() {
  const { t } = useLingui();
  const defaults = reportDefaults();
  const [query, set] = useReportParams({ from: defaults.today, to: defaults.lastNight });
  const report = usePaceReport(query);
  return (
    <ReportFrame
      report="pace"
      query={query}
      subtitle={
        <Trans>
          Each night ahead as booked today, against the same night last year as it was booked a year ago
          today.
        </Trans>
      }
      controls={
        <>
          <div className="w-full sm:w-52">
            <DatePicker
              label={t`Nights from`}
              value={query.from}
              onChange={(from) => set({ from: from || defaults.today })}
            />
          </div>
          <div className="w-full sm:w-52">
            <DatePicker
              label={t`Nights to`}
              value={query.to}
              minValue={query.from}
              onChange={(to) => set({ to: to || defaults.lastNight })}
            />
          </div>
        </>
      }
    >
      <ReportBody result={report}>
        {(data) => <Pace rows={data.rows} lastYearStored={data.lastYearStored} />}
      </ReportBody>
    </ReportFrame>
  );
}

function Pace({ rows, lastYearStored }: { rows: PaceRow[]; lastYearStored: boolean }) {
  const { t } = useLingui();
  const language = useLanguage();
  if (rows.length === 0)
    return (
      <p className="text-slate-700">
        <Trans>No nights to show.</Trans>
      </p>
    );
  const thisYear = t`This year`;
  const lastYear = t`A year before`;
  const count = (n: number | null) => (n === null ? '—' : formatCount(n, language));
  return (
    <div className="flex flex-col gap-4">
      {lastYearStored ? null : (
        <p className="rounded-xl bg-sand-100 p-3 text-slate-800" data-testid="pace-no-last-year">
          <Trans>
            No day close was kept on the same date a year before, so there is nothing to compare with yet.
          </Trans>
        </p>
      )}
      <ReportFigure
        testId="pace-chart"
        title={<Trans>Rooms on the books, this year and a year before</Trans>}
        legend={[
          { label: thisYear, color: CHART_COLORS[0]! },
          { label: lastYear, color: CHART_COLORS[1]! },
        ]}
        chart={
          <ColumnChart
            rtl={language === 'ar'}
            labels={rows.map((r) => formatDayMonth(r.date, language))}
            bars={[
              { id: 'now', label: thisYear, color: CHART_COLORS[0]!, values: rows.map((r) => r.rooms) },
              {
                id: 'before',
                label: lastYear,
                color: CHART_COLORS[1]!,
                values: rows.map((r) => r.lastYearRooms ?? 0),
              },
            ]}
            formatValue={(n) => formatCount(n, language)}
          />
        }
        table={
          <AdminTable
            look="figures"
            region={{ label: t`Pace per night` }}
            caption={t`Rooms and room revenue on the books per night, this year and a year before`}
            className={`min-w-[36rem] text-sm ${REPORT_TABLE_CLASS}`}
            columns={[
              {
                id: 'night',
                header: <Trans>Night</Trans>,
                isRowHeader: true,
                cell: (r) => formatDayMonth(r.date, language),
              },
              {
                id: 'rooms',
                header: <Trans>Rooms this year</Trans>,
                align: 'end',
                className: 'font-semibold tabular-nums',
                cell: (r) => formatCount(r.rooms, language),
              },
              {
                id: 'last-rooms',
                header: <Trans>Rooms a year before</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => count(r.lastYearRooms),
              },
              {
                id: 'difference',
                header: <Trans>Difference</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) =>
                  r.lastYearRooms === null ? '—' : formatCount(r.rooms - r.lastYearRooms, language),
              },
              {
                id: 'revenue',
                header: <Trans>Revenue this year</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => formatPrice(r.revenueBaisa, language),
              },
              {
                id: 'last-revenue',
                header: <Trans>Revenue a year before</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) =>
                  r.lastYearRevenueBaisa === null ? '—' : formatPrice(r.lastYearRevenueBaisa, language),
              },
            ]}
            rows={rows}
            rowKey={(r) => r.date}
          />
        }
      />
    </div>
  );
}
