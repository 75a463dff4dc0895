import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { FRONT_DESK_RULES } from '@shared/constants';
import { OfflineNote } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { labelOf } from '@/entities/bookings/booking-labels';
import { useRoomName } from '@/entities/rooms/room-names';
import {
  STAY_REQUEST_STATUS_CLASS,
  STAY_REQUEST_STATUS_LABELS,
  STAY_REQUEST_TYPE_LABELS,
} from '@/entities/stay-requests/stay-request-labels';
import { useLanguage } from '@/hooks/use-language';
import { useVisibleInterval } from '@/hooks/use-visible-interval';
import { errorMessage } from '@/lib/api-client';
import { hoursCount, minutesCount } from '@/lib/counts';
import { formatDateTime } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { formatTimeOfDay } from '@/lib/format-time';
import { useOnline } from '@/lib/use-online';
import { type QueuedStayRequest, useAnswerStayRequest, useStayRequestQueue } from './stay-request-queue-api';

/**
 * The staff's queue of guests' in-stay requests: the open ones oldest first,
 * each with its room (LTR isolated), guest, type, note, late check-out time and how long it has
 * waited; "Start", "Done" (a late check-out: "Approve") and, for a late check-out, "Decline", with
 * an optional note the guest reads. Then the ones finished today. Polled every 5 s; offline the
 * last list stays readable and answers wait for the connection. Embedded by the desk and the
 * housekeeping board, and shown on its own at /admin/stay-requests.
 */
