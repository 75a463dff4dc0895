import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { formatCount } from '@/lib/format';
import { useLanguage } from '@/hooks/use-language';

export type Counter = { key: string; label: ReactNode; value: number | undefined; tone: string };

/**
 * "Entries by status" above a list: the total, then `counters` (approved,
 * pending review, rejected... or completed, pending). A value is undefined
 * until the list has loaded.
 */
export function StatusCounters({ total, counters }: { total: number | undefined; counters: Counter[] }) {
  const { t } = useLingui();
  const language = useLanguage();
  const all: Counter[] = [
    { key: 'total', label: <Trans>Total entries</Trans>, value: total, tone: 'border-sand-200' },
    ...counters,
  ];
  return (
    <dl
      aria-label={t`Entries by status`}
      className={`grid gap-3 ${all.length === 3 ? 'grid-cols-3' : 'grid-cols-2 sm:grid-cols-4'}`}
    >
      {all.map((c) => (
        <div
          key={c.key}
          data-testid={`counter-${c.key}`}
          className={`flex flex-col gap-1 rounded-2xl border bg-white p-4 shadow-sm ${c.tone}`}
        >
          <dt className="text-sm font-semibold text-slate-700">{c.label}</dt>
          <dd data-testid="counter-value" className="text-3xl font-bold text-slate-900">
            {c.value === undefined ? '–' : formatCount(c.value, language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
