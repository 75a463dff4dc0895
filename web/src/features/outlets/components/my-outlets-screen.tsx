import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useNavigate } from '@/lib/router';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LinkButton } from '@/components/ui/button';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { useMyOutlets } from '../api/outlets';

/**
 * /outlet: the outlets a member of staff may ring checks up at (a waiter's home); one outlet opens
 * straight away.
 */
export function MyOutletsScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const mine = useMyOutlets();
  const navigate = useNavigate();
  const outlets = mine.data?.outlets;
  useEffect(() => {
    if (outlets?.length === 1) void navigate(`/outlet/${outlets[0]!.id}`, { replace: true });
  }, [outlets, navigate]);
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-5 p-4" data-testid="my-outlets">
      <AdminPageHeader title={<Trans>Outlets</Trans>} backHref={null} />
      {mine.isError ? (
        <p role="alert" className="text-red-700">
          {errorMessage(mine.error, t`The outlets could not be loaded. Please try again.`)}
        </p>
      ) : !outlets ? (
        <p aria-busy="true">
          <Trans>Loading…</Trans>
        </p>
      ) : outlets.length === 0 ? (
        <p className="text-slate-700">
          <Trans>You are on no outlet's staff yet: ask a manager.</Trans>
        </p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {outlets.map((o) => (
            <li key={o.id}>
              <LinkButton href={`/outlet/${o.id}`} variant="secondary" className="min-h-20 w-full text-xl">
                {language === 'ar' ? o.nameAr : o.nameEn}
              </LinkButton>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}
