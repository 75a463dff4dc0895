import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { BookingSource, PeriodKpis } from '@shared/statistics';
import { addDays } from '@shared/dates';
import { type AdminTableColumn, AdminTable } from '@/components/admin/admin-table';
import { Button, LinkButton, buttonClass } from '@/components/ui/button';
import { DateRangePicker } from '@/components/ui/date-range-picker';
import { DownloadIcon, InfoIcon } from '@/components/more-icons';
import { statusLabel } from '@/entities/bookings/booking-labels';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { formatCount, formatDate, formatDateTime, formatPrice } from '@/lib/format';
import { formatDecimal, formatPercent } from '@/lib/format-figures';
import {
  DAILY_CSV_URL,
  statisticsKeys,
  type StatisticsDashboard as Dashboard,
  type StatisticsRange,
  useStatisticsDashboard,
} from '../api/get-statistics-dashboard';
import { requestProblem } from '../lib/request-errors';
import { BookingsRevenueChart, CountBarsChart, OccupancyChart } from './statistics-charts';
import { roomsCount } from '@/lib/counts';

/** A row of the figures of a period: its key, its name, its figures. */
type KpiRow = readonly ['today' | 'month' | 'range', string, PeriodKpis];

const SOURCE_LABELS: Record<BookingSource, MessageDescriptor> = {
  guest_form: msg`Guest booking form`,
  quick: msg`Quick booking`,
  desk: msg`Front desk`,
  assistant: msg`Assistant`,
  points: msg`Free night (points)`,
  channel: msg`Travel sites (OTAs)`,
};

const CATEGORY_LABELS: Record<string, MessageDescriptor> = {
  restaurant: msg`Restaurant`,
  spa: msg`Spa`,
  transport: msg`Transport`,
  shopping: msg`Shopping`,
};

/** The spec's four status labels: pending is "waiting", approved and confirmed are "confirmed". */
const STATUS_GROUPS = [
  { key: 'waiting', label: msg`Waiting`, statuses: ['pending'] },
  { key: 'confirmed', label: msg`Confirmed`, statuses: ['approved', 'confirmed'] },
  { key: 'completed', label: msg`Completed`, statuses: ['completed'] },
  { key: 'cancelled', label: msg`Cancelled`, statuses: ['cancelled'] },
] as const;

/**
 * The statistics dashboard (admin spec "Statistics dashboard" and section 3, and the
 * hotel KPIs): today's figures, revenue by day, month and year, occupancy, ADR and RevPAR,
 * bookings by source, charts with their tables, the latest bookings and the nearby services'
 * visits. Loading, and an error with Retry and Back.
 */
