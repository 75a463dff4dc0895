import { Trans } from '@lingui/react/macro';
import { type ReactNode } from 'react';
import { type OfferWindowState } from '@shared/offers';

/** An offer's state today, as the back office's list says it. */
export function OfferStateBadge({ state }: { state: OfferWindowState }) {
  const styles: Record<OfferWindowState, [string, ReactNode]> = {
    live: ['bg-emerald-100 text-emerald-900', <Trans key="l">Shown to guests</Trans>],
    scheduled: ['bg-sky-100 text-sky-900', <Trans key="s">Scheduled</Trans>],
    expired: ['bg-slate-200 text-slate-800', <Trans key="e">Ended</Trans>],
    off: ['bg-red-100 text-red-800', <Trans key="o">Switched off</Trans>],
  };
  const [cls, label] = styles[state];
  return (
    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${cls}`} data-testid="offer-state">
      {label}
    </span>
  );
}
