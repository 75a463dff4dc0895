import type { Time } from '@internationalized/date';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { STAY_REQUEST_TYPES, type StayRequestType } from '@shared/constants';
import { FRONT_DESK_RULES } from '@shared/front-desk-schemas';
import { Button } from '@/components/ui/button';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';
import { TimeField } from '@/components/ui/time-field';
import { labelOf } from '@/entities/bookings/booking-labels';
import {
  STAY_REQUEST_STATUS_CLASS,
  STAY_REQUEST_STATUS_LABELS,
  STAY_REQUEST_TYPE_LABELS,
} from '@/entities/stay-requests/stay-request-labels';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { formatTimeOfDay } from '@/lib/format-time';
import { useOnline } from '@/lib/use-online';
import type { ManagedBooking } from '../../api/managed-booking';
import { type GuestStayRequest, useSendStayRequest, useStayRequests } from '../../api/stay-requests';

/**
 * The booking page's requests during the stay: while the guest is in house
 * (checked in, not checked out), towels, cleaning, a late check-out (the time asked for), a
 * repair or anything else (a note), sent to the staff's queue; then "My requests" with each one's
 * status and the staff's note, polled while the page is open. Offline it says so and waits.
 */
export function StayRequestsSection({ booking }: { booking: ManagedBooking }) {
  // In house: checked in at the desk (the managed view's `stay`; a page kept on the device from
  // before it has none, and then the requests' own answer says whether the guest is in house).
  const stay = booking.stay as ManagedBooking['stay'] | undefined;
  const maybe =
    (booking.status === 'approved' || booking.status === 'confirmed' || booking.status === 'completed') &&
    (stay === undefined || (stay.checkedInAt !== null && stay.checkedOutAt === null));
  const requests = useStayRequests(booking.id, maybe);
  if (!maybe || !requests.data) return null;
  const { inHouse, requests: list } = requests.data;
  if (!inHouse && list.length === 0) return null;

  return (
    <section
      aria-labelledby="stay-requests-heading"
      data-testid="stay-requests"
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="stay-requests-heading" className="text-xl font-bold text-slate-900">
        <Trans>Requests during your stay</Trans>
      </h2>
      {inHouse ? <AskForm bookingId={booking.id} /> : null}
      {list.length > 0 ? <MyRequests requests={list} /> : null}
    </section>
  );
}

function AskForm({ bookingId }: { bookingId: number }) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const send = useSendStayRequest(bookingId);
  const [type, setType] = useState<StayRequestType | null>(null);
  const [note, setNote] = useState('');
  const [time, setTime] = useState<Time | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!type) found.type = t`Choose what you need`;
    if (type === 'late_checkout' && !time) found.requestedTime = t`Enter the time you would like to leave`;
    if (type === 'other' && !note.trim()) found.note = t`Please say what you need`;
    setErrors(found);
    setFailure(null);
    setSent(null);
    if (Object.keys(found).length > 0 || !type) return;
    if (!online) {
      setFailure(t`You are offline. Your request was not sent: try again when you are connected.`);
      return;
    }
    const requestedTime =
      type === 'late_checkout' && time
        ? `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`
        : undefined;
    send.mutate(
      {
        key: crypto.randomUUID(),
        bookingId,
        type,
        ...(note.trim() && { note: note.trim() }),
        ...(requestedTime && { requestedTime }),
      },
      {
        onSuccess: (answer) => {
          setSent(answer.message);
          setType(null);
          setNote('');
          setTime(null);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          setFailure(
            Object.keys(fields).length > 0
              ? null
              : errorMessage(error, t`Your request could not be sent. Check your connection and try again.`),
          );
        },
      },
    );
  };

  return (
    <Form
      onSubmit={submit}
      validationErrors={errors}
      aria-label={t`Ask the hotel`}
      className="flex flex-col gap-4"
      data-testid="stay-request-form"
    >
      <RadioGroup
        name="type"
        label={t`What do you need?`}
        value={type}
        onChange={(value) => {
          setType(value as StayRequestType);
          setSent(null);
        }}
        isInvalid={!!errors.type}
        errorMessage={errors.type}
        optionsClassName="grid grid-cols-2 gap-2 sm:grid-cols-3"
      >
        {STAY_REQUEST_TYPES.map((value) => (
          <RadioOption key={value} value={value} data-testid={`stay-request-type-${value}`}>
            {labelOf(i18n, STAY_REQUEST_TYPE_LABELS, value)}
          </RadioOption>
        ))}
      </RadioGroup>
      {type === 'late_checkout' ? (
        <TimeField
          name="requestedTime"
          label={t`Leave at`}
          description={t`The hotel confirms whether it can keep your room until then.`}
          value={time}
          onChange={setTime}
          isInvalid={!!errors.requestedTime}
          errorMessage={errors.requestedTime}
        />
      ) : null}
      {type ? (
        <TextField
          name="note"
          label={type === 'other' ? t`What do you need?` : t`Note (optional)`}
          multiline
          rows={2}
          maxLength={FRONT_DESK_RULES.stayRequestNoteMax}
          value={note}
          onChange={setNote}
          isInvalid={!!errors.note}
          errorMessage={errors.note}
        />
      ) : null}
      {failure ? (
        <p role="alert" className="rounded-xl bg-red-50 p-3 text-red-800" data-testid="stay-request-error">
          {failure}
        </p>
      ) : null}
      {sent ? (
        <p
          role="status"
          className="rounded-xl bg-emerald-50 p-3 text-emerald-900"
          data-testid="stay-request-sent"
        >
          {sent}
        </p>
      ) : null}
      <Button type="submit" className="self-start" isPending={send.isPending} data-testid="stay-request-send">
        <Trans>Send request</Trans>
      </Button>
    </Form>
  );
}

function MyRequests({ requests }: { requests: GuestStayRequest[] }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-lg font-bold text-slate-900">
        <Trans>My requests</Trans>
      </h3>
      <ul className="flex flex-col gap-2" aria-label={t`My requests`}>
        {requests.map((r) => (
          <li
            key={r.id}
            className="flex flex-col gap-1 rounded-xl bg-sand-50 p-3"
            data-testid="my-stay-request"
            data-status={r.status}
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-semibold text-slate-900">
                {labelOf(i18n, STAY_REQUEST_TYPE_LABELS, r.type)}
                {r.requestedTime ? ` · ${formatTimeOfDay(r.requestedTime, language)}` : ''}
              </span>
              <span
                className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${STAY_REQUEST_STATUS_CLASS[r.status]}`}
                data-testid="my-stay-request-status"
              >
                <span className="sr-only">
                  <Trans>Status:</Trans>{' '}
                </span>
                {labelOf(i18n, STAY_REQUEST_STATUS_LABELS, r.status)}
              </span>
            </div>
            {r.note ? (
              <p dir="auto" className="break-words whitespace-pre-line text-sm text-slate-800">
                {r.note}
              </p>
            ) : null}
            {r.staffNote ? (
              <p className="text-sm text-slate-800">
                <Trans>From the hotel:</Trans> <span dir="auto">{r.staffNote}</span>
              </p>
            ) : null}
            <p className="text-xs text-slate-600">{formatDateTime(r.createdAt, language)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
