import { Trans, useLingui } from '@lingui/react/macro';
import { type ReactNode, useId } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  ComposedChart,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Language } from '@shared/constants';
import { AdminTable } from '@/components/admin/admin-table';
import { formatCount, formatPrice } from '@/lib/format';
import { formatDayMonth, formatPercent } from '@/lib/format-figures';

/**
 * The dashboard's charts (recharts, docs/decisions/016-statistics-charts.md). Every chart is
 * a figure with a caption and its numbers as a table (the accessible alternative, and what a
 * screen reader reads: the drawing itself is hidden from it, and recharts' keyboard layer is off,
 * so nothing hidden takes focus). In Arabic the time axis runs
 * right to left, the value axis stands on the right, and every tick is written in
 * Arabic-Indic digits by the app's one formatter.
 */
const TEAL = '#0f766e';
const GOLD = '#a16207';
const axisTick = { fill: '#334155', fontSize: 12 };

export type Column<Row> = { header: ReactNode; cell: (row: Row) => ReactNode };

export function ChartFigure<Row>({
  title,
  description,
  rows,
  columns,
  rowKey,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  rows: Row[];
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <figure className="flex min-w-0 flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm">
      <figcaption className="flex flex-col gap-1">
        <span id={titleId} className="text-lg font-bold text-teal-800">
          {title}
        </span>
        {description ? <span className="text-sm text-slate-700">{description}</span> : null}
      </figcaption>
      <div aria-hidden="true" className="h-64 w-full" dir="ltr">
        {children}
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer rounded-lg py-1 font-semibold text-teal-800 outline-none focus-visible:outline-3 focus-visible:outline-gold-700">
          <Trans>Show the figures as a table</Trans>
        </summary>
        {/* A scrolling region takes focus, so the keyboard scrolls it too (axe scrollable-region-focusable). */}
        <AdminTable
          look="figures"
          region={{ labelledBy: titleId }}
          caption={title}
          columns={columns.map((c, i) => ({
            id: String(i),
            header: c.header,
            cell: c.cell,
            isRowHeader: i === 0,
          }))}
          rows={rows}
          rowKey={rowKey}
        />
      </details>
    </figure>
  );
}

type DayRow = { date: string; bookings: number; revenue: number; siteVisits: number };

