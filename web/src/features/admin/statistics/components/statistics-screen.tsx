import { useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { lazy } from '@/lib/lazy';
import { StatisticsGate } from './statistics-gate';

// The dashboard and its chart library load only once the gate has opened (admin-* chunk).
const loadDashboard = () => import('./statistics-dashboard');
const StatisticsDashboard = lazy(loadDashboard);

/**
 * /admin/statistics (admins): the password gate, then the dashboard (admin spec sections 2
 * and 8). The server grants 30 minutes on this session; when that runs out, the dashboard
 * hands back to the gate.
 */
export function StatisticsScreen() {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [notice, setNotice] = useState<string>();
  const loading = (
    <p role="status" className="p-8 text-center text-slate-700">
      {t`Loading the statistics…`}
    </p>
  );
  if (!open) {
    return (
      <Suspense fallback={loading}>
        <StatisticsGate
          notice={notice}
          // Warm the dashboard's chunk while the 1-second success delay runs.
          onAccepted={() => void loadDashboard()}
          onGranted={() => {
            setNotice(undefined);
            setOpen(true);
          }}
        />
      </Suspense>
    );
  }
  return (
    <Suspense fallback={loading}>
      <StatisticsDashboard
        onAccessEnded={() => {
          setNotice(t`Your access to the statistics has ended. Enter the password again.`);
          setOpen(false);
        }}
      />
    </Suspense>
  );
}
