import { Trans, useLingui } from '@lingui/react/macro';
import { hotelToday } from '@shared/dates';
import type { ExtraKind } from '@shared/extras';
import { extraKindLabel } from '@/entities/extras/extra-words';
import { AdminTable } from '@/components/admin/admin-table';
import { DatePicker } from '@/components/ui/date-picker';
import { departmentLabel, paymentMethodLabel } from '@/entities/folio/folio-words';
import { useLanguage } from '@/hooks/use-language';
import { formatPercent } from '@/lib/format-figures';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { type FlashReport, reportDefaults, useFlashReport } from '../api/reports';
import { BarList, CHART_COLORS, ReportFigure } from '@/components/admin/report-charts';
import { ReportBody, ReportFrame, Tile, useReportParams } from './report-frame';

/**
 * /admin/reports/flash (managers): one day on one page, yesterday's by default: occupancy, ADR,
 * RevPAR, the rooms' movements, revenue by department (a chart and its table) and payments.
 */
export function FlashScreen() {
  const { t } = useLingui();
  const [query, set] = useReportParams({ date: reportDefaults().yesterday });
  const report = useFlashReport(query);
  return (
    <ReportFrame
      report="flash"
      query={query}
      subtitle={<Trans>The day on one page: rooms, rates, revenue by department and payments.</Trans>}
      controls={
        <div className="w-full sm:w-64">
          <DatePicker
            label={t`Business date`}
            value={query.date}
            maxValue={hotelToday()}
            onChange={(date) => set({ date: date || reportDefaults().yesterday })}
          />
        </div>
      }
    >
      <ReportBody result={report}>{(data) => <Flash report={data} />}</ReportBody>
    </ReportFrame>
  );
}

