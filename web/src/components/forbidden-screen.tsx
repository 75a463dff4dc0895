import { Trans } from '@lingui/react/macro';
import type { UserRole } from '@shared/constants';
import { landingAfterSignIn } from '@/lib/back-office-landing';
import { PlainLink } from './ui/plain-button';

/**
 * 403: a signed-in account without the role a page needs (the server refuses its data anyway).
 * A member of staff on an admin-only page is told it is for admins, not "for hotel staff"; a
 * housekeeper is sent back to their tasks of the day, their own screen.
 */
export function ForbiddenScreen({ needs = 'staff', role }: { needs?: UserRole; role?: UserRole }) {
  const home = landingAfterSignIn(role);
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-4 py-16 text-center">
      <p className="text-7xl font-bold text-teal-700" aria-hidden="true">
        403
      </p>
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>You are not allowed to open this page</Trans>
      </h1>
      <p className="text-slate-700">
        {needs === 'admin' ? (
          <Trans>This page is for the hotel's administrators. Your account does not have access to it.</Trans>
        ) : needs === 'manager' ? (
          <Trans>This page is for the hotel's managers. Your account does not have access to it.</Trans>
        ) : (
          <Trans>This page is for hotel staff. Your account does not have access to it.</Trans>
        )}
      </p>
      {role === 'housekeeper' ? (
        <PlainLink href={home}>
          <Trans>Back to my tasks</Trans>
        </PlainLink>
      ) : role === 'outlet' ? (
        <PlainLink href={home}>
          <Trans>Back to your outlets</Trans>
        </PlainLink>
      ) : (
        <PlainLink href="/">
          <Trans>Back to home</Trans>
        </PlainLink>
      )}
    </main>
  );
}
