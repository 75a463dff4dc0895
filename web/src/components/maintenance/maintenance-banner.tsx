import { Trans } from '@lingui/react/macro';
import { Link } from 'react-aria-components';

/** Staff and admins, while the site is in maintenance: they keep working, and are told why guests cannot. */
export default function MaintenanceBanner({ isAdmin }: { isAdmin: boolean }) {
  return (
    <div role="status" className="bg-amber-100 text-amber-950" data-testid="maintenance-banner">
      <p className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm font-semibold">
        <span>
          <Trans>
            The site is in maintenance: guests see the maintenance page and cannot send anything. Staff keep
            working.
          </Trans>
        </span>
        {isAdmin ? (
          <Link href="/admin/settings" className="underline outline-none data-[focus-visible]:outline-2">
            <Trans>Site settings</Trans>
          </Link>
        ) : null}
      </p>
    </div>
  );
}
