import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { showToast } from '@/components/ui/toast-queue';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { useRatePlans } from '@/entities/rates/get-rate-plans';
import { ratePlanName } from '@/entities/rates/rate-plan-labels';
import { useRoomName } from '@/entities/rooms/room-names';
import { errorMessage } from '@/lib/api-client';
import { formatCount, formatCurrencyAmount, formatDate, formatDateTime } from '@/lib/format';
import { useOnline } from '@/lib/use-online';
import {
  type ChannelScreenStatus,
  useChannelStatus,
  useFullSync,
  useSetChannelEnabled,
} from '../api/channel';
import { ChannelMappingsEditor } from './channel-mappings';
import {
  ERROR_LABELS,
  errorWords,
  FLAG_LABELS,
  OUTCOME_LABELS,
  PROVIDER_LABELS,
  PUSH_KIND_LABELS,
  REJECTED_FIELD_LABELS,
  REJECTED_VALUE_LABEL,
  REVISION_STATUS_LABELS,
  VIA_LABELS,
  wordOf,
} from './channel-words';
import { formatBookingReference } from '@shared/booking-reference';
import { BookingReference } from '@/components/booking-reference';

/** How far a full sync reaches (the server's horizon). */
const FULL_SYNC_DAYS = 500;

const sectionClass = 'flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5';
const headingClass = 'text-xl font-bold text-teal-800';
const linkClass =
  'font-semibold text-teal-800 underline underline-offset-4 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700';

/**
 * /admin/channel (managers read, admins change): the link to the channel manager that sells the
 * rooms on the OTAs. Connected or not, the last push and pull, the changes waiting to be sent,
 * its errors in words, the OTA bookings the hotel could not place or honour as sold, the latest
 * booking revisions, the mappings of room types and plans, how Channex's webhook must be created,
 * a full sync and the on/off setting (off keeps the queue).
 */
export function ChannelScreen() {
  const { t } = useLingui();
  const status = useChannelStatus();
  const canEdit = hasRole(useCurrentUser().data, 'admin');
  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8" data-testid="channel-screen">
      <AdminPageHeader
        title={<Trans>Channel manager</Trans>}
        subtitle={
          <Trans>
            Rooms, prices and closed nights sent to the booking sites, and their bookings brought in.
          </Trans>
        }
      />
      {status.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the channel link…</Trans>
        </p>
      ) : status.isError ? (
        <LoadError onRetry={() => void status.refetch()}>
          {errorMessage(status.error, t`The channel link could not be loaded.`)}
        </LoadError>
      ) : (
        <>
          <LinkSummary status={status.data} canEdit={canEdit} />
          <Flagged flagged={status.data.flagged} revisions={status.data.revisions} />
          <Errors errors={status.data.errors} />
          <ChannelMappingsEditor canEdit={canEdit} />
          <WebhookSetup provider={status.data.provider} />
          <Revisions revisions={status.data.revisions} />
          <Pushes pushes={status.data.pushes} />
        </>
      )}
    </main>
  );
}

