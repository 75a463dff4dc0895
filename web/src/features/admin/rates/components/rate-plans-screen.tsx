import { Trans, useLingui } from '@lingui/react/macro';
import { Suspense, useState } from 'react';
import { STANDARD_RATE_PLAN } from '@shared/rates';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button, LinkButton } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { useRoomName } from '@/entities/rooms/room-names';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage } from '@/lib/api-client';
import { lazy } from '@/lib/lazy';
import { type AdminRatePlan, useAdminRatePlans, useSetPlanActive } from '../api/rates';
import { cancellationText, depositText, extraGuestText, parentPricesText, planName } from '../lib/plan-words';

const RatePlanDialog = lazy(() => import('./rate-plan-dialog'));

/**
 * /admin/rate-plans (staff read, admins change): the hotel's rate plans — standard, and plans
 * such as non-refundable or bed and breakfast, each with its room types, breakfast, cancellation
 * and deposit rules, and a parent whose prices it follows by a percentage. A plan is retired
 * rather than deleted (bookings keep its code); standard is never retired.
 */
export function RatePlansScreen() {
  const { t } = useLingui();
  const plans = useAdminRatePlans();
  const isAdmin = hasRole(useCurrentUser().data, 'admin');
  const [editing, setEditing] = useState<AdminRatePlan | 'new' | null>(null);

  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Rate plans</Trans>}
        subtitle={
          <Trans>
            What each plan sells: room types, breakfast, cancellation and deposit; a plan can follow another's
            prices by a percentage.
          </Trans>
        }
        actions={
          <>
            <LinkButton href="/admin/rates" variant="secondary">
              <Trans>Rate calendar</Trans>
            </LinkButton>
            {isAdmin ? (
              <Button onPress={() => setEditing('new')} data-testid="new-rate-plan">
                <Trans>New plan</Trans>
              </Button>
            ) : null}
          </>
        }
      />
      {plans.isError && !plans.data ? (
        <LoadError onRetry={() => void plans.refetch()}>
          <Trans>The rate plans could not be loaded. Check your connection and try again.</Trans>
        </LoadError>
      ) : null}
      {plans.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the rate plans…</Trans>
        </p>
      ) : null}
      {plans.data ? (
        <ul className="grid gap-4 md:grid-cols-2" aria-label={t`Rate plans`}>
          {plans.data.map((plan) => (
            <li key={plan.code}>
              <PlanCard
                plan={plan}
                parent={plans.data.find((p) => p.code === plan.parentCode)}
                isAdmin={isAdmin}
                onEdit={() => setEditing(plan)}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {editing && plans.data ? (
        <Suspense fallback={null}>
          <RatePlanDialog
            plan={editing === 'new' ? null : editing}
            plans={plans.data}
            onClose={() => setEditing(null)}
          />
        </Suspense>
      ) : null}
    </main>
  );
}

function PlanCard({
  plan,
  parent,
  isAdmin,
  onEdit,
}: {
  plan: AdminRatePlan;
  parent: AdminRatePlan | undefined;
  isAdmin: boolean;
  onEdit: () => void;
}) {
  const { t } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const setActive = useSetPlanActive();
  const name = planName(plan, language);
  const otherName = language === 'ar' ? plan.nameEn : plan.nameAr;
  const toggle = () =>
    setActive.mutate(
      { code: plan.code, active: !plan.active },
      {
        onSuccess: (body) => showToast({ variant: 'success', title: body.message }),
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The plan was not changed`,
            description: errorMessage(error, t`Please try again.`),
          }),
      },
    );
  const parentName = parent ? planName(parent, language) : (plan.parentCode ?? '');
  const rowClass = 'flex flex-wrap gap-x-2';
  return (
    <article
      className={`flex h-full flex-col gap-3 rounded-2xl border p-5 shadow-sm ${
        plan.active ? 'border-sand-200 bg-white' : 'border-dashed border-slate-400 bg-sand-50'
      }`}
      data-testid={`rate-plan-${plan.code}`}
      aria-labelledby={`plan-${plan.code}-name`}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="flex min-w-0 flex-col">
          <h2 id={`plan-${plan.code}-name`} className="text-xl font-bold text-slate-900">
            {name}
          </h2>
          <span className="text-sm text-slate-700">
            <bdi dir={language === 'ar' ? 'ltr' : 'rtl'}>{otherName}</bdi> ·{' '}
            <bdi dir="ltr" className="font-mono">
              {plan.code}
            </bdi>
          </span>
        </div>
        <span
          className={`shrink-0 rounded-full px-3 py-0.5 text-sm font-semibold ${
            plan.active ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'
          }`}
        >
          {plan.active ? (
            <Trans context="rate plan">Active</Trans>
          ) : (
            <Trans context="rate plan">Retired</Trans>
          )}
        </span>
        {plan.public === false ? (
          <span
            className="shrink-0 rounded-full bg-amber-100 px-3 py-0.5 text-sm font-semibold text-amber-900"
            data-testid="plan-private"
          >
            <Trans context="rate plan">Private: companies only</Trans>
          </span>
        ) : null}
      </div>
      <dl className="flex flex-col gap-1 text-sm text-slate-800">
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Room types</Trans>:
          </dt>
          <dd>{plan.roomTypes.map((type) => roomName(type)).join(language === 'ar' ? '، ' : ', ')}</dd>
        </div>
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Breakfast</Trans>:
          </dt>
          <dd>{plan.breakfastIncluded ? <Trans>Included</Trans> : <Trans>Not included</Trans>}</dd>
        </div>
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Cancellation</Trans>:
          </dt>
          <dd>{cancellationText(plan.cancellation, language)}</dd>
        </div>
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Deposit</Trans>:
          </dt>
          <dd>{depositText(plan.deposit, language)}</dd>
        </div>
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Prices</Trans>:
          </dt>
          <dd>
            {plan.parentCode ? (
              parentPricesText(parentName, plan.parentAdjustmentPercent ?? 0, language)
            ) : (
              <Trans>Its own, else the room type's price</Trans>
            )}
          </dd>
        </div>
        <div className={rowClass}>
          <dt className="font-semibold">
            <Trans>Each further guest</Trans>:
          </dt>
          <dd>{extraGuestText(plan, parentName, language)}</dd>
        </div>
      </dl>
      {isAdmin ? (
        <div className="mt-auto flex flex-wrap gap-2">
          <Button variant="secondary" className="px-3 py-2 text-sm" onPress={onEdit}>
            <Trans>Edit</Trans>
            <span className="sr-only"> · {name}</span>
          </Button>
          {plan.code !== STANDARD_RATE_PLAN ? (
            <Button
              variant="secondary"
              className="px-3 py-2 text-sm"
              isPending={setActive.isPending}
              onPress={toggle}
            >
              {plan.active ? (
                <Trans context="rate plan">Retire</Trans>
              ) : (
                <Trans context="rate plan">Reactivate</Trans>
              )}
              <span className="sr-only"> · {name}</span>
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
}
