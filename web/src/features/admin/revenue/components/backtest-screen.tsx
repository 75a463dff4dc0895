import { Trans, useLingui } from '@lingui/react/macro';
import { addDays, hotelToday } from '@shared/dates';
import type { BacktestBucket, LeadBucketKey } from '@shared/revenue';
import { AdminTable } from '@/components/admin/admin-table';
import {
  CHART_COLORS,
  ColumnChart,
  REPORT_TABLE_CLASS,
  ReportFigure,
} from '@/components/admin/report-charts';
import { LoadError } from '@/components/load-error';
import { DatePicker } from '@/components/ui/date-picker';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { formatDecimal, formatPercent } from '@/lib/format-figures';
import { useNavigate, usePathname, useSearchParams } from '@/lib/router';
import { type Backtest, backtestDefaults, useBacktest } from '../api/revenue';
import { RevenueFrame } from './revenue-frame';

type Method = 'forecast' | 'onTheBooks' | 'lastYearFinal' | 'lastYearPickup';
const METHODS: Method[] = ['forecast', 'onTheBooks', 'lastYearFinal', 'lastYearPickup'];

/** A lead bucket in words ("0-3 days", "91+ days"), in the language's digits. */
function useBucketLabel() {
  const { t } = useLingui();
  const language = useLanguage();
  return (bucket: LeadBucketKey) => {
    const [first, last] = bucket.split(/[-+]/).map(Number) as [number, number];
    const from = formatCount(first, language);
    if (bucket.endsWith('+')) return t`${from} days or more`;
    const to = formatCount(last, language);
    return t`${from} to ${to} days`;
  };
}

/**
 * /admin/revenue/backtest?from&to (managers): the forecast each day of the range would have made of
 * the nights ahead, knowing only what was known that day, against what those nights sold: the mean
 * error in rooms by how many days ahead, beside the three rules it must beat (the books alone, last
 * year's final, last year's pickup). A chart and its table.
 */
export function BacktestScreen() {
  const { t } = useLingui();
  const defaults = backtestDefaults();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const pathname = usePathname();
  const from = params.get('from') ?? defaults.from;
  const to = params.get('to') ?? defaults.to;
  const set = (changes: { from?: string; to?: string }) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) if (v) next.set(k, v);
    navigate(`${pathname}?${next.toString()}`, { replace: true });
  };
  const result = useBacktest(from, to);
  const yesterday = addDays(hotelToday(), -1);
  return (
    <RevenueFrame
      screen="backtest"
      subtitle={
        <Trans>
          Each day of the period, the forecast of the nights ahead as it would have been made that day,
          against what they sold.
        </Trans>
      }
    >
      <div className="flex flex-wrap items-end gap-3" role="group" aria-label={t`The days measured`}>
        <div className="w-full sm:w-52">
          <DatePicker label={t`From`} value={from} maxValue={to} onChange={(v) => set({ from: v })} />
        </div>
        <div className="w-full sm:w-52">
          <DatePicker
            label={t`To`}
            value={to}
            minValue={from}
            maxValue={yesterday}
            onChange={(v) => set({ to: v })}
          />
        </div>
      </div>
      {result.isError ? (
        <LoadError onRetry={() => void result.refetch()}>
          {errorMessage(result.error, t`The backtest could not be loaded.`)}
        </LoadError>
      ) : !result.data ? (
        <p role="status" className="text-slate-700">
          <Trans>Measuring the forecast…</Trans>
        </p>
      ) : (
        <BacktestBody data={result.data} />
      )}
    </RevenueFrame>
  );
}

function BacktestBody({ data }: { data: Backtest }) {
  const { t } = useLingui();
  const language = useLanguage();
  const bucketLabel = useBucketLabel();
  const names: Record<Method, string> = {
    forecast: t`The forecast`,
    onTheBooks: t`The books alone`,
    lastYearFinal: t`Last year's final`,
    lastYearPickup: t`Last year's pickup`,
  };
  const buckets = data.summary.filter((b) => b.nights > 0);
  if (buckets.length === 0)
    return (
      <p className="rounded-xl bg-sand-50 p-4 text-slate-800" data-testid="backtest-empty">
        <Trans>
          No night of these days has both its final and last year's: import the hotel's history first.
        </Trans>
      </p>
    );
  const mae = (n: number) => formatDecimal(n, language);
  const wape = (w: number | null) => (w === null ? '—' : formatPercent(w, language));
  // How much lower the forecast's error is than the best of the three, from 8 to 30 days ahead.
  const mid = buckets.filter((b) => b.bucket === '8-14' || b.bucket === '15-30');
  const gains = mid.map((b) => {
    const best = Math.min(b.onTheBooks.mae, b.lastYearFinal.mae, b.lastYearPickup.mae);
    return { bucket: b.bucket, gain: best > 0 ? 1 - b.forecast.mae / best : 0 };
  });
  return (
    <div className="flex flex-col gap-4">
      {gains.length ? (
        <ul
          className="flex flex-col gap-1 rounded-xl bg-sand-50 p-4 text-slate-900"
          data-testid="backtest-verdict"
        >
          {gains.map((g) => (
            <li key={g.bucket}>
              {g.gain > 0 ? (
                <Trans>
                  {bucketLabel(g.bucket)} ahead: the forecast's error is {formatPercent(g.gain, language)}{' '}
                  below the best of the three rules.
                </Trans>
              ) : (
                <Trans>
                  {bucketLabel(g.bucket)} ahead: the forecast does not beat the best of the three rules.
                </Trans>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <ReportFigure
        testId="backtest-chart"
        title={<Trans>Mean error in rooms, by days ahead</Trans>}
        description={
          <Trans>
            Lower is better. Each bucket counts every night of the period's days at that distance.
          </Trans>
        }
        legend={METHODS.map((m, i) => ({ label: names[m], color: CHART_COLORS[i]! }))}
        chart={
          <ColumnChart
            rtl={language === 'ar'}
            labels={buckets.map((b) => bucketLabel(b.bucket))}
            bars={METHODS.map((m, i) => ({
              id: m,
              label: names[m],
              color: CHART_COLORS[i]!,
              values: buckets.map((b) => b[m].mae),
            }))}
            formatValue={(n) => formatCount(n, language)}
          />
        }
        table={
          <AdminTable
            look="figures"
            region={{ label: t`The errors by days ahead` }}
            caption={t`Mean absolute error in rooms and WAPE, by days ahead, of the forecast and the three rules`}
            className={`min-w-[44rem] text-sm ${REPORT_TABLE_CLASS}`}
            columns={[
              {
                id: 'bucket',
                header: <Trans>Days ahead</Trans>,
                isRowHeader: true,
                cell: (b: BacktestBucket) => bucketLabel(b.bucket),
              },
              {
                id: 'nights',
                header: <Trans>Nights</Trans>,
                align: 'end',
                className: 'tabular-nums',
                cell: (b) => formatCount(b.nights, language),
              },
              ...METHODS.map((m) => ({
                id: m,
                header: (
                  <>
                    {names[m]}
                    <span className="block text-xs font-normal">
                      <Trans>error (WAPE)</Trans>
                    </span>
                  </>
                ),
                align: 'end' as const,
                className: `tabular-nums ${m === 'forecast' ? 'font-semibold' : ''}`,
                cell: (b: BacktestBucket) => `${mae(b[m].mae)} (${wape(b[m].wape)})`,
              })),
            ]}
            rows={buckets}
            rowKey={(b) => b.bucket}
            rowProps={(b) => ({ 'data-bucket': b.bucket })}
          />
        }
      />
    </div>
  );
}
