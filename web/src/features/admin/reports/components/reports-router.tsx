import { Trans } from '@lingui/react/macro';
import { type ComponentType, Suspense } from 'react';
import { NotFoundScreen } from '@/components/not-found-screen';
import { lazy } from '@/lib/lazy';
import { useParams } from '@/lib/router';
import type { ReportName } from '../api/reports';
import { ReportsScreen } from './reports-screen';

/**
 * Each report a chunk of its own, fetched when it is opened (the hub and this table are the
 * only code /admin/reports loads; the charts' code comes with the first report).
 */
const REPORTS: Record<ReportName, ComponentType> = {
  flash: lazy(
    () => import('./flash-screen'),
    (m) => m.FlashScreen,
  ),
  'on-the-books': lazy(
    () => import('./on-the-books-screen'),
    (m) => m.OnTheBooksScreen,
  ),
  pickup: lazy(
    () => import('./pickup-screen'),
    (m) => m.PickupScreen,
  ),
  pace: lazy(
    () => import('./pace-screen'),
    (m) => m.PaceScreen,
  ),
  production: lazy(
    () => import('./production-screen'),
    (m) => m.ProductionScreen,
  ),
  'tourism-return': lazy(
    () => import('./tourism-return-screen'),
    (m) => m.TourismReturnScreen,
  ),
  extras: lazy(
    () => import('./extras-report-screen'),
    (m) => m.ExtrasReportScreen,
  ),
};

/** /admin/reports (the hub) and /admin/reports/:report (managers). */
export function ReportsRouter() {
  const { report } = useParams<{ report?: string }>();
  if (!report) return <ReportsScreen />;
  const Report = Object.hasOwn(REPORTS, report) ? REPORTS[report as ReportName] : null;
  if (!Report) return <NotFoundScreen />;
  return (
    <Suspense
      fallback={
        <p role="status" className="mx-auto w-full max-w-6xl px-4 py-8 text-slate-700">
          <Trans>Loading the report…</Trans>
        </p>
      }
    >
      <Report />
    </Suspense>
  );
}
