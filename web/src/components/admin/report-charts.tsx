import { scaleBand, scaleLinear } from 'd3-scale';
import type { ReactNode } from 'react';

/**
 * The reports' charts: plain SVG drawn with d3-scale's band and linear scales
 * (docs/decisions/080-charts.md). A chart is drawn in a fixed coordinate space and scales to its
 * box's width (viewBox), so it fits a tablet's screen and an A4 page alike. In Arabic the nights
 * run from right to left and the value axis stands on the right. Every tick and label comes
 * already written by the app's formatters (Arabic-Indic digits in Arabic). The drawing is hidden
 * from screen readers: each chart is a figure whose table (with its caption) is its text.
 */
export const CHART_COLORS = ['#0f766e', '#a16207', '#1d4ed8', '#be123c', '#6d28d9', '#15803d', '#c2410c'];
export const LINE_COLOR = '#334155';
/** Rooms held by tentative group blocks and not picked up. */
export const TENTATIVE_COLOR = '#cbd5e1';
/** Rooms of requests the hotel has not answered yet. */
export const PENDING_COLOR = '#fcd34d';

/**
 * A report's table of figures, on the screen and on A4: a gap between its columns (a ruled table
 * has none, and its headers ran together), and on paper small enough type for every column of
 * the page's width (the table's least width is for the screen's scrolling, not the paper's).
 */
export const REPORT_TABLE_CLASS =
  '[&_td]:px-2 [&_th]:px-2 [&_th]:align-bottom print:min-w-0 print:text-[8pt] print:[&_td]:px-1 print:[&_th]:px-1 print:[&_td]:py-0.5';

const WIDTH = 720;
const HEIGHT = 260;
const TOP = 12;
const BOTTOM = 28;
const AXIS = 56;
const tickText = { fontSize: 12, fill: '#334155' } as const;

export type BarSeries = { id: string; label: string; color: string; values: number[] };
export type LineSeries = {
  label: string;
  color: string;
  values: (number | null)[];
  format: (n: number) => string;
};

/** One figure: its title, a line on how to read it, the drawing, a legend and its table. */
export function ReportFigure({
  title,
  description,
  legend,
  chart,
  table,
  testId,
}: {
  title: ReactNode;
  description?: ReactNode;
  legend?: { label: string; color: string; line?: boolean }[];
  chart: ReactNode;
  table: ReactNode;
  testId?: string;
}) {
  return (
    <figure
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm print:break-inside-avoid print:border-0 print:p-0 print:shadow-none"
      data-testid={testId}
    >
      <figcaption className="flex flex-col gap-1">
        <span className="text-lg font-bold text-teal-800">{title}</span>
        {description ? <span className="text-sm text-slate-700">{description}</span> : null}
      </figcaption>
      <div aria-hidden="true" className="w-full">
        {chart}
      </div>
      {legend && legend.length > 0 ? (
        <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
          {legend.map((item) => (
            <li key={item.label} className="flex items-center gap-1.5">
              <svg width="16" height="10" viewBox="0 0 16 10">
                {item.line ? (
                  <line x1="0" y1="5" x2="16" y2="5" stroke={item.color} strokeWidth="2.5" />
                ) : (
                  <rect width="16" height="10" rx="2" fill={item.color} />
                )}
              </svg>
              {item.label}
            </li>
          ))}
        </ul>
      ) : null}
      {table}
    </figure>
  );
}

/**
 * Bars per night (or any ordered categories): one series, several side by side, or several
 * stacked; optionally a line on its own axis (occupancy). Values may be negative (pickup).
 */
