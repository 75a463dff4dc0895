import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-aria-components';
import { hotelToday } from '@shared/dates';
import { AdminTable } from '@/components/admin/admin-table';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { useAllRoomTypes } from '@/entities/rooms/get-room-types';
import { useLanguage } from '@/hooks/use-language';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import {
  PRODUCTION_GROUPS,
  type ProductionGroup,
  type ProductionReport,
  reportDefaults,
  useProductionReport,
} from '../api/reports';
import { GROUP_LABELS, keyLabel } from '../lib/report-words';
import { BarList, ReportFigure } from '@/components/admin/report-charts';
import { ReportBody, ReportFrame, Tile, useReportParams } from './report-frame';

/**
 * /admin/reports/production (managers): room nights, room revenue, ADR and cancellations of a
 * period by company, travel agent, source, segment, nationality or room type: a table and the
 * revenue as bars.
 */
export function ProductionScreen() {
  const { t, i18n } = useLingui();
  const defaults = reportDefaults();
  const [query, set] = useReportParams({ from: defaults.monthStart, to: defaults.today, by: 'company' });
  const by = (PRODUCTION_GROUPS as readonly string[]).includes(query.by)
    ? (query.by as ProductionGroup)
    : 'company';
  const report = useProductionReport({ ...query, by });
  return (
    <ReportFrame
      report="production"
      query={{ ...query, by }}
      subtitle={
        <Trans>
          Room nights, room revenue, average rate and cancellations of a period, by who brought them.
        </Trans>
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
          <Select
            label={t`Group by`}
            selectedKey={by}
            onSelectionChange={(key) => set({ by: String(key) })}
            className="w-full sm:w-48"
            data-testid="production-by"
          >
            {PRODUCTION_GROUPS.map((group) => (
              <SelectItem key={group} id={group}>
                {i18n._(GROUP_LABELS[group])}
              </SelectItem>
            ))}
          </Select>
        </>
      }
    >
      {query.to > defaults.today ? <NotProducedYet from={query.from} to={query.to} /> : null}
      <ReportBody result={report}>
        {(data) => <Production report={data} by={by} from={query.from} to={query.to} />}
      </ReportBody>
    </ReportFrame>
  );
}

/**
 * A period ending after today is allowed (the server counts what was posted in it): the days
 * ahead produced nothing yet, and their nights are on the books; said, with the way there.
 */
function NotProducedYet({ from, to }: { from: string; to: string }) {
  const language = useLanguage();
  const today = hotelToday();
  const day = formatDate(today, language);
  const ahead = new URLSearchParams({ from: from > today ? from : today, to }).toString();
  return (
    <div
      role="status"
      className="flex flex-col gap-1 rounded-xl border border-sand-200 bg-sand-50 p-3 text-slate-900 print:hidden"
      data-testid="production-ahead"
    >
      <p>
        <Trans>
          The period ends after today: production counts the nights and charges posted, so the days after{' '}
          {day} count nothing yet.
        </Trans>
      </p>
      <Link
        href={`/admin/reports/on-the-books?${ahead}`}
        className="self-start font-semibold text-teal-800 underline outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
      >
        <Trans>Their nights are on the books</Trans>
      </Link>
    </div>
  );
}

function Production({
  report,
  by,
  from,
  to,
}: {
  report: ProductionReport;
  by: ProductionGroup;
  from: string;
  to: string;
}) {
  const { t, i18n } = useLingui();
  const { rows, total } = report;
  const language = useLanguage();
  const types = useAllRoomTypes().data;
  if (rows.length === 0)
    return (
      <p className="text-slate-700">
        <Trans>No stays in this period.</Trans>
      </p>
    );
  const named = rows
    .map((row) => ({ ...row, name: keyLabel(i18n, language, by, row, types) }))
    .sort((a, b) => b.revenueBaisa - a.revenueBaisa);
  const groupName = i18n._(GROUP_LABELS[by]);
  const period = `${formatDate(from, language)} – ${formatDate(to, language)}`;
  const money = (baisa: number) => formatPrice(baisa, language);
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4 print:grid-cols-4" data-testid="production-total">
        <Tile label={<Trans>Room nights</Trans>} value={formatCount(total.roomNights, language)} />
        <Tile label={<Trans>Room revenue</Trans>} value={money(total.revenueBaisa)} />
        <Tile label={<Trans>Average daily rate</Trans>} value={money(total.adrBaisa)} />
        <Tile label={<Trans>Cancellations</Trans>} value={formatCount(total.cancellations, language)} />
      </dl>
      <ReportFigure
        testId="production-chart"
        title={<Trans>Room revenue by {groupName}</Trans>}
        description={<Trans>Without taxes, in rials, {period}.</Trans>}
        chart={
          <BarList
            rtl={language === 'ar'}
            rows={named.map((r) => ({
              key: r.key,
              label: r.name,
              value: r.revenueBaisa,
              text: money(r.revenueBaisa),
            }))}
          />
        }
        table={
          <AdminTable
            look="ruled"
            region={{ label: t`Production by ${groupName}` }}
            caption={t`Production by ${groupName}, ${period}`}
            className="min-w-[36rem] text-sm"
            columns={[
              { id: 'key', header: groupName, isRowHeader: true, cell: (r) => r.name },
              {
                id: 'nights',
                header: <Trans>Room nights</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => formatCount(r.roomNights, language),
              },
              {
                id: 'revenue',
                header: <Trans>Room revenue</Trans>,
                align: 'end',
                className: 'font-semibold tabular-nums',
                cell: (r) => money(r.revenueBaisa),
              },
              {
                id: 'adr',
                header: <Trans>Average daily rate</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => money(r.adrBaisa),
              },
              {
                id: 'cancellations',
                header: <Trans>Cancellations</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => formatCount(r.cancellations, language),
              },
              {
                id: 'no-shows',
                header: <Trans>No-shows</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (r) => formatCount(r.noShows, language),
              },
            ]}
            rows={named}
            rowKey={(r) => r.key}
            rowProps={(r) => ({ 'data-key': r.key })}
          />
        }
      />
    </div>
  );
}
