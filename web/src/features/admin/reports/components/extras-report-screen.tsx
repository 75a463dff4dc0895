import { Trans, useLingui } from '@lingui/react/macro';
import { AdminTable } from '@/components/admin/admin-table';
import { DatePicker } from '@/components/ui/date-picker';
import { extraChannelLabel, extraKindLabel } from '@/entities/extras/extra-words';
import { useLanguage } from '@/hooks/use-language';
import { formatCount, formatDate, formatPercent, formatPrice } from '@/lib/format';
import { type ExtrasReport, reportDefaults, useExtrasReport } from '../api/reports';
import { BarList, ReportFigure } from '@/components/admin/report-charts';
import { ReportBody, ReportFrame, Tile, useReportParams } from './report-frame';

/**
 * /admin/reports/extras (managers; docs/decisions/098-stay-extras.md): the extras offered to guests
 * before arrival (shown on the app, through the WhatsApp message's link or at the desk), bought,
 * declined by the desk or not answered in time, by extra and channel, with their revenue and the
 * conversion (bought / shown).
 */
export function ExtrasReportScreen() {
  const { t } = useLingui();
  const defaults = reportDefaults();
  const [query, set] = useReportParams({ from: defaults.monthStart, to: defaults.today });
  const report = useExtrasReport(query);
  return (
    <ReportFrame
      report="extras"
      query={query}
      subtitle={
        <Trans>Offers shown to guests before arrival, bought and declined, by extra and channel.</Trans>
      }
      controls={
        <>
          <div className="w-full sm:w-52">
            <DatePicker
              label={t`From`}
              value={query.from}
              onChange={(from) => set({ from: from || defaults.monthStart })}
            />
          </div>
          <div className="w-full sm:w-52">
            <DatePicker
              label={t`To`}
              value={query.to}
              minValue={query.from}
              onChange={(to) => set({ to: to || defaults.today })}
            />
          </div>
        </>
      }
    >
      <ReportBody result={report}>{(data) => <Offers report={data} />}</ReportBody>
    </ReportFrame>
  );
}

function Offers({ report }: { report: ExtrasReport }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const money = (baisa: number) => formatPrice(baisa, language);
  const count = (n: number) => formatCount(n, language);
  const rate = (conversion: number | null) =>
    conversion === null ? '—' : formatPercent(Math.round(conversion * 1000) / 10, language);
  const period = `${formatDate(report.from, language)} – ${formatDate(report.to, language)}`;
  if (report.rows.length === 0)
    return (
      <p className="text-slate-700">
        <Trans>No extras were offered in this period.</Trans>
      </p>
    );
  const name = (r: ExtrasReport['rows'][number]) => (language === 'ar' ? r.nameAr : r.nameEn);
  const byExtra = new Map<number, { label: string; baisa: number }>();
  for (const r of report.rows) {
    const entry = byExtra.get(r.extraId) ?? { label: name(r), baisa: 0 };
    entry.baisa += r.revenueBaisa;
    byExtra.set(r.extraId, entry);
  }
  return (
    <div className="flex flex-col gap-4">
      <dl
        className="grid grid-cols-2 gap-3 md:grid-cols-4 print:grid-cols-4"
        data-testid="extras-report-total"
      >
        <Tile label={<Trans>Offered</Trans>} value={count(report.totals.shown)} />
        <Tile label={<Trans>Bought</Trans>} value={count(report.totals.bought)} />
        <Tile label={<Trans>Conversion</Trans>} value={rate(report.totals.conversion)} />
        <Tile label={<Trans>Revenue</Trans>} value={money(report.totals.revenueBaisa)} />
      </dl>
      <ReportFigure
        testId="extras-report-table"
        title={<Trans>By extra and channel</Trans>}
        description={
          <Trans>Offered: stays it was shown to; bought: confirmed or waiting for the desk.</Trans>
        }
        chart={
          <BarList
            rtl={language === 'ar'}
            rows={[...byExtra].map(([id, e]) => ({
              key: String(id),
              label: e.label,
              value: e.baisa,
              text: money(e.baisa),
            }))}
          />
        }
        table={
          <AdminTable
            look="ruled"
            caption={t`Extras offered and sold, ${period}`}
            className="text-sm"
            columns={[
              { id: 'extra', header: <Trans>Extra</Trans>, isRowHeader: true, cell: (r) => name(r) },
              { id: 'kind', header: <Trans>Kind</Trans>, cell: (r) => extraKindLabel(i18n, r.kind) },
              {
                id: 'channel',
                header: <Trans>Channel</Trans>,
                cell: (r) => extraChannelLabel(i18n, r.channel),
              },
              {
                id: 'shown',
                header: <Trans>Offered</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => count(r.shown),
              },
              {
                id: 'bought',
                header: <Trans>Bought</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => count(r.bought),
              },
              {
                id: 'declined',
                header: <Trans>Declined</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => count(r.declined + r.expired),
              },
              {
                id: 'conversion',
                header: <Trans>Conversion</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => rate(r.conversion),
              },
              {
                id: 'revenue',
                header: <Trans>Revenue</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => money(r.revenueBaisa),
              },
            ]}
            rows={report.rows}
            rowKey={(r) => `${r.extraId}-${r.channel}`}
          />
        }
      />
    </div>
  );
}
