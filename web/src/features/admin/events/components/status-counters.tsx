import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { Language } from '../../../../../../shared/src/constants';
import { formatCount } from '../../../../lib/format';

export type Counter = { key: string; label: ReactNode; value: number | undefined; tone: string };

/** The counters above a list (total, approved, pending review, rejected...). */
export function StatusCounters({ counters, label }: { counters: Counter[]; label: string }) {
  const { i18n } = useLingui();
  return (
    <dl
      aria-label={label}
      className={`grid gap-3 ${counters.length === 3 ? 'grid-cols-3' : 'grid-cols-2 sm:grid-cols-4'}`}
    >
      {counters.map((c) => (
        <div
          key={c.key}
          data-testid={`counter-${c.key}`}
          className={`flex flex-col gap-1 rounded-2xl border bg-white p-4 shadow-sm ${c.tone}`}
        >
          <dt className="text-sm font-semibold text-slate-700">{c.label}</dt>
          <dd data-testid="counter-value" className="text-3xl font-bold text-slate-900">
            {c.value === undefined ? '–' : formatCount(c.value, i18n.locale as Language)}
          </dd>
        </div>
      ))}
    </dl>
  );
}
