import { Trans } from '@lingui/react/macro';
import { formatCount, formatDateTime } from '@/lib/format';
import { usePointTransactions } from '../api/get-point-transactions';
import { signedPoints } from '../lib/free-night';
import { useLanguage } from '@/hooks/use-language';

/** The points ledger, newest first, polled every 20 s while the page is visible. */
export function PointTransactionsList({ email }: { email: string | undefined }) {
  const language = useLanguage();
  const transactions = usePointTransactions(email);
  const rows = transactions.data ?? [];
  return (
    <section aria-labelledby="points-history-heading" className="flex flex-col gap-3">
      <h2 id="points-history-heading" className="text-xl font-bold text-teal-800">
        <Trans>Points history</Trans>
      </h2>
      {transactions.isPending && !!email ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading your points history…</Trans>
        </p>
      ) : transactions.isError && rows.length === 0 ? (
        <p className="text-slate-700">
          <Trans>Your points history could not be loaded. It will be tried again shortly.</Trans>
        </p>
      ) : rows.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-sand-200 bg-sand-50 p-4 text-slate-700">
          <Trans>No points yet. Each completed stay earns points.</Trans>
        </p>
      ) : (
        <ul
          className="flex flex-col divide-y divide-sand-200 rounded-2xl bg-white ring-1 ring-sand-200"
          data-testid="points-history"
        >
          {rows.map((row) => (
            <li key={row.id} className="flex items-center justify-between gap-3 px-4 py-3">
              <div className="flex min-w-0 flex-col">
                <span className="text-slate-900">{language === 'ar' ? row.reasonAr : row.reason}</span>
                <span className="text-xs text-slate-600">{formatDateTime(row.createdAt, language)}</span>
              </div>
              <bdi
                dir="ltr"
                className={`shrink-0 font-bold tabular-nums ${row.pointsEarned < 0 ? 'text-red-700' : 'text-green-800'}`}
                data-testid="points-history-amount"
              >
                {signedPoints(row.pointsEarned, (n) => formatCount(n, language))}
              </bdi>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
