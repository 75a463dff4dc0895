import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { LinkButton } from '../ui/button';
import { InfoIcon } from '../more-icons';

/** The title row of a back-office screen: heading, an optional line under it, actions and the way back. */
export function AdminPageHeader({
  title,
  subtitle,
  actions,
  backHref = '/admin',
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  actions?: ReactNode;
  /** Where "Back" goes; null: no back link (a screen that is its account's whole back office). */
  backHref?: string | null;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-col gap-1">
        <h1 className="text-3xl font-bold text-teal-800">{title}</h1>
        {subtitle ? <p className="text-slate-700">{subtitle}</p> : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {actions}
        {backHref === null ? null : (
          <LinkButton href={backHref} variant="secondary">
            {backHref === '/admin' ? <Trans>Back to the admin dashboard</Trans> : <Trans>Back</Trans>}
          </LinkButton>
        )}
      </div>
    </div>
  );
}

/** The note shown instead of decisions while the device is offline. */
export function OfflineNote({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="flex items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950"
    >
      <InfoIcon className="mt-0.5 size-5 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
