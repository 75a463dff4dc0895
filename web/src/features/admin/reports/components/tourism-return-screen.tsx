import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { addDays, hotelToday } from '@shared/dates';
import type { NationalityGroup, TourismLine } from '@shared/registration-schemas';
import { formatBookingReference } from '@shared/booking-reference';
import { Link } from 'react-aria-components';
import { AdminTable } from '@/components/admin/admin-table';
import { Select, SelectItem } from '@/components/ui/select';
import { useLanguage } from '@/hooks/use-language';
import { formatPercent } from '@/lib/format-figures';
import { formatCount, formatDate, formatMonth, formatPrice } from '@/lib/format';
import { type TourismReturn, reportDefaults, useTourismReturn } from '../api/reports';
import { labelOf } from '@/entities/bookings/booking-labels';
import { SEGMENT_LABELS } from '../lib/report-words';
import { ReportBody, ReportFrame, Tile, useReportParams } from './report-frame';
import { daysCount, guestNightsCount } from '@/lib/counts';

/** Months offered: this one and the 24 before it. */
const MONTHS_BACK = 24;

const GROUP_LABELS: Record<NationalityGroup, MessageDescriptor> = {
  omani: msg`Omani`,
  gcc: msg`GCC`,
  other_arab: msg`Other Arab`,
  asian: msg`Asian`,
  european: msg`European`,
  american: msg`American`,
  african: msg`African`,
  oceanian: msg`Oceanian`,
};

/** This month and the ones before it, newest first (YYYY-MM). */
function recentMonths(today = hotelToday()): string[] {
  const months: string[] = [];
  let first = `${today.slice(0, 7)}-01`;
  for (let i = 0; i <= MONTHS_BACK; i++) {
    months.push(first.slice(0, 7));
    first = `${addDays(first, -1).slice(0, 7)}-01`;
  }
  return months;
}

/**
 * /admin/reports/tourism-return (managers): the monthly tourism return for the National Centre
 * for Statistics and Information, last month's by default: rooms available and sold, occupancy,
 * room revenue, guests and guest nights by nationality group, Omani and not, and by purpose; read
 * from the closed days' stored books, with the guests whose nationality is unknown listed for the
 * desk. The CSV and a printable A4 page come with the report's frame.
 */
export function TourismReturnScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const [query, set] = useReportParams({ month: reportDefaults().lastMonth });
  const report = useTourismReturn(query);
  const months = recentMonths();
  if (!months.includes(query.month)) months.push(query.month);
  return (
    <ReportFrame
      report="tourism-return"
      query={query}
      subtitle={
        <Trans>
          The month for the statistics, from the closed days: rooms, occupancy, room revenue, guests and guest
          nights by nationality.
        </Trans>
      }
      controls={
        <div className="w-full sm:w-64">
          <Select
            label={t`Month`}
            selectedKey={query.month}
            onSelectionChange={(key) => key && set({ month: String(key) })}
            data-testid="tourism-month"
          >
            {months.map((month) => (
              <SelectItem key={month} id={month} textValue={formatMonth(month, language)}>
                {formatMonth(month, language)}
              </SelectItem>
            ))}
          </Select>
        </div>
      }
    >
      <ReportBody result={report}>{(data) => <TourismReturnBody report={data} />}</ReportBody>
    </ReportFrame>
  );
}