export function ColumnChart({
  labels,
  bars,
  stacked = false,
  line,
  formatValue,
  rtl,
}: {
  labels: string[];
  bars: BarSeries[];
  stacked?: boolean;
  line?: LineSeries;
  formatValue: (n: number) => string;
  rtl: boolean;
}) {
  const count = labels.length;
  const left = AXIS;
  const right = line ? AXIS : 12;
  // The first night at the start of the reading direction: the right in Arabic.
  const x = scaleBand<number>()
    .domain(labels.map((_, i) => i))
    .range(rtl ? [WIDTH - left, right] : [left, WIDTH - right])
    .paddingInner(0.2)
    .paddingOuter(0.1);
  const totals = labels.map((_, i) =>
    stacked
      ? [
          bars.reduce((sum, s) => sum + Math.max(0, s.values[i] ?? 0), 0),
          bars.reduce((sum, s) => sum + Math.min(0, s.values[i] ?? 0), 0),
        ]
      : bars.map((s) => s.values[i] ?? 0),
  );
  const all = totals.flat();
  const y = scaleLinear()
    .domain([Math.min(0, ...all), Math.max(1, ...all)])
    // Nice to the same count as the ticks: the top gridline is the top of the drawing.
    .nice(5)
    .range([HEIGHT - BOTTOM, TOP]);
  const yTicks = y.ticks(5).filter((t) => Number.isInteger(t));
  const lineValues = line?.values.filter((v): v is number => v !== null) ?? [];
  const yLine = scaleLinear()
    .domain([0, Math.max(1, ...lineValues)])
    .nice(4)
    .range([HEIGHT - BOTTOM, TOP]);
  const valueAxisX = rtl ? WIDTH - left + 6 : left - 6;
  const lineAxisX = rtl ? right - 6 : WIDTH - right + 6;
  const every = Math.max(1, Math.ceil(count / 12));
  const band = x.bandwidth();
  const inner = stacked || bars.length === 1 ? band : band / bars.length;
  const bar = (i: number, seriesIndex: number, from: number, to: number, color: string) => {
    const start = x(i) ?? 0;
    const offset =
      stacked || bars.length === 1 ? 0 : rtl ? band - inner * (seriesIndex + 1) : inner * seriesIndex;
    return (
      <rect
        key={`${seriesIndex}-${i}`}
        x={start + offset}
        width={Math.max(1, inner - (stacked ? 0 : 1))}
        y={Math.min(y(from), y(to))}
        height={Math.max(0, Math.abs(y(to) - y(from)))}
        fill={color}
      />
    );
  };
  const rects: ReactNode[] = [];
  labels.forEach((_, i) => {
    let up = 0;
    let down = 0;
    bars.forEach((series, s) => {
      const value = series.values[i] ?? 0;
      if (!stacked) rects.push(bar(i, s, 0, value, series.color));
      else if (value >= 0) rects.push(bar(i, s, up, (up += value), series.color));
      else rects.push(bar(i, s, down, (down += value), series.color));
    });
  });
  const points = line
    ? line.values
        .map((v, i) => (v === null ? null : `${(x(i) ?? 0) + band / 2},${yLine(v)}`))
        .filter((p): p is string => p !== null)
    : [];
  return (
    <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full" direction="ltr" data-chart="">
      {yTicks.map((tick) => (
        <g key={tick}>
          <line
            x1={rtl ? right : left}
            x2={rtl ? WIDTH - left : WIDTH - right}
            y1={y(tick)}
            y2={y(tick)}
            stroke={tick === 0 ? '#94a3b8' : '#e7e0d4'}
          />
          <text x={valueAxisX} y={y(tick) + 4} textAnchor={rtl ? 'start' : 'end'} {...tickText}>
            {formatValue(tick)}
          </text>
        </g>
      ))}
      {line
        ? yLine.ticks(4).map((tick) => (
            <text
              key={`line-${tick}`}
              x={lineAxisX}
              y={yLine(tick) + 4}
              textAnchor={rtl ? 'end' : 'start'}
              {...tickText}
            >
              {line.format(tick)}
            </text>
          ))
        : null}
      {rects}
      {line && points.length > 0 ? (
        <polyline points={points.join(' ')} fill="none" stroke={line.color} strokeWidth={2.5} />
      ) : null}
      {labels.map((label, i) =>
        i % every === 0 ? (
          <text key={`x-${i}`} x={(x(i) ?? 0) + band / 2} y={HEIGHT - 8} textAnchor="middle" {...tickText}>
            {label}
          </text>
        ) : null,
      )}
    </svg>
  );
}

/** Labelled horizontal bars (a department's revenue, a company's production), each with its value written. */
export function BarList({
  rows,
  rtl,
  color = CHART_COLORS[0],
}: {
  rows: { key: string; label: string; value: number; text: string }[];
  rtl: boolean;
  color?: string;
}) {
  const row = 30;
  const labelWidth = 170;
  const valueWidth = 130;
  const height = Math.max(1, rows.length) * row + 8;
  const max = Math.max(1, ...rows.map((r) => r.value));
  const length = scaleLinear()
    .domain([0, max])
    .range([0, WIDTH - labelWidth - valueWidth - 16]);
  const barStart = rtl ? WIDTH - labelWidth - 8 : labelWidth + 8;
  return (
    <svg viewBox={`0 0 ${WIDTH} ${height}`} className="h-auto w-full" direction="ltr" data-chart="">
      {rows.map((r, i) => {
        const top = 4 + i * row;
        const w = Math.max(r.value > 0 ? 2 : 0, length(Math.max(0, r.value)));
        const label = r.label.length > 26 ? `${r.label.slice(0, 25)}…` : r.label;
        return (
          <g key={r.key}>
            <text
              x={rtl ? WIDTH - 4 : 4}
              y={top + row / 2 + 4}
              textAnchor={rtl ? 'end' : 'start'}
              {...tickText}
              fontSize={13}
            >
              {label}
            </text>
            <rect
              x={rtl ? barStart - w : barStart}
              y={top + 5}
              width={w}
              height={row - 10}
              rx={3}
              fill={color}
            />
            <text
              x={rtl ? barStart - w - 6 : barStart + w + 6}
              y={top + row / 2 + 4}
              textAnchor={rtl ? 'end' : 'start'}
              {...tickText}
            >
              {r.text}
            </text>
          </g>
        );
      })}
    </svg>
  );
}
