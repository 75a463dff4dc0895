import { Trans, useLingui } from '@lingui/react/macro';
import { hotelToday } from '@shared/dates';
import { AdminTable } from '@/components/admin/admin-table';
import { DatePicker } from '@/components/ui/date-picker';
import { useLanguage } from '@/hooks/use-language';
import { formatDayMonth } from '@/lib/format-figures';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { type PickupRow, reportDefaults, usePickupReport } from '../api/reports';
import {
  CHART_COLORS,
  ColumnChart,
  REPORT_TABLE_CLASS,
  ReportFigure,
} from '@/components/admin/report-charts';
import { BooksNotStored, ReportBody, ReportFrame, useReportParams } from './report-frame';
import { roomNightsCount } from '@/lib/counts';

/**
 * /admin/reports/pickup (managers): what each night ahead gained or lost between two closes
 * (the later one today: the books as they stand now; the earlier one last night's close, the
 * night audit's), as bars per night and as a table.
 */
export function PickupScreen() {
  const { t } = useLingui();
  const defaults = reportDefaults();
  const [query, set] = useReportParams({
    asOf: defaults.today,
    compareTo: defaults.yesterday,
    from: defaults.today,
    to: defaults.lastNight,
  });
  const report = usePickupReport(query);
  return (
    <ReportFrame
      report="pickup"
      query={query}
      subtitle={<Trans>Rooms booked or cancelled for each night ahead between two closes of the day.</Trans>}
      controls={
        <>
          <div className="w-full sm:w-52">
            <DatePicker
              label={t`Books as at`}
              description={t`Today: as booked now`}
              value={query.asOf}
              maxValue={hotelToday()}
              onChange={(asOf) => set({ asOf: asOf || defaults.today })}
            />
          </div>
          <div className="w-full sm:w-52">
            <DatePicker
              label={t`Compared with the close of`}
              value={query.compareTo}
              maxValue={query.asOf}
              onChange={(compareTo) => set({ compareTo: compareTo || defaults.yesterday })}
            />
          </div>
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
      <ReportBody
        result={report}
        notStored={
          <BooksNotStored date={query.compareTo}>
            <Trans>
              Pickup compares the books as they stand with those a day close stored. Each day close stores
              them, from the first close on: once a day is closed, choose it under “Compared with the close
              of”.
            </Trans>
          </BooksNotStored>
        }
      >
        {(data) => <Pickup rows={data.rows} asOf={query.asOf} compareTo={query.compareTo} />}
      </ReportBody>
    </ReportFrame>
  );
}

function Pickup({ rows, asOf, compareTo }: { rows: PickupRow[]; asOf: string; compareTo: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  if (rows.length === 0)
    return (
      <p className="text-slate-700">
        <Trans>No nights to show.</Trans>
      </p>
    );
  const then = formatDate(compareTo, language);
  const now = formatDate(asOf, language);
  const picked = rows.reduce((sum, r) => sum + r.pickupRooms, 0);
  const pickedRevenue = rows.reduce((sum, r) => sum + r.pickupRevenueBaisa, 0);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-lg text-slate-900" data-testid="pickup-total">
        {/* No stop after the money: in Arabic it ends with the currency's own ("ر.ع."). */}
        <Trans>
          Between {then} and {now}: {roomNightsCount(picked, language)},{' '}
          {formatPrice(pickedRevenue, language)}
        </Trans>
      </p>
      <ReportFigure
        testId="pickup-chart"
        title={<Trans>Pickup per night</Trans>}
        description={<Trans>Rooms gained (above the line) or lost (below it) since the earlier close.</Trans>}
        chart={
          <ColumnChart
            rtl={language === 'ar'}
            labels={rows.map((r) => formatDayMonth(r.date, language))}
            bars={[
              {
                id: 'pickup',
                label: t`Pickup`,
                color: CHART_COLORS[0]!,
                values: rows.map((r) => r.pickupRooms),
              },
            ]}
            formatValue={(n) => formatCount(n, language)}
          />
        }
        table={
          <AdminTable
            look="figures"
            region={{ label: t`Pickup per night` }}
            caption={t`Pickup per night between ${then} and ${now}`}
            className={`min-w-[32rem] text-sm ${REPORT_TABLE_CLASS}`}
            columns={[
              {
                id: 'night',
                header: <Trans>Night</Trans>,
                isRowHeader: true,
                cell: (r) => formatDayMonth(r.date, language),
              },
              {
                id: 'then',
                header: <Trans>Rooms then</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => formatCount(r.compareRooms, language),
              },
              {
                id: 'now',
                header: <Trans>Rooms now</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => formatCount(r.rooms, language),
              },
              {
                id: 'pickup',
                header: <Trans>Pickup</Trans>,
                align: 'end',
                className: 'font-semibold tabular-nums',
                cell: (r) => formatCount(r.pickupRooms, language),
              },
              {
                id: 'revenue',
                header: <Trans>Revenue picked up</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => formatPrice(r.pickupRevenueBaisa, language),
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