export default function StatisticsDashboard({ onAccessEnded }: { onAccessEnded: () => void }) {
  const { t, i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const [range, setRange] = useState<StatisticsRange | null>(null);
  const query = useStatisticsDashboard(range);
  const queryClient = useQueryClient();
  // The figures stay on the device only while they are on screen.
  useEffect(() => () => queryClient.removeQueries({ queryKey: statisticsKeys.all }), [queryClient]);

  const problem = query.isError ? requestProblem(query.error) : null;
  const accessEnded = problem?.kind === 'server' && problem.status === 403;
  // The 30 minutes ran out (or the session changed): back to the gate.
  useEffect(() => {
    if (accessEnded) onAccessEnded();
  }, [accessEnded, onAccessEnded]);
  // A refused range (400) keeps the figures shown and says why beside the picker.
  const rangeError =
    query.data && problem?.kind === 'server' && problem.status === 400
      ? (Object.values(problem.fields ?? {})[0] ?? problem.message ?? t`Failed to load the statistics`)
      : undefined;

  if (accessEnded) return null;
  if (problem && !query.data) {
    const message =
      problem.kind === 'server'
        ? `HTTP ${formatCount(problem.status, language)}: ${problem.message ?? t`Failed to load the statistics`}`
        : problem.kind === 'html'
          ? t`There is a problem connecting to the server.`
          : problem.kind === 'timeout'
            ? t`The connection timed out. Please try again.`
            : problem.kind === 'network'
              ? t`Cannot reach the server. Check your internet connection.`
              : (problem.message ?? t`An unexpected error occurred while loading the statistics.`);
    return (
      <main className="mx-auto flex w-full max-w-3xl flex-col gap-4 px-4 py-10">
        <h1 className="text-3xl font-bold text-teal-800">
          <Trans>Hotel statistics</Trans>
        </h1>
        <div role="alert" className="flex flex-col gap-4 rounded-2xl bg-red-50 p-5 text-red-900">
          <p className="font-semibold">{t`Error loading the statistics`}</p>
          <p>{message}</p>
          <div className="flex flex-wrap gap-2">
            <Button onPress={() => void query.refetch()}>
              <Trans>Retry</Trans>
            </Button>
            <LinkButton href="/admin" variant="secondary">
              <Trans>Back</Trans>
            </LinkButton>
          </div>
        </div>
      </main>
    );
  }

  if (!query.data) {
    return (
      <main className="mx-auto flex w-full max-w-6xl flex-col gap-4 px-4 py-10">
        <h1 className="text-3xl font-bold text-teal-800">
          <Trans>Hotel statistics</Trans>
        </h1>
        <p role="status" className="text-slate-700">
          <Trans>Loading the statistics…</Trans>
        </p>
      </main>
    );
  }

  const d = query.data;
  const statusRows = STATUS_GROUPS.map((g) => ({
    key: g.key,
    label: i18n._(g.label),
    count: d.bookingsByStatus
      .filter((s) => (g.statuses as readonly string[]).includes(s.status))
      .reduce((sum, s) => sum + s.count, 0),
  }));
  const roomRows = d.mostBookedRooms.map((r) => ({
    key: r.roomType,
    label: roomName(r.roomType),
    count: r.count,
  }));
  const kpiRows: KpiRow[] = [
    ['today', t`Tonight`, d.kpis.today],
    ['month', t`This month`, d.kpis.month],
    [
      'range',
      t`${formatDate(d.kpis.range.from, language)} to ${formatDate(d.kpis.range.to, language)}`,
      d.kpis.range,
    ],
  ];
  const kpiColumns: AdminTableColumn<KpiRow>[] = [
    { id: 'period', header: <Trans>Period</Trans>, isRowHeader: true, cell: ([, label]) => label },
    {
      id: 'occupancy',
      header: <Trans>Occupancy</Trans>,
      cell: ([, , k]) => (k.occupancy === null ? '—' : formatPercent(k.occupancy, language)),
    },
    {
      id: 'adr',
      header: <Trans>ADR</Trans>,
      cell: ([, , k]) => (k.adr === null ? '—' : formatPrice(k.adr, language)),
    },
    {
      id: 'revpar',
      header: <Trans>RevPAR</Trans>,
      cell: ([, , k]) => (k.revpar === null ? '—' : formatPrice(k.revpar, language)),
    },
    {
      id: 'sold',
      header: <Trans>Rooms sold</Trans>,
      cell: ([, , k]) => (
        <Trans>
          {formatCount(k.soldRoomNights, language)} of {formatCount(k.availableRoomNights, language)}
        </Trans>
      ),
    },
    {
      id: 'revenue',
      header: <Trans>Room revenue</Trans>,
      cell: ([, , k]) => formatPrice(k.roomRevenue, language),
    },
  ];

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-3xl font-bold text-teal-800">
            <Trans>Hotel statistics</Trans>
          </h1>
          <p className="text-sm text-slate-700">
            <Trans>Last updated: {formatDateTime(d.lastUpdated, language)}</Trans>
            {query.isFetching ? (
              <span role="status" className="ms-2">
                <Trans>Refreshing…</Trans>
              </span>
            ) : null}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="secondary" onPress={() => void query.refetch()} isDisabled={query.isFetching}>
            <Trans>Refresh</Trans>
          </Button>
          <a href={DAILY_CSV_URL} download className={buttonClass('secondary')}>
            <DownloadIcon />
            <Trans>Export the daily figures (CSV)</Trans>
          </a>
          <LinkButton href="/admin" variant="secondary">
            <Trans>Back</Trans>
          </LinkButton>
        </div>
      </div>

      <p className="flex items-start gap-2 rounded-xl border border-teal-700/20 bg-teal-50 p-3 text-sm text-teal-950">
        <InfoIcon className="mt-0.5 size-5 shrink-0" />
        <span>
          <Trans>
            Room revenue is counted per night stayed: a 3-night stay adds one night's price to each of its 3
            nights, not the whole total on the day it was booked. Approved, confirmed and completed bookings
            count; free nights paid in points add nothing. Days are the hotel's (Muscat time).
          </Trans>
        </span>
      </p>

      <section aria-labelledby="today-heading" className="flex flex-col gap-3">
        <h2 id="today-heading" className="text-xl font-bold text-slate-900">
          <Trans>Today, {formatDate(d.today, language)}</Trans>
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure
            label={<Trans>Bookings made today</Trans>}
            value={formatCount(d.daily.bookings, language)}
          />
          <Figure
            label={<Trans>Site visits today</Trans>}
            value={formatCount(d.daily.siteVisits, language)}
          />
          <Figure label={<Trans>Registered users</Trans>} value={formatCount(d.registeredUsers, language)} />
          <Figure
            label={<Trans>Room revenue tonight</Trans>}
            value={formatPrice(d.daily.revenue, language)}
          />
        </dl>
      </section>

      <section aria-labelledby="revenue-heading" className="flex flex-col gap-3">
        <h2 id="revenue-heading" className="text-xl font-bold text-slate-900">
          <Trans>Revenue and totals</Trans>
        </h2>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure
            label={<Trans>This month's room revenue</Trans>}
            value={formatPrice(d.monthly.revenue, language)}
          />
          <Figure
            label={<Trans>This year's room revenue</Trans>}
            value={formatPrice(d.yearly.revenue, language)}
          />
          <Figure label={<Trans>All bookings</Trans>} value={formatCount(d.totals.bookings, language)} />
          <Figure label={<Trans>All room revenue</Trans>} value={formatPrice(d.totals.revenue, language)} />
        </dl>
      </section>

      <section aria-labelledby="kpi-heading" className="flex flex-col gap-3">
        <h2 id="kpi-heading" className="text-xl font-bold text-slate-900">
          <Trans>Occupancy, ADR and RevPAR</Trans>
        </h2>
        <p className="text-sm text-slate-700">
          <Trans>
            Occupancy: rooms sold of the {roomsCount(d.roomsInAllotment, language)} for sale. ADR: room
            revenue per room sold. RevPAR: room revenue per room for sale.
          </Trans>
        </p>
        <div className="flex max-w-md flex-col gap-1">
          <DateRangePicker
            label={<Trans>Range</Trans>}
            description={<Trans>Up to a year; the last 30 days unless you choose.</Trans>}
            value={range ?? { from: d.range.from, to: d.range.to }}
            onChange={(next) => setRange(next)}
            maxValue={addDays(d.today, 365)}
            errorMessage={rangeError}
          />
          {range ? (
            <Button variant="ghost" className="self-start" onPress={() => setRange(null)}>
              <Trans>Back to the last 30 days</Trans>
            </Button>
          ) : null}
        </div>
        <AdminTable
          look="card"
          className="min-w-[36rem]"
          caption={<Trans>Occupancy, ADR and RevPAR for tonight, this month and the chosen range</Trans>}
          columns={kpiColumns}
          rows={kpiRows}
          rowKey={([key]) => key}
          rowProps={([key]) => ({ className: 'border-t border-sand-100', 'data-testid': `kpi-${key}` })}
        />
        <h3 className="text-lg font-bold text-slate-900">
          <Trans>Bookings made in the range</Trans>
        </h3>
        <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
          <Figure label={<Trans>Bookings</Trans>} value={formatCount(d.range.bookings, language)} />
          <Figure
            label={<Trans>Cancellation rate</Trans>}
            value={
              d.range.cancellationRate === null ? '—' : formatPercent(d.range.cancellationRate, language)
            }
          />
          <Figure
            label={<Trans>Average lead time (days)</Trans>}
            value={d.range.leadTimeDays === null ? '—' : formatDecimal(d.range.leadTimeDays, language)}
          />
          <Figure
            label={<Trans>Average length of stay (nights)</Trans>}
            value={
              d.range.averageLengthOfStay === null
                ? '—'
                : formatDecimal(d.range.averageLengthOfStay, language)
            }
          />
        </dl>
        <div className="rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
          <h4 className="mb-2 font-bold text-slate-900">
            <Trans>Where the bookings came from</Trans>
          </h4>
          <ul className="grid grid-cols-1 gap-2 sm:grid-cols-2 md:grid-cols-5">
            {d.range.sources.map((s) => (
              <li
                key={s.source}
                className="flex items-center justify-between gap-2 rounded-xl bg-sand-50 px-3 py-2"
              >
                <span className="text-slate-800">{i18n._(SOURCE_LABELS[s.source])}</span>
                <span className="font-bold text-teal-800">{formatCount(s.count, language)}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="charts-heading" className="flex flex-col gap-3">
        <h2 id="charts-heading" className="text-xl font-bold text-slate-900">
          <Trans>Charts</Trans>
        </h2>
        <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
          <BookingsRevenueChart days={d.daySeries} language={language} />
          <OccupancyChart nights={d.occupancySeries} language={language} />
          <CountBarsChart
            title={<Trans>Bookings by status</Trans>}
            labelHeader={<Trans>Status</Trans>}
            rows={statusRows}
            language={language}
          />
          <CountBarsChart
            title={<Trans>The most booked rooms</Trans>}
            labelHeader={<Trans>Room</Trans>}
            rows={roomRows}
            language={language}
          />
        </div>
      </section>

      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <BookingList
          title={<Trans>Active bookings</Trans>}
          bookings={d.activeBookings}
          empty={<Trans>No active bookings.</Trans>}
        />
        <BookingList
          title={<Trans>Cancelled bookings</Trans>}
          bookings={d.cancelledBookings}
          empty={<Trans>No cancelled bookings.</Trans>}
        />
      </div>

      <section aria-labelledby="services-heading" className="flex flex-col gap-3">
        <h2 id="services-heading" className="text-xl font-bold text-slate-900">
          <Trans>Visits to nearby services</Trans>
        </h2>
        {d.nearbyServicesVisits.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-sand-200 bg-white p-6 text-center text-slate-700">
            <Trans>No service visits have been recorded yet.</Trans>
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 lg:grid-cols-3">
            {d.nearbyServicesVisits.map((s) => (
              <li
                key={s.serviceKey}
                className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
              >
                <div className="flex items-start justify-between gap-2">
                  <h3 className="font-bold text-teal-800">
                    {language === 'ar' ? s.serviceNameAr : s.serviceName}
                  </h3>
                  <span className="rounded-full bg-sand-100 px-2 py-0.5 text-xs text-slate-800">
                    {CATEGORY_LABELS[s.category] ? i18n._(CATEGORY_LABELS[s.category]!) : s.category}
                  </span>
                </div>
                <p className="line-clamp-2 text-sm text-slate-700">
                  {language === 'ar' ? s.descriptionAr : s.description}
                </p>
                <dl className="grid grid-cols-2 gap-2 text-sm">
                  <div>
                    <dt className="text-slate-700">
                      <Trans>Today</Trans>
                    </dt>
                    <dd className="text-lg font-bold text-slate-900">
                      {formatCount(s.dailyVisits, language)}
                    </dd>
                  </div>
                  <div>
                    <dt className="text-slate-700">
                      <Trans>This month</Trans>
                    </dt>
                    <dd className="text-lg font-bold text-slate-900">
                      {formatCount(s.monthlyVisits, language)}
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

function Figure({ label, value }: { label: ReactNode; value: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-teal-800">{value}</dd>
    </div>
  );
}

function BookingList({
  title,
  bookings,
  empty,
}: {
  title: ReactNode;
  bookings: Dashboard['activeBookings'];
  empty: ReactNode;
}) {
  const { i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  return (
    <section className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-bold text-slate-900">{title}</h2>
      {bookings.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-sand-100">
          {bookings.map((b) => (
            <li key={b.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="flex min-w-0 flex-col">
                <span className="font-semibold text-slate-900">{b.fullName}</span>
                <span className="text-sm text-slate-700">
                  {roomName(b.roomType)} · {formatDate(b.checkInDate, language)} –{' '}
                  {formatDate(b.checkOutDate, language)}
                </span>
              </div>
              <div className="flex flex-col items-end text-sm">
                <span className="rounded-full bg-sand-100 px-2 py-0.5 text-slate-800">
                  {statusLabel(i18n, b.status)}
                </span>
                <span className="text-slate-800">
                  {b.isPointsBooking
                    ? i18n._(msg`Points`)
                    : b.totalPrice === null
                      ? '—'
                      : formatPrice(b.totalPrice, language)}
                </span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