function Flash({ report }: { report: FlashReport }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const money = (baisa: number) => formatPrice(baisa, language);
  const count = (n: number) => formatCount(n, language);
  const revenue = Object.entries(report.revenueBaisa)
    .map(([department, baisa]) => ({ key: department, label: departmentLabel(i18n, department), baisa }))
    .sort((a, b) => b.baisa - a.baisa);
  // Each method that took or gave back money that day: its payments and its refunds.
  const methods = [...new Set([...Object.keys(report.paymentsBaisa), ...Object.keys(report.refundsBaisa)])];
  const payments = methods.map((method) => ({
    key: method,
    label: paymentMethodLabel(i18n, method),
    baisa: report.paymentsBaisa[method] ?? 0,
    refundBaisa: report.refundsBaisa[method] ?? 0,
  }));
  const day = formatDate(report.date, language);
  return (
    <div className="flex flex-col gap-5" data-testid="flash-report">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-xl font-bold text-slate-900" data-testid="flash-date">
          {day}
        </h2>
        <p className="text-slate-700" data-testid="flash-state">
          {report.closed ? (
            <Trans>Closed: these figures no longer change.</Trans>
          ) : (
            <Trans>Not closed yet: the figures so far.</Trans>
          )}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4 print:grid-cols-4">
        <Tile
          label={<Trans>Occupancy</Trans>}
          value={report.occupancy === null ? '—' : formatPercent(report.occupancy, language)}
          testId="flash-occupancy"
        />
        <Tile label={<Trans>Average daily rate</Trans>} value={money(report.adrBaisa)} testId="flash-adr" />
        <Tile
          label={<Trans>Revenue per available room</Trans>}
          value={money(report.revparBaisa)}
          testId="flash-revpar"
        />
        <Tile label={<Trans>Rooms sold</Trans>} value={count(report.roomsSold)} testId="flash-rooms-sold" />
        <Tile label={<Trans>Rooms for sale</Trans>} value={count(report.roomsForSale)} />
        <Tile
          label={<Trans>Arrivals (checked in)</Trans>}
          value={`${count(report.arrivals)} (${count(report.arrived)})`}
          testId="flash-arrivals"
        />
        <Tile
          label={<Trans>Departures (checked out)</Trans>}
          value={`${count(report.departures)} (${count(report.departed)})`}
          testId="flash-departures"
        />
        <Tile
          label={
            // The guests in house that night: "now" only for the day still open.
            report.date < hotelToday() ? <Trans>In house that night</Trans> : <Trans>In house tonight</Trans>
          }
          value={count(report.inHouse)}
          testId="flash-in-house"
        />
        <Tile label={<Trans>No-shows</Trans>} value={count(report.noShows)} />
        <Tile label={<Trans>Cancellations</Trans>} value={count(report.cancellations)} />
        <Tile label={<Trans>Out of order</Trans>} value={count(report.outOfOrder)} />
        <Tile
          label={<Trans>Revenue without taxes</Trans>}
          value={money(report.totalRevenueBaisa)}
          testId="flash-revenue"
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2 print:grid-cols-1">
        <ReportFigure
          testId="flash-revenue-chart"
          title={<Trans>Revenue by department</Trans>}
          description={<Trans>Without taxes, in rials.</Trans>}
          chart={
            revenue.length === 0 ? null : (
              <BarList
                rtl={language === 'ar'}
                rows={revenue.map((r) => ({
                  key: r.key,
                  label: r.label,
                  value: r.baisa,
                  text: money(r.baisa),
                }))}
              />
            )
          }
          table={
            revenue.length === 0 ? (
              <p className="text-slate-700">
                <Trans>No revenue posted that day.</Trans>
              </p>
            ) : (
              <AdminTable
                look="ruled"
                caption={t`Revenue by department on ${day}`}
                className="text-sm"
                columns={[
                  {
                    id: 'department',
                    header: <Trans>Department</Trans>,
                    isRowHeader: true,
                    cell: (r) => r.label,
                  },
                  {
                    id: 'revenue',
                    header: <Trans>Revenue</Trans>,
                    align: 'end',
                    className: 'tabular-nums',
                    cell: (r) => money(r.baisa),
                  },
                ]}
                rows={revenue}
                rowKey={(r) => r.key}
              />
            )
          }
        />
        {(report.outlets ?? []).length > 0 ? (
          // Each outlet's day (decision 090): its checks less the day's voids, net, and its taxes.
          <ReportFigure
            testId="flash-outlets"
            title={<Trans>Revenue by outlet</Trans>}
            description={<Trans>Without taxes, in rials: to rooms and paid at the outlet, less voids.</Trans>}
            chart={
              <BarList
                rtl={language === 'ar'}
                rows={report.outlets.map((o) => ({
                  key: String(o.outletId),
                  label: language === 'ar' ? o.nameAr : o.nameEn,
                  value: Math.max(0, o.revenueBaisa),
                  text: money(o.revenueBaisa),
                }))}
              />
            }
            table={
              <AdminTable
                look="ruled"
                caption={t`Revenue by outlet on ${day}`}
                className="text-sm"
                columns={[
                  {
                    id: 'outlet',
                    header: <Trans>Outlet</Trans>,
                    isRowHeader: true,
                    cell: (o) => (language === 'ar' ? o.nameAr : o.nameEn),
                  },
                  {
                    id: 'revenue',
                    header: <Trans>Revenue</Trans>,
                    align: 'end',
                    className: 'tabular-nums',
                    cell: (o) => money(o.revenueBaisa),
                  },
                  {
                    id: 'taxes',
                    header: <Trans>Taxes</Trans>,
                    align: 'end',
                    className: 'tabular-nums',
                    cell: (o) => money(Object.values(o.taxesBaisa).reduce((a, b) => a + b, 0)),
                  },
                ]}
                rows={report.outlets}
                rowKey={(o) => String(o.outletId)}
              />
            }
          />
        ) : null}
        {Object.keys(report.extrasRevenueBaisa ?? {}).length > 0 ? (
          // The extras guests bought for their stays (decision 098), net of the day's corrections.
          <ReportFigure
            testId="flash-extras"
            title={<Trans>Revenue from extras</Trans>}
            description={
              <Trans>Without taxes, in rials, by kind: upgrades, early check-in, transfers…</Trans>
            }
            chart={
              <BarList
                rtl={language === 'ar'}
                rows={Object.entries(report.extrasRevenueBaisa).map(([kind, baisa]) => ({
                  key: kind,
                  label: extraKindLabel(i18n, kind as ExtraKind),
                  value: Math.max(0, baisa ?? 0),
                  text: money(baisa ?? 0),
                }))}
              />
            }
            table={
              <AdminTable
                look="ruled"
                caption={t`Revenue from extras on ${day}`}
                className="text-sm"
                columns={[
                  {
                    id: 'kind',
                    header: <Trans>Extra</Trans>,
                    isRowHeader: true,
                    cell: ([kind]) => extraKindLabel(i18n, kind as ExtraKind),
                  },
                  {
                    id: 'revenue',
                    header: <Trans>Revenue</Trans>,
                    align: 'end',
                    className: 'tabular-nums',
                    cell: ([, baisa]) => money(baisa ?? 0),
                  },
                ]}
                rows={Object.entries(report.extrasRevenueBaisa)}
                rowKey={([kind]) => kind}
              />
            }
          />
        ) : null}
        <ReportFigure
          testId="flash-payments"
          title={<Trans>Payments</Trans>}
          description={<Trans>Taken that day, by method; refunds apart.</Trans>}
          chart={
            payments.length === 0 ? null : (
              <BarList
                rtl={language === 'ar'}
                color={CHART_COLORS[1]}
                rows={payments.map((p) => ({
                  key: p.key,
                  label: p.label,
                  value: p.baisa,
                  text: money(p.baisa),
                }))}
              />
            )
          }
          table={
            payments.length === 0 ? (
              <p className="text-slate-700">
                <Trans>No payments taken that day.</Trans>
              </p>
            ) : (
              <AdminTable
                look="ruled"
                caption={t`Payments on ${day}`}
                className="text-sm"
                columns={[
                  { id: 'method', header: <Trans>Method</Trans>, isRowHeader: true, cell: (p) => p.label },
                  {
                    id: 'amount',
                    header: <Trans>Amount</Trans>,
                    align: 'end',
                    className: 'tabular-nums',
                    cell: (p) => money(p.baisa),
                  },
                  {
                    id: 'refunds',
                    header: <Trans>Refunds</Trans>,
                    align: 'end',
                    className: 'tabular-nums',
                    cell: (p) => money(p.refundBaisa),
                  },
                ]}
                rows={payments}
                rowKey={(p) => p.key}
              />
            )
          }
        />
      </div>
    </div>
  );
}
