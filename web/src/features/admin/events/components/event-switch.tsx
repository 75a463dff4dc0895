import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Switch } from 'react-aria-components';
import type { EventType } from '@shared/constants';
import { showToast } from '@/components/ui/toast-queue';
import { errorMessage } from '@/lib/api-client';
import { eventSettingsQueryOptions } from '@/entities/events/get-event-settings';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useUpdateEventSetting } from '../api/update-event-setting';

/**
 * The admin's on/off switch of one event (PUT /api/event-settings/:eventType).
 * Staff see the state; only an admin may change it (the server answers 403
 * to anyone else), so the switch is disabled for them. Offline it waits.
 */
export function EventSwitch({
  eventType,
  label,
  isOnline,
  children,
}: {
  eventType: EventType;
  label: ReactNode;
  isOnline: boolean;
  /** Shown inside the same box, above the switch (the Google policy note). */
  children?: ReactNode;
}) {
  const { t } = useLingui();
  const isAdmin = hasRole(useCurrentUser().data, 'admin');
  const settings = useQuery({ ...eventSettingsQueryOptions(), staleTime: 30_000 });
  const update = useUpdateEventSetting();
  const setting = settings.data?.find((s) => s.eventType === eventType);
  const stored = setting?.isEnabled;
  const isEnabled = update.isPending ? (update.variables.isEnabled ?? stored) : stored;
  const storedPhone = setting?.requirePhoneVerification;
  const requirePhone = update.isPending
    ? (update.variables.requirePhoneVerification ?? storedPhone)
    : storedPhone;

  function changePhoneRule(next: boolean) {
    update.mutate(
      { eventType, requirePhoneVerification: next },
      {
        onSuccess: (saved) =>
          showToast({
            variant: 'success',
            title: saved.requirePhoneVerification
              ? t`Entries need a verified phone`
              : t`Entries no longer need a verified phone`,
            description: saved.requirePhoneVerification
              ? t`Guests confirm their phone number with a code before entering.`
              : t`Anyone may enter with any phone number, without a code.`,
          }),
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The setting could not be saved`,
            description: errorMessage(error, t`Check your connection and try again.`),
          }),
      },
    );
  }

  function change(next: boolean) {
    update.mutate(
      { eventType, isEnabled: next },
      {
        onSuccess: (saved) =>
          showToast({
            variant: 'success',
            title: saved.isEnabled ? t`The event is on` : t`The event is off`,
            description: saved.isEnabled
              ? t`Guests can enter this event again.`
              : t`Guests can no longer enter this event.`,
          }),
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The event could not be switched`,
            description: errorMessage(error, t`Check your connection and try again.`),
          }),
      },
    );
  }

  return (
    <section
      aria-labelledby={`${eventType}-switch-title`}
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${eventType}-switch-title`} className="text-lg font-bold text-slate-900">
        <Trans>Event availability</Trans>
      </h2>
      {children}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Switch
          data-testid="event-switch"
          isSelected={isEnabled ?? false}
          isDisabled={!isAdmin || !isOnline || isEnabled === undefined || update.isPending}
          onChange={change}
          className="group flex min-h-11 cursor-pointer items-center gap-3 outline-none data-[disabled]:cursor-not-allowed"
        >
          <span
            aria-hidden="true"
            className="flex h-7 w-12 shrink-0 items-center justify-start rounded-full bg-slate-400 p-0.5 transition-colors group-data-[selected]:justify-end group-data-[disabled]:opacity-60 group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-gold-700 group-data-[selected]:bg-teal-700"
          >
            {/* justify-start/end follow the writing direction: the knob moves the right way in Arabic too. */}
            <span className="size-6 rounded-full bg-white shadow" />
          </span>
          <span className="font-semibold text-slate-900">{label}</span>
        </Switch>
        <span
          data-testid="event-state"
          className={`rounded-full px-3 py-1 text-sm font-bold ${isEnabled ? 'bg-emerald-100 text-emerald-950' : 'bg-slate-200 text-slate-900'}`}
        >
          {isEnabled === undefined ? (
            settings.isError ? (
              <Trans>State unknown</Trans>
            ) : (
              <Trans>Loading…</Trans>
            )
          ) : isEnabled ? (
            <Trans>On: guests can enter</Trans>
          ) : (
            <Trans>Off: closed to guests</Trans>
          )}
        </span>
      </div>
      <div className="flex flex-col gap-2 border-t border-sand-200 pt-3">
        <Switch
          data-testid="phone-rule-switch"
          isSelected={requirePhone ?? false}
          isDisabled={!isAdmin || !isOnline || requirePhone === undefined || update.isPending}
          onChange={changePhoneRule}
          className="group flex min-h-11 cursor-pointer items-center gap-3 outline-none data-[disabled]:cursor-not-allowed"
        >
          <span
            aria-hidden="true"
            className="flex h-7 w-12 shrink-0 items-center justify-start rounded-full bg-slate-400 p-0.5 transition-colors group-data-[selected]:justify-end group-data-[disabled]:opacity-60 group-data-[focus-visible]:outline-3 group-data-[focus-visible]:outline-offset-2 group-data-[focus-visible]:outline-gold-700 group-data-[selected]:bg-teal-700"
          >
            <span className="size-6 rounded-full bg-white shadow" />
          </span>
          <span className="font-semibold text-slate-900">
            <Trans>Entries need a phone verified by code</Trans>
          </span>
        </Switch>
        <p className="text-sm text-slate-700">
          <Trans>
            On by default: a guest confirms the phone number with a code sent by text message before the entry
            counts, so nobody can use up another person's monthly entry.
          </Trans>
        </p>
      </div>
      {!isAdmin ? (
        <p className="text-sm text-slate-700">
          <Trans>Only an administrator can change these settings.</Trans>
        </p>
      ) : null}
    </section>
  );
}
