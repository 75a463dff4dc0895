import type { Time } from '@internationalized/date';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Form } from 'react-aria-components';
import { STAY_REQUEST_TYPES, type StayRequestType } from '@shared/constants';
import { FRONT_DESK_RULES, type StayRequestCreateInput } from '@shared/front-desk-schemas';
import { Button } from '@/components/ui/button';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';
import { TimeField } from '@/components/ui/time-field';
import { labelOf } from '@/entities/bookings/booking-labels';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';
import { STAY_REQUEST_TYPE_LABELS } from './stay-request-labels';

export type StayRequestSend = (
  input: StayRequestCreateInput & { key: string },
  handlers: { onSuccess: (answer: { message: string }) => void; onError: (error: unknown) => void },
) => void;

/**
 * The form of an in-stay request (towels, cleaning, a late check-out at a time, a repair, anything
 * else with a note): the guest's own on their booking's page (`who` guest), or the one staff fill
 * in for a guest who phoned the desk (`who` staff, worded about the guest). `send` posts it with an
 * `Idempotency-Key` made for this one ask; the form says the answer, or the error by its field.
 */
export function StayRequestForm({
  bookingId,
  who,
  send,
  isPending,
}: {
  bookingId: number;
  who: 'guest' | 'staff';
  send: StayRequestSend;
  isPending: boolean;
}) {
  const { t, i18n } = useLingui();
  const online = useOnline();
  const staff = who === 'staff';
  const [type, setType] = useState<StayRequestType | null>(null);
  const [note, setNote] = useState('');
  const [time, setTime] = useState<Time | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!type) found.type = staff ? t`Choose what the guest needs` : t`Choose what you need`;
    if (type === 'late_checkout' && !time)
      found.requestedTime = staff
        ? t`Enter the time the guest would like to leave`
        : t`Enter the time you would like to leave`;
    if (type === 'other' && !note.trim())
      found.note = staff ? t`Say what the guest needs` : t`Please say what you need`;
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
    send(
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
      aria-label={staff ? t`Log a request for the guest` : t`Ask the hotel`}
      className="flex flex-col gap-4"
      data-testid="stay-request-form"
    >
      <RadioGroup
        name="type"
        label={staff ? t`What does the guest need?` : t`What do you need?`}
        value={type}
        onChange={(value) => {
          setType(value as StayRequestType);
          setSent(null);
          // Chosen now: its "choose what…" goes.
          setErrors(({ type: _chosen, ...rest }) => rest);
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
          description={
            staff
              ? t`Logged as asked: answer it in the requests queue.`
              : t`The hotel confirms whether it can keep your room until then.`
          }
          value={time}
          onChange={setTime}
          isInvalid={!!errors.requestedTime}
          errorMessage={errors.requestedTime}
        />
      ) : null}
      {type ? (
        <TextField
          name="note"
          label={
            type === 'other'
              ? staff
                ? t`What does the guest need?`
                : t`What do you need?`
              : t`Note (optional)`
          }
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
      <Button type="submit" className="self-start" isPending={isPending} data-testid="stay-request-send">
        {staff ? <Trans>Log the request</Trans> : <Trans>Send request</Trans>}
      </Button>
    </Form>
  );
}