/** Bookings made (bars) and room revenue (line) per day, the last 30 days. */
export function BookingsRevenueChart({ days, language }: { days: DayRow[]; language: Language }) {
  const { t } = useLingui();
  const rtl = language === 'ar';
  return (
    <ChartFigure
      title={<Trans>Bookings and room revenue, the last 30 days</Trans>}
      description={<Trans>Bars: bookings made that day. Line: room revenue of that night, in rials.</Trans>}
      rows={days}
      rowKey={(d) => d.date}
      columns={[
        { header: <Trans>Day</Trans>, cell: (d) => formatDayMonth(d.date, language) },
        { header: <Trans>Bookings</Trans>, cell: (d) => formatCount(d.bookings, language) },
        { header: <Trans>Room revenue</Trans>, cell: (d) => formatPrice(d.revenue, language) },
        { header: <Trans>Site visits</Trans>, cell: (d) => formatCount(d.siteVisits, language) },
      ]}
    >
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart
          accessibilityLayer={false}
          data={days}
          margin={{ top: 8, right: 8, bottom: 0, left: 8 }}
        >
          <CartesianGrid stroke="#e7e0d4" vertical={false} />
          <XAxis
            dataKey="date"
            reversed={rtl}
            tick={axisTick}
            tickFormatter={(d: string) => formatDayMonth(d, language)}
            minTickGap={16}
          />
          <YAxis
            yAxisId="bookings"
            orientation={rtl ? 'right' : 'left'}
            allowDecimals={false}
            tick={axisTick}
            width={36}
            tickFormatter={(n: number) => formatCount(n, language)}
          />
          <YAxis
            yAxisId="revenue"
            orientation={rtl ? 'left' : 'right'}
            tick={axisTick}
            width={56}
            tickFormatter={(n: number) => formatCount(Math.round(n / 1000), language)}
          />
          <Tooltip
            labelFormatter={(d) => formatDayMonth(String(d), language)}
            formatter={(value, name) =>
              name === 'revenue'
                ? [formatPrice(Number(value), language), t`Room revenue`]
                : [formatCount(Number(value), language), t`Bookings`]
            }
          />
          <Bar
            yAxisId="bookings"
            dataKey="bookings"
            fill={TEAL}
            radius={[3, 3, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            yAxisId="revenue"
            dataKey="revenue"
            stroke={GOLD}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

type NightRow = { date: string; soldRoomNights: number; occupancy: number | null };

/** Occupancy on the books for tonight and the next 29 nights. */
export function OccupancyChart({ nights, language }: { nights: NightRow[]; language: Language }) {
  const { t } = useLingui();
  const rtl = language === 'ar';
  const data = nights.map((n) => ({ ...n, percent: n.occupancy ?? 0 }));
  return (
    <ChartFigure
      title={<Trans>Occupancy, tonight and the next 30 nights</Trans>}
      description={
        <Trans>Rooms held by approved, confirmed and completed bookings, of the rooms for sale.</Trans>
      }
      rows={nights}
      rowKey={(n) => n.date}
      columns={[
        { header: <Trans>Night</Trans>, cell: (n) => formatDayMonth(n.date, language) },
        { header: <Trans>Rooms sold</Trans>, cell: (n) => formatCount(n.soldRoomNights, language) },
        {
          header: <Trans>Occupancy</Trans>,
          cell: (n) => (n.occupancy === null ? '—' : formatPercent(n.occupancy, language)),
        },
      ]}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart accessibilityLayer={false} data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid stroke="#e7e0d4" vertical={false} />
          <XAxis
            dataKey="date"
            reversed={rtl}
            tick={axisTick}
            tickFormatter={(d: string) => formatDayMonth(d, language)}
            minTickGap={16}
          />
          <YAxis
            orientation={rtl ? 'right' : 'left'}
            domain={[0, 1]}
            tick={axisTick}
            width={48}
            tickFormatter={(n: number) => formatPercent(n, language)}
          />
          <Tooltip
            labelFormatter={(d) => formatDayMonth(String(d), language)}
            formatter={(value) => [formatPercent(Number(value), language), t`Occupancy`]}
          />
          <Bar dataKey="percent" fill={TEAL} radius={[3, 3, 0, 0]} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}

/** A few labelled counts as horizontal bars (bookings by status, room popularity). */
export function CountBarsChart({
  title,
  rows,
  language,
  labelHeader,
}: {
  title: ReactNode;
  rows: { key: string; label: string; count: number }[];
  language: Language;
  labelHeader: ReactNode;
}) {
  const { t } = useLingui();
  const rtl = language === 'ar';
  return (
    <ChartFigure
      title={title}
      rows={rows}
      rowKey={(r) => r.key}
      columns={[
        { header: labelHeader, cell: (r) => r.label },
        { header: <Trans>Bookings</Trans>, cell: (r) => formatCount(r.count, language) },
      ]}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          accessibilityLayer={false}
          data={rows}
          layout="vertical"
          margin={{ top: 8, right: 16, bottom: 0, left: 16 }}
        >
          <CartesianGrid stroke="#e7e0d4" horizontal={false} />
          <XAxis
            type="number"
            reversed={rtl}
            allowDecimals={false}
            tick={axisTick}
            tickFormatter={(n: number) => formatCount(n, language)}
          />
          <YAxis
            type="category"
            dataKey="label"
            orientation={rtl ? 'right' : 'left'}
            tick={axisTick}
            width={110}
          />
          <Tooltip formatter={(value) => [formatCount(Number(value), language), t`Bookings`]} />
          <Bar dataKey="count" fill={GOLD} radius={3} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </ChartFigure>
  );
}
