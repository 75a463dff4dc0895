import { Trans } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { Link } from 'react-aria-components';
import { lazy } from '@/lib/lazy';
import { LoadingOverlay } from '@/components/loading-overlay';
import { Button, buttonClass } from '@/components/ui/button';
import type { SessionUser } from '@shared/auth-schemas';

// Rarely opened: a chunk of its own.
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog'));

const inlineLink =
  'font-semibold text-teal-800 underline underline-offset-2 rounded outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700';

/**
 * "Your data" on the account page (Oman's Personal Data Protection Law, docs/decisions/043):
 * download everything the hotel holds about the account (a JSON file the server sends as a
 * download), and delete the account (guests only: staff accounts are closed by an admin).
 */
export function YourDataSection({ user }: { user: SessionUser }) {
  const [deleting, setDeleting] = useState(false);
  return (
    <section
      aria-labelledby="your-data-heading"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-5 shadow-sm"
      data-testid="your-data"
    >
      <div className="flex flex-col gap-1">
        <h2 id="your-data-heading" className="text-lg font-bold text-slate-900">
          <Trans>Your data</Trans>
        </h2>
        <p className="text-sm text-slate-700">
          <Trans>
            Download a copy of everything the hotel holds about your account, or delete your account.{' '}
            <Link href="/privacy" className={inlineLink}>
              What we keep and why
            </Link>
          </Trans>
        </p>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {/* A plain download: the server answers the file with its name (Content-Disposition). */}
        <a
          href="/api/account/export"
          download
          className={buttonClass('secondary')}
          data-testid="download-my-data"
        >
          <Trans>Download my data</Trans>
        </a>
        {user.role === 'guest' ? (
          <Button variant="danger" onPress={() => setDeleting(true)} data-testid="delete-account">
            <Trans>Delete my account</Trans>
          </Button>
        ) : (
          <p className="text-sm text-slate-700 sm:self-center">
            <Trans>Staff and admin accounts are closed by the hotel's admin.</Trans>
          </p>
        )}
      </div>
      {deleting ? (
        <Suspense fallback={<LoadingOverlay />}>
          <DeleteAccountDialog email={user.email} onClose={() => setDeleting(false)} />
        </Suspense>
      ) : null}
    </section>
  );
}
