import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { useLanguage } from '@/hooks/use-language';
import { formatCount, formatDate } from '@/lib/format';
import { type RevenueScreen, useHistoryImports } from '../api/revenue';
import { REVENUE_PATHS, RevenueTitle } from './revenue-frame';

const cardClass =
  'flex h-full min-h-28 flex-col gap-1.5 rounded-2xl border border-sand-200 bg-white p-5 text-start no-underline shadow-sm outline-none transition-colors ' +
  'data-[hovered]:border-teal-700 data-[hovered]:bg-sand-50 data-[pressed]:bg-sand-100 ' +
  'data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700';

const DESCRIPTIONS: Record<RevenueScreen, ReactNode> = {
  prices: (
    <Trans>
      The next 90 nights: on the books, the forecast, last year and the price suggested, each with its
      reasons; approve one or many.
    </Trans>
  ),
  settings: (
    <Trans>
      The target occupancy, when a change is worth suggesting, how far a price may move, the autopilot, and
      each room type's floor and ceiling.
    </Trans>
  ),
  history: (
    <Trans>
      Import the bookings of the old system from a CSV file; follow the import and see the lines it refused.
    </Trans>
  ),
  events: (
    <Trans>
      Ramadan, the Eids, National Day, Khareef, school holidays and the hotel's own events; confirm the Hijri
      dates.
    </Trans>
  ),
  backtest: (
    <Trans>
      How far the forecast was from what the nights sold, by days ahead, beside three simple rules.
    </Trans>
  ),
};

/**
 * /admin/revenue (managers): revenue management's hub: what the imported history holds, and its
 * screens (each a chunk of its own).
 */
export function RevenueHub() {
  const { t } = useLingui();
  const language = useLanguage();
  const history = useHistoryImports().data?.history;
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8" data-testid="revenue-hub">
      <AdminPageHeader
        title={<Trans>Revenue management</Trans>}
        subtitle={
          <Trans>
            A forecast of every night ahead, learnt from the hotel's history and the Gulf's calendar, and
            measured against what really happened.
          </Trans>
        }
      />
      {history ? (
        <p className="rounded-xl bg-sand-50 p-4 text-slate-900" data-testid="revenue-history-summary">
          {history.lines > 0 && history.firstArrival && history.lastArrival ? (
            <Trans>
              The history holds {formatCount(history.lines, language)} bookings, arriving from{' '}
              {formatDate(history.firstArrival, language)} to {formatDate(history.lastArrival, language)}.
            </Trans>
          ) : (
            <Trans>No history is imported yet: the forecast learns only from the hotel's own bookings.</Trans>
          )}
        </p>
      ) : null}
      <nav aria-label={t`Revenue management`}>
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {REVENUE_PATHS.map(({ screen, href }) => (
            <li key={screen}>
              <Link href={href} className={cardClass} data-testid={`revenue-hub-${screen}`}>
                <span className="text-lg font-bold text-teal-800">
                  <RevenueTitle screen={screen} />
                </span>
                <span className="text-slate-700">{DESCRIPTIONS[screen]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </main>
  );
}
