import { Trans } from '@lingui/react/macro';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { StayRequestQueue } from '@/entities/admin/stay-requests/stay-request-queue';

/**
 * /admin/stay-requests (staff): the guests' in-stay requests on their own screen, for a tablet
 * at the desk or on the floor (the queue itself is entities/admin/stay-requests, also embedded in
 * the desk and the housekeeping board).
 */
export function StayRequestsScreen() {
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>In-stay requests</Trans>}
        subtitle={
          <Trans>
            Towels, cleaning, late check-outs and repairs asked for by guests in house; refreshed every 5
            seconds.
          </Trans>
        }
      />
      <StayRequestQueue />
    </main>
  );
}