function Fact({ label, children, testId }: { label: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <div className="flex flex-col gap-0.5 rounded-xl bg-sand-50 p-3">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

function LinkSummary({ status, canEdit }: { status: ChannelScreenStatus; canEdit: boolean }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const setEnabled = useSetChannelEnabled();
  const fullSync = useFullSync();
  const when = (at: string | null) => (at ? formatDateTime(at, language) : t`Never`);
  const failed = (title: string) => (failure: unknown) =>
    showToast({ variant: 'error', title, description: errorMessage(failure, t`Please try again.`) });
  const connection = !status.enabled ? (
    <Trans>Switched off: changes are kept and sent when it is on again</Trans>
  ) : status.connected ? (
    <Trans>Connected</Trans>
  ) : (
    <Trans>Not connected</Trans>
  );
  return (
    <section className={sectionClass} aria-labelledby="channel-link-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="channel-link-heading" className={headingClass}>
          {i18n._(PROVIDER_LABELS[status.provider])}
        </h2>
        <span
          data-testid="channel-connected"
          className={`rounded-full px-3 py-1 text-sm font-semibold ${status.enabled && status.connected ? 'bg-teal-50 text-teal-900' : 'bg-amber-100 text-amber-950'}`}
        >
          {connection}
        </span>
      </div>
      {status.missingSettings.length > 0 ? (
        <p role="alert" className="text-amber-950" data-testid="channel-missing-settings">
          <Trans>Settings still missing:</Trans>{' '}
          <bdi dir="ltr" translate="no">
            {status.missingSettings.join(', ')}
          </bdi>
        </p>
      ) : null}
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Fact label={<Trans>Last sent</Trans>} testId="channel-last-push">
          {when(status.lastPushAt)}
        </Fact>
        <Fact label={<Trans>Last read</Trans>} testId="channel-last-pull">
          {when(status.lastPullAt)}
        </Fact>
        <Fact label={<Trans>Changes waiting to be sent</Trans>} testId="channel-queue">
          {formatCount(status.outboxDepth, language)}
        </Fact>
      </dl>
      {status.backoffUntil ? (
        <p className="text-slate-700" data-testid="channel-backoff">
          <Trans>Waiting before sending again, until {formatDateTime(status.backoffUntil, language)}</Trans>
        </p>
      ) : null}
      {!online && canEdit ? (
        <OfflineNote>
          <Trans>You are offline. The link can be changed once the connection is back.</Trans>
        </OfflineNote>
      ) : null}
      <div className="flex flex-wrap items-center gap-4">
        <Switch
          isSelected={status.enabled}
          isReadOnly={!canEdit}
          isDisabled={!online || setEnabled.isPending}
          onChange={(enabled) =>
            setEnabled.mutate(enabled, {
              onSuccess: (saved) => showToast({ variant: 'success', title: saved.message }),
              onError: failed(t`The setting was not saved`),
            })
          }
          data-testid="channel-enabled"
        >
          <Trans>Link to the channel manager on</Trans>
        </Switch>
        {canEdit ? (
          <Button
            variant="secondary"
            isPending={fullSync.isPending}
            isDisabled={!online}
            onPress={() =>
              fullSync.mutate(undefined, {
                onSuccess: (queued) => showToast({ variant: 'success', title: queued.message }),
                onError: failed(t`The full sync was not started`),
              })
            }
            data-testid="channel-full-sync"
          >
            <Trans>Send everything again, the next {formatCount(FULL_SYNC_DAYS, language)} days</Trans>
          </Button>
        ) : (
          <p className="text-slate-700" data-testid="channel-read-only">
            <Trans>Only an administrator can change the link.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}

function Flagged({
  flagged,
  revisions,
}: {
  flagged: ChannelScreenStatus['flagged'];
  revisions: ChannelScreenStatus['revisions'];
}) {
  const { i18n } = useLingui();
  const language = useLanguage();
  if (flagged.length === 0) return null;
  return (
    <section
      className={`${sectionClass} border-red-300`}
      aria-labelledby="channel-flagged-heading"
      data-testid="channel-flagged"
    >
      <h2 id="channel-flagged-heading" className="text-xl font-bold text-red-900">
        <Trans>OTA bookings to place or correct by hand</Trans>
      </h2>
      <ul className="flex flex-col divide-y divide-sand-200">
        {flagged.map((f) => (
          <li
            key={f.bookingId ?? f.revisionId}
            className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
            data-testid="channel-flagged-booking"
          >
            <bdi dir="ltr" translate="no" className="font-semibold">
              {f.otaName}
            </bdi>
            <bdi dir="ltr" translate="no" className="font-mono">
              {f.otaReservationCode}
            </bdi>
            <span className="text-red-900" data-testid="channel-flag-reason">
              {i18n._(FLAG_LABELS[f.reason])}
            </span>
            {f.currency && f.amount ? (
              <span className="text-slate-800" data-testid="channel-flag-amount">
                <Trans>The OTA sent {formatCurrencyAmount(f.amount, f.currency, language)}</Trans>
              </span>
            ) : null}
            <BookingLink
              reference={
                f.bookingReference ?? revisions.find((r) => r.id === f.revisionId)?.bookingReference ?? null
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A link to the booking on the bookings screen (found by its reference); without one (a revision
 * older than the latest listed), the tape chart, where a stay without a room is given one.
 */
function BookingLink({ reference, cancelled = false }: { reference: string | null; cancelled?: boolean }) {
  if (!reference) {
    return (
      <Link href="/admin/tape-chart" className={linkClass}>
        <Trans>Place it on the tape chart</Trans>
      </Link>
    );
  }
  // The reference as every screen shows it ("K7M-Q4PX"), in the link and in the search it opens.
  const shown = formatBookingReference(reference);
  const query = new URLSearchParams({ q: shown, tab: cancelled ? 'cancelled' : 'current' });
  const code = <BookingReference reference={reference} />;
  return (
    <Link
      href={`/admin/bookings?${query.toString()}`}
      className={linkClass}
      data-testid="channel-booking-link"
    >
      <Trans>Open booking {code}</Trans>
    </Link>
  );
}

function Errors({ errors }: { errors: ChannelScreenStatus['errors'] }) {
  const { i18n } = useLingui();
  const language = useLanguage();
  const rejected = errors.filter((e) => e.rejected);
  const others = errors.filter((e) => !e.rejected);
  return (
    <section className={sectionClass} aria-labelledby="channel-errors-heading">
      <h2 id="channel-errors-heading" className={headingClass}>
        <Trans>Errors</Trans>
      </h2>
      {errors.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No errors.</Trans>
        </p>
      ) : null}
      {rejected.length > 0 ? (
        <div
          className="flex flex-col gap-2 rounded-xl border border-red-200 bg-red-50 p-3"
          data-testid="channel-rejected-values"
        >
          <p className="font-semibold text-red-900">{i18n._(ERROR_LABELS.values_rejected)}</p>
          <ul className="flex flex-col gap-2">
            {rejected.map((error, i) => (
              <li key={`${error.at}-${i}`} data-testid="channel-rejected">
                <RejectedValues rejected={error.rejected!} />
              </li>
            ))}
          </ul>
          <p className="text-sm text-slate-800">
            <Trans>
              Correct them here (a price above zero, a mapped id) and they are sent again, or send everything
              again.
            </Trans>
          </p>
        </div>
      ) : null}
      {others.length > 0 ? (
        <ul className="flex flex-col gap-2" data-testid="channel-errors">
          {others.map((error, i) => (
            <li key={`${error.at}-${i}`} className="flex flex-col gap-0.5">
              <span className="text-sm text-slate-600">{formatDateTime(error.at, language)}</span>
              <span className="text-slate-900">{errorWords(i18n, error)}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/**
 * Values the channel manager ignored: the room type, the plan and the nights, and what it named.
 * They stay listed until a later send of those nights is accepted.
 */
function RejectedValues({
  rejected,
}: {
  rejected: NonNullable<ChannelScreenStatus['errors'][number]['rejected']>;
}) {
  const { i18n } = useLingui();
  const language = useLanguage();
  const roomName = useRoomName();
  const plans = useRatePlans().data?.ratePlans;
  const type = roomName(rejected.roomType);
  const nights =
    rejected.from === rejected.to
      ? formatDate(rejected.from, language)
      : `${formatDate(rejected.from, language)} – ${formatDate(rejected.to, language)}`;
  const fields = [
    ...new Set(rejected.fields.map((f) => i18n._(REJECTED_FIELD_LABELS[f] ?? REJECTED_VALUE_LABEL))),
  ].join(language === 'ar' ? '، ' : ', ');
  const plan = rejected.ratePlan
    ? ratePlanName(
        plans?.find((p) => p.code === rejected.ratePlan),
        rejected.ratePlan,
        language,
      )
    : null;
  return (
    <span className="flex flex-col gap-0.5 text-red-900">
      <span className="font-semibold">
        {plan ? (
          <Trans>
            {type}, {plan}: {nights}
          </Trans>
        ) : (
          <Trans>
            {type}, rooms for sale: {nights}
          </Trans>
        )}
      </span>
      <span>
        <Trans>Ignored: {fields}.</Trans>
      </span>
    </span>
  );
}

/**
 * How the channel manager's webhook must be created for this link (decision 074): our URL, the
 * booking events, `send_data` on (else it names no revision and each one costs a feed read), and
 * our header with the CHANNEX_WEBHOOK_SECRET setting's value. Names and values are written as
 * Channex spells them (left to right, never translated).
 */
function WebhookSetup({ provider }: { provider: ChannelScreenStatus['provider'] }) {
  if (provider === 'off') return null;
  const code = (text: string) => (
    <bdi dir="ltr" translate="no" className="font-mono text-sm break-all">
      {text}
    </bdi>
  );
  const url = `${typeof window === 'undefined' ? '' : window.location.origin}/api/channel/webhooks/channex`;
  return (
    <section className={sectionClass} aria-labelledby="channel-webhook-heading" data-testid="channel-webhook">
      <h2 id="channel-webhook-heading" className={headingClass}>
        <Trans>The webhook at Channex</Trans>
      </h2>
      <p className="text-slate-800">
        <Trans>
          Channex tells us of each booking through a webhook of the property, created once (in Channex&apos;s
          webhooks screen or its API) with these settings. The feed is read every minute as well, so nothing
          is lost if a webhook fails.
        </Trans>
      </p>
      <dl className="grid grid-cols-1 gap-2 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-semibold text-slate-800">
          <Trans>Callback URL</Trans>
        </dt>
        <dd className="min-w-0">{code(url)}</dd>
        <dt className="font-semibold text-slate-800">
          <Trans>Events (event mask)</Trans>
        </dt>
        <dd>
          <Trans>{code('booking')}: every booking revision, new, modified and cancelled</Trans>
        </dd>
        <dt className="font-semibold text-slate-800">
          <Trans>Send data</Trans>
        </dt>
        <dd>
          <Trans>
            {code('send_data: true')}: the webhook then names its revision (without it, each webhook makes us
            read the whole feed)
          </Trans>
        </dd>
        <dt className="font-semibold text-slate-800">
          <Trans>Header</Trans>
        </dt>
        <dd>
          <Trans>
            {code('x-channex-webhook-secret')} set to the value of the {code('CHANNEX_WEBHOOK_SECRET')}{' '}
            setting (a webhook without it is refused)
          </Trans>
        </dd>
      </dl>
    </section>
  );
}

function Revisions({ revisions }: { revisions: ChannelScreenStatus['revisions'] }) {
  const { i18n } = useLingui();
  const language = useLanguage();
  return (
    <section className={sectionClass} aria-labelledby="channel-revisions-heading">
      <h2 id="channel-revisions-heading" className={headingClass}>
        <Trans>Latest bookings from the channel</Trans>
      </h2>
      {revisions.length === 0 ? (
        <p className="text-slate-700">
          <Trans>None yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-sand-200" data-testid="channel-revisions">
          {revisions.map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
              data-testid="channel-revision"
            >
              <span className="font-semibold">{wordOf(i18n, REVISION_STATUS_LABELS, r.status)}</span>
              <bdi dir="ltr" translate="no">
                {r.otaName}
              </bdi>
              <bdi dir="ltr" translate="no" className="font-mono">
                {r.otaReservationCode}
              </bdi>
              <span
                className={
                  r.outcome === 'applied' || r.outcome === 'ignored' || r.outcome === 'stale'
                    ? 'text-slate-800'
                    : 'text-red-900'
                }
              >
                {wordOf(i18n, OUTCOME_LABELS, r.outcome)}
              </span>
              <span className="text-sm text-slate-600">
                {formatDateTime(r.receivedAt, language)} {wordOf(i18n, VIA_LABELS, r.via)}
              </span>
              {r.bookingReference ? (
                <BookingLink reference={r.bookingReference} cancelled={r.status === 'cancelled'} />
              ) : null}
              {r.ackedAt ? null : (
                <span className="text-sm text-amber-950">
                  <Trans>Not yet acknowledged</Trans>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The latest sends (the outbox's send record): what each carried, what the channel manager
 * answered, and its ids (Channex's request id and task id), which its support and its
 * certification reviewer ask for.
 */
function Pushes({ pushes }: { pushes: ChannelScreenStatus['pushes'] }) {
  const { i18n } = useLingui();
  const language = useLanguage();
  return (
    <section className={sectionClass} aria-labelledby="channel-pushes-heading">
      <h2 id="channel-pushes-heading" className={headingClass}>
        <Trans>Latest sends to the channel manager</Trans>
      </h2>
      {pushes.length === 0 ? (
        <p className="text-slate-700">
          <Trans>Nothing sent yet.</Trans>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-sand-200" data-testid="channel-pushes">
          {pushes.map((p, i) => (
            <li key={`${p.at}-${i}`} className="flex flex-col gap-1 py-2" data-testid="channel-push">
              <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold">{i18n._(PUSH_KIND_LABELS[p.kind])}</span>
                {p.full ? (
                  <span className="rounded-full bg-sand-100 px-2 text-sm text-slate-800">
                    <Trans>Full sync</Trans>
                  </span>
                ) : null}
                <span className="text-slate-800">
                  <Trans>{formatCount(p.values, language)} values</Trans>
                </span>
                <span className={p.outcome === 'accepted' ? 'text-teal-900' : 'text-red-900'}>
                  {p.outcome === 'accepted' ? (
                    <Trans>Accepted</Trans>
                  ) : p.outcome === 'warned' ? (
                    <Trans>Accepted, {formatCount(p.warnings, language)} ignored</Trans>
                  ) : p.status ? (
                    <Trans>
                      Failed (
                      <bdi dir="ltr" translate="no">
                        HTTP {p.status}
                      </bdi>
                      )
                    </Trans>
                  ) : (
                    <Trans>Failed, no answer</Trans>
                  )}
                </span>
                <span className="text-sm text-slate-600">{formatDateTime(p.at, language)}</span>
              </span>
              {p.requestId || p.taskIds.length > 0 ? (
                <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-700 md:grid-cols-2">
                  {p.requestId ? (
                    <div className="flex min-w-0 flex-col">
                      <dt>
                        <Trans>Request id</Trans>
                      </dt>
                      <dd
                        className="break-all font-mono text-slate-900"
                        data-testid="channel-push-request-id"
                      >
                        <bdi dir="ltr" translate="no">
                          {p.requestId}
                        </bdi>
                      </dd>
                    </div>
                  ) : null}
                  {p.taskIds.length > 0 ? (
                    <div className="flex min-w-0 flex-col">
                      <dt>
                        <Trans>Task id</Trans>
                      </dt>
                      <dd className="break-all font-mono text-slate-900" data-testid="channel-push-task-id">
                        <bdi dir="ltr" translate="no">
                          {p.taskIds.join(' ')}
                        </bdi>
                      </dd>
                    </div>
                  ) : null}
                </dl>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
