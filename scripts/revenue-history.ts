/**
 * `npm run history:generate -- [options]`: a hotel's history as its old system would export it,
 * as the CSV `POST /api/admin/revenue/history` takes (worker/src/seed/revenue-history.ts;
 * docs/decisions/094), deterministic by seed.
 *
 *   --seed 7            the generator's seed
 *   --as-of 2026-11-28  the export's day (today by default): lines booked up to the day before
 *   --region muscat     or dhofar (Khareef is its season)
 *   --rooms silver:12,gold:36,diamond:8,deluxe:4   rooms per type (the demo hotel's by default)
 *   --years 4           years of arrivals before the export's day
 *   --demand 0.53       booking requests per room and arrival day before the multipliers
 *   --faults            add three lines an old system gets wrong (each refused by the import)
 *   --out history.csv   where to write it (standard output by default)
 *   --backtest 120      instead of writing, backtest the forecast on the generated history over
 *                       the last N as-of days before the export (the method's code, no database)
 *                       and print MAE and WAPE by lead bucket beside the three baselines
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { hotelToday } from '@shared/dates';
import { computedEvents } from '@shared/gulf-calendar';
import { LEAD_BUCKETS, leadBucketOf } from '@shared/revenue';
import { generateHistory, historyCsv, DEMO_HISTORY_ROOMS } from '../worker/src/seed/revenue-history';
import { booksOfLines, dayOf, sumCurves } from '../worker/src/modules/revenue/booking-curves';
import { calendarIndex } from '../worker/src/modules/revenue/calendar-index';
import {
  addToCell,
  backtestDay,
  emptyCell,
  scoresOf,
  type BacktestCell,
  type NightData,
} from '../worker/src/modules/revenue/forecast-method';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '7' },
    'as-of': { type: 'string', default: hotelToday() },
    region: { type: 'string', default: 'muscat' },
    rooms: { type: 'string' },
    years: { type: 'string', default: '4' },
    demand: { type: 'string' },
    faults: { type: 'boolean', default: false },
    out: { type: 'string' },
    backtest: { type: 'string' },
  },
});

const rooms = values.rooms
  ? Object.fromEntries(
      values.rooms.split(',').map((pair) => [pair.split(':')[0]!, Number(pair.split(':')[1])]),
    )
  : DEMO_HISTORY_ROOMS;
const asOf = values['as-of'];
const started = performance.now();
const lines = generateHistory({
  asOf,
  seed: Number(values.seed),
  rooms,
  region: values.region === 'dhofar' ? 'dhofar' : 'muscat',
  yearsBack: Number(values.years),
  ...(values.demand ? { demand: Number(values.demand) } : {}),
  faults: values.faults,
});
const generatedMs = performance.now() - started;

if (!values.backtest) {
  const csv = historyCsv(lines);
  if (values.out) {
    writeFileSync(values.out, csv);
    console.error(
      `${lines.length} lines (${(csv.length / 1024 / 1024).toFixed(1)} MB) in ${Math.round(generatedMs)} ms to ${values.out}`,
    );
  } else process.stdout.write(csv);
} else {
  const days = Number(values.backtest);
  const exportDay = dayOf(asOf);
  const valid = lines.filter((l) => l.reference.startsWith('OLD-0'));
  const first = valid.reduce((m, l) => (l.arrival < m ? l.arrival : m), asOf);
  const books = booksOfLines(
    valid.map((l) => ({
      ...l,
      rooms: Number(l.rooms),
      cancelledOn: l.cancelledOn || null,
      status: l.status as 'stayed' | 'cancelled' | 'no_show',
    })),
    first,
    '2099-01-01',
  );
  const nights = new Map<number, NightData>();
  for (const [night, types] of books) {
    const day = dayOf(night);
    const known = day < exportDay;
    nights.set(day, {
      hotel: sumCurves([...types.values()].map((t) => t.curve)),
      hotelFinal: known ? [...types.values()].reduce((s, t) => s + t.final, 0) : null,
      types: new Map(
        [...types].map(([type, t]) => [type, { curve: t.curve, final: known ? t.final : null }]),
      ),
    });
  }
  const years = new Set<number>();
  for (let y = Number(first.slice(0, 4)) - 1; y <= Number(asOf.slice(0, 4)) + 1; y++) years.add(y);
  const calendar = calendarIndex(
    [...years].flatMap((y) => computedEvents(y)).map((e) => ({ ...e, confirmed: true })),
  );
  const capacity = Object.values(rooms).reduce((s, n) => s + n, 0);
  const finalOf = (night: number) => (night < exportDay ? (nights.get(night)?.hotelFinal ?? null) : null);
  const cells = new Map<string, BacktestCell>(LEAD_BUCKETS.map((b) => [b.key, emptyCell()]));
  const t0 = performance.now();
  for (let a = exportDay - days; a < exportDay; a++) {
    backtestDay(
      {
        asOf: a,
        nights,
        eventOf: calendar.eventOf,
        lastYearEventOf: calendar.lastYearEventOf,
        hotelCapacity: () => capacity,
        typeCapacity: (t) => rooms[t] ?? null,
      },
      exportDay - 1,
      365,
      finalOf,
      (lead, e) => addToCell(cells.get(leadBucketOf(lead))!, e),
    );
  }
  const ms = performance.now() - t0;
  console.log(
    `${valid.length} lines, ${capacity} rooms; backtest of the ${days} as-of days before ${asOf} in ${Math.round(ms)} ms`,
  );
  console.log('bucket  nights | forecast MAE WAPE | books alone | last year final | last year pickup');
  for (const [bucket, cell] of cells) {
    const s = scoresOf(cell);
    const f = (x: { mae: number; wape: number | null }) =>
      `${x.mae.toFixed(2).padStart(6)} ${((x.wape ?? 0) * 100).toFixed(1).padStart(5)}%`;
    console.log(
      `${bucket.padEnd(6)} ${String(s.nights).padStart(6)} | ${f(s.forecast)} | ${f(s.onTheBooks)} | ${f(s.lastYearFinal)} | ${f(s.lastYearPickup)}`,
    );
  }
}