function TourismReturnBody({ report }: { report: TourismReturn }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const count = (n: number) => formatCount(n, language);
  const month = formatMonth(report.month, language);
  const closed = count(report.closedDays);
  const days = daysCount(report.days, language);
  type Row = TourismLine & { key: string; label: string };
  const lines: Row[] = [
    ...report.groups.map((g) => ({ key: g.group, label: i18n._(GROUP_LABELS[g.group]), ...g })),
    { key: 'unknown', label: t`Nationality unknown`, ...report.unknown },
  ];
  const countColumns = [
    {
      id: 'arrivals',
      header: <Trans>Guests (arrivals)</Trans>,
      align: 'end' as const,
      className: 'tabular-nums',
      cell: (r: Row) => count(r.arrivals),
    },
    {
      id: 'nights',
      header: <Trans>Guest nights</Trans>,
      align: 'end' as const,
      className: 'tabular-nums',
      cell: (r: Row) => count(r.guestNights),
    },
  ];
  const total: Row = {
    key: 'total',
    label: t`Total`,
    arrivals: report.arrivals,
    guestNights: report.guestNights,
  };
  return (
    <div className="flex flex-col gap-5" data-testid="tourism-return">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h2 className="text-xl font-bold text-slate-900" data-testid="tourism-month-shown">
          {month}
        </h2>
        <p className="text-slate-700" data-testid="tourism-state">
          {report.complete ? (
            <Trans>Every day of the month is closed: this return no longer changes.</Trans>
          ) : (
            <Trans>
              {closed} of {days} closed: the return counts the closed days only.
            </Trans>
          )}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4 print:grid-cols-4">
        <Tile label={<Trans>Rooms available</Trans>} value={count(report.roomsAvailable)} />
        <Tile label={<Trans>Rooms sold</Trans>} value={count(report.roomsSold)} testId="tourism-rooms-sold" />
        <Tile
          label={<Trans>Occupancy</Trans>}
          value={report.occupancy === null ? '—' : formatPercent(report.occupancy, language)}
          testId="tourism-occupancy"
        />
        <Tile
          label={<Trans>Room revenue without taxes</Trans>}
          value={formatPrice(report.roomRevenueBaisa, language)}
          testId="tourism-revenue"
        />
      </dl>
      <div className="grid gap-4 lg:grid-cols-2 print:grid-cols-2">
        <AdminTable
          look="ruled"
          className="text-sm"
          caption={t`Guests and guest nights by nationality, ${month}`}
          columns={[
            { id: 'group', header: <Trans>Nationality</Trans>, isRowHeader: true, cell: (r) => r.label },
            ...countColumns,
          ]}
          rows={[...lines, total]}
          rowKey={(r) => r.key}
          rowProps={(r) => ({ 'data-testid': `tourism-group-${r.key}` })}
        />
        <div className="flex flex-col gap-4">
          <AdminTable
            look="ruled"
            className="text-sm"
            caption={t`Omani and non-Omani guests, ${month}`}
            columns={[
              { id: 'who', header: <Trans>Guests</Trans>, isRowHeader: true, cell: (r) => r.label },
              ...countColumns,
            ]}
            rows={[
              { key: 'omani', label: t`Omani`, ...report.omani },
              { key: 'non-omani', label: t`Non-Omani`, ...report.nonOmani },
              { key: 'unknown', label: t`Nationality unknown`, ...report.unknown },
            ]}
            rowKey={(r) => r.key}
          />
          {report.purposes.length === 0 ? (
            <p className="text-slate-700">
              <Trans>No guest nights counted in the closed days of this month.</Trans>
            </p>
          ) : (
            <AdminTable
              look="ruled"
              className="text-sm"
              caption={t`Guests by purpose of stay (market segment), ${month}`}
              columns={[
                { id: 'purpose', header: <Trans>Purpose</Trans>, isRowHeader: true, cell: (r) => r.label },
                ...countColumns,
              ]}
              rows={report.purposes.map((p) => ({
                key: p.purpose || 'none',
                label: p.purpose ? labelOf(i18n, SEGMENT_LABELS, p.purpose) : t`Not recorded`,
                ...p,
              }))}
              rowKey={(r) => r.key}
            />
          )}
        </div>
      </div>
      {report.unknownNationality.length > 0 ? (
        <section
          className="flex flex-col gap-2 rounded-xl border border-amber-300 bg-amber-50 p-4 print:border-slate-400 print:bg-white"
          aria-labelledby="tourism-unknown-heading"
          data-testid="tourism-unknown"
        >
          <h3 id="tourism-unknown-heading" className="font-bold text-amber-950">
            <Trans>Guests without a nationality</Trans>
          </h3>
          <p className="text-amber-950">
            <Trans>
              Counted apart. Complete their nationality in the guest&apos;s profile while the month is open:
              they then count in their group.
            </Trans>
          </p>
          <ul className="flex flex-col gap-1">
            {report.unknownNationality.map((u) => (
              <li key={u.bookingId} className="flex flex-wrap gap-x-3">
                {u.profileId ? (
                  <Link
                    className="font-semibold text-teal-800 underline"
                    href={`/admin/guests?id=${u.profileId}`}
                  >
                    {u.fullName}
                  </Link>
                ) : (
                  <span className="font-semibold">{u.fullName}</span>
                )}
                <bdi dir="ltr" translate="no">
                  {formatBookingReference(u.reference)}
                </bdi>
                <span>{formatDate(u.arrival, language)}</span>
                <span>{guestNightsCount(u.guestNights, language)}</span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
