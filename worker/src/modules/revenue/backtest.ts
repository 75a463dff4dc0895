import { addDays, hotelToday } from '@shared/dates';
import {
  LEAD_BUCKETS,
  leadBucketOf,
  type Backtest,
  type BacktestBucket,
  type LeadBucketKey,
} from '@shared/revenue';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { dateOfDay, dayOf } from './booking-curves';
import { methodData } from './forecast';
import { addToCell, backtestDay, emptyCell, scoresOf, type BacktestCell } from './forecast-method';

/**
 * GET /api/admin/revenue/backtest?from&to (docs/decisions/094, "Measured"): for each as-of day of
 * the range, the forecast the method would have made that day of every night up to a year ahead
 * whose final is known now, knowing only what was known then, against what the night sold; by lead
 * bucket, its mean absolute error in rooms and its WAPE beside the three baselines it must beat.
 * One read of the nights' curves for the whole range (the as-of days share it).
 */
export async function backtest(db: Db, q: { from: string; to: string }, now = new Date()): Promise<Backtest> {
  const today = hotelToday(now);
  if (q.to >= today) throw new ApiError(400, 'backtest_not_past');
  const horizon = [addDays(q.to, 365), addDays(today, -1)].sort()[0]!;
  const data = await methodData(db, q.from, q.from, horizon, now);
  const lastNight = dayOf(data.knownBefore) - 1;
  const finalOf = (night: number) =>
    night <= lastNight ? (data.input.nights.get(night)?.hotelFinal ?? null) : null;
  const summary = new Map<LeadBucketKey, BacktestCell>(LEAD_BUCKETS.map((b) => [b.key, emptyCell()]));
  const days: Backtest['days'] = [];
  for (let asOf = dayOf(q.from); asOf <= dayOf(q.to); asOf++) {
    const cells = new Map<LeadBucketKey, BacktestCell>(LEAD_BUCKETS.map((b) => [b.key, emptyCell()]));
    backtestDay(
      { ...data.input, asOf, onTheBooksNow: undefined },
      lastNight,
      365,
      finalOf,
      (lead, errors) => {
        const bucket = leadBucketOf(lead);
        addToCell(cells.get(bucket)!, errors);
        addToCell(summary.get(bucket)!, errors);
      },
    );
    days.push({
      asOf: dateOfDay(asOf),
      buckets: [...cells].map(([bucket, cell]) => ({ bucket, ...scoresOf(cell) })),
    });
  }
  const buckets = (cells: Map<LeadBucketKey, BacktestCell>): BacktestBucket[] =>
    [...cells].map(([bucket, cell]) => ({ bucket, ...scoresOf(cell) }));
  return { from: q.from, to: q.to, summary: buckets(summary), days };
}