export function StayRequestQueue({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useLingui();
  const online = useOnline();
  const queue = useStayRequestQueue();
  // The waiting times move on while nothing else changes.
  const [now, setNow] = useState(() => Date.now());
  useVisibleInterval(() => setNow(Date.now()), 30_000);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section
      aria-labelledby="stay-request-queue-heading"
      className="flex flex-col gap-4"
      data-testid="stay-request-queue"
    >
      <Heading id="stay-request-queue-heading" className="text-xl font-bold text-slate-900">
        <Trans>Guests' requests</Trans>
      </Heading>
      {!online && (
        <OfflineNote>
          <Trans>You are offline. This is the last list loaded; answers need a connection.</Trans>
        </OfflineNote>
      )}
      {queue.isError && !queue.data && (
        <LoadError onRetry={() => void queue.refetch()}>
          <Trans>The requests could not be loaded. Check your connection and try again.</Trans>
        </LoadError>
      )}
      {queue.isPending && (
        <p role="status" className="text-slate-700">
          <Trans>Loading requests…</Trans>
        </p>
      )}
      {queue.data &&
        (queue.data.open.length === 0 ? (
          <p className="rounded-xl bg-sand-100 p-4 text-slate-700" data-testid="stay-request-queue-empty">
            <Trans>No open requests.</Trans>
          </p>
        ) : (
          <ul className="flex flex-col gap-3" aria-label={t`Open requests, oldest first`}>
            {queue.data.open.map((request) => (
              <li key={request.id}>
                <OpenRequest request={request} online={online} now={now} />
              </li>
            ))}
          </ul>
        ))}
      {queue.data && queue.data.done.length > 0 ? (
        <div className="flex flex-col gap-2">
          <Heading className="text-lg font-bold text-slate-900">
            <Trans>Finished today</Trans>
          </Heading>
          <ul className="flex flex-col gap-2" aria-label={t`Finished today`}>
            {queue.data.done.map((request) => (
              <li key={request.id}>
                <FinishedRequest request={request} />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** "Room 204" / "الغرفة ٢٠٤" by the one formatter, or "No room yet". */
function RoomLabel({ request }: { request: QueuedStayRequest }) {
  const language = useLanguage();
  return request.roomNumber ? (
    <Trans>
      Room{' '}
      <span translate="no" className="tabular-nums">
        {formatRoomNumber(request.roomNumber, language)}
      </span>
    </Trans>
  ) : (
    <Trans>No room yet</Trans>
  );
}

/** Whole minutes since `createdAt`. */
const minutesSince = (createdAt: string, now: number) =>
  Math.max(0, Math.floor((now - new Date(createdAt).getTime()) / 60_000));

/** How long it has waited: "12 minutes" / "١٢ دقيقة", then hours. */
function waited(minutes: number, language: 'ar' | 'en') {
  return minutes < 60 ? minutesCount(minutes, language) : hoursCount(Math.floor(minutes / 60), language);
}

function StatusBadge({ request }: { request: QueuedStayRequest }) {
  const { i18n } = useLingui();
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STAY_REQUEST_STATUS_CLASS[request.status]}`}
      data-testid="stay-request-status"
    >
      {labelOf(i18n, STAY_REQUEST_STATUS_LABELS, request.status)}
    </span>
  );
}

function OpenRequest({ request, online, now }: { request: QueuedStayRequest; online: boolean; now: number }) {
  const { t, i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const answer = useAnswerStayRequest();
  const [noting, setNoting] = useState(false);
  const [note, setNote] = useState('');
  const type = labelOf(i18n, STAY_REQUEST_TYPE_LABELS, request.type);
  const late = request.type === 'late_checkout';
  const room = request.roomNumber ? formatRoomNumber(request.roomNumber, language) : '—';
  const age = minutesSince(request.createdAt, now);

  const send = (status: 'in_progress' | 'done' | 'declined') =>
    answer.mutate(
      { id: request.id, status, ...(note.trim() && { note: note.trim() }) },
      {
        onSuccess: () => {
          setNote('');
          setNoting(false);
          showToast({
            variant: 'success',
            title:
              status === 'in_progress'
                ? t`Started: ${type}, room ${room}`
                : status === 'done'
                  ? t`Done: ${type}, room ${room}`
                  : t`Declined: ${type}, room ${room}`,
          });
        },
        onError: (error) =>
          showToast({
            variant: 'error',
            title: t`The request could not be updated`,
            description: errorMessage(error, t`Check your connection and try again.`),
          }),
      },
    );
  const busy = answer.isPending;

  return (
    <article
      className="flex flex-col gap-2 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm"
      data-testid="stay-request"
      data-status={request.status}
      aria-label={t`${type}, room ${room}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-lg font-bold text-slate-900">
          <RoomLabel request={request} /> · {type}
        </p>
        <StatusBadge request={request} />
      </div>
      <p className="text-sm text-slate-700">
        {/* A housekeeper's queue has no guest's name: the room says where to go. */}
        {[request.guestName, request.roomType ? roomName(request.roomType) : null]
          .filter(Boolean)
          .join(' · ')}{' '}
        ·{' '}
        <span data-testid="stay-request-age">
          {age < 1 ? <Trans>asked just now</Trans> : <Trans>waiting {waited(age, language)}</Trans>}
        </span>
      </p>
      {late && request.requestedTime ? (
        <p className="font-semibold text-slate-900">
          <Trans>Leave at {formatTimeOfDay(request.requestedTime, language)}</Trans>
        </p>
      ) : null}
      {request.note ? (
        <p dir="auto" className="break-words whitespace-pre-line text-slate-800">
          {request.note}
        </p>
      ) : null}
      {request.staffNote ? (
        <p className="rounded-xl bg-sand-50 p-2 text-sm text-slate-800">
          <Trans>Note to the guest:</Trans> <span dir="auto">{request.staffNote}</span>
        </p>
      ) : null}
      {noting ? (
        <TextField
          label={t`Note to the guest (optional)`}
          value={note}
          onChange={setNote}
          maxLength={FRONT_DESK_RULES.staffNoteMax}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        {request.status === 'new' ? (
          <Button
            variant="secondary"
            isDisabled={!online || busy}
            onPress={() => send('in_progress')}
            data-testid="stay-request-start"
          >
            <Trans>Start</Trans>
          </Button>
        ) : null}
        <Button isDisabled={!online || busy} onPress={() => send('done')} data-testid="stay-request-done">
          {late ? <Trans>Approve</Trans> : <Trans context="stay request action">Done</Trans>}
        </Button>
        {late ? (
          <Button
            variant="danger"
            isDisabled={!online || busy}
            onPress={() => send('declined')}
            data-testid="stay-request-decline"
          >
            <Trans>Decline</Trans>
          </Button>
        ) : null}
        {!noting ? (
          <Button variant="ghost" onPress={() => setNoting(true)}>
            <Trans>Add a note</Trans>
          </Button>
        ) : null}
      </div>
    </article>
  );
}

function FinishedRequest({ request }: { request: QueuedStayRequest }) {
  const { i18n } = useLingui();
  const language = useLanguage();
  const type = labelOf(i18n, STAY_REQUEST_TYPE_LABELS, request.type);
  return (
    <div
      className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-sand-50 px-3 py-2 text-sm text-slate-800"
      data-testid="stay-request-finished"
    >
      <span>
        <span className="font-semibold">
          <RoomLabel request={request} /> · {type}
        </span>
        {request.guestName ? ` · ${request.guestName}` : ''}
        {request.doneAt ? ` · ${formatDateTime(request.doneAt, language)}` : ''}
        {request.staffNote ? (
          <>
            {' '}
            · <span dir="auto">{request.staffNote}</span>
          </>
        ) : null}
      </span>
      <StatusBadge request={request} />
    </div>
  );
}
