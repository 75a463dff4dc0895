import { Time } from '@internationalized/date';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { FileTrigger, Form, Link } from 'react-aria-components';
import { MAX_OCCUPANCY } from '@shared/room-type-schemas';
import { ONLINE_CHECK_IN_RULES } from '@shared/online-check-in-schemas';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { NumberField } from '@/components/ui/number-field';
import { TextField } from '@/components/ui/text-field';
import { TimeField } from '@/components/ui/time-field';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatFileSize } from '@/lib/format';
import type { ManagedBooking } from '../../api/managed-booking';
import { useRoomType } from '@/entities/rooms/get-room-types';
import { guestsRefusal, useGuestLimitsSentence } from '../guest-count-field';
import { useGuestDetails, useOnlineCheckIn } from '../../api/online-check-in';
import {
  EMPTY_GUEST_DOCUMENT,
  GuestDocumentFields,
  guestDocumentBody,
  guestDocumentValues,
  type GuestDocumentValues,
} from '@/entities/guest-profile/guest-document-fields';

/** The image types the server takes (shared with the event uploads). */
const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/avif'];

/**
 * The online check-in form (a lazy chunk of the booking page; online-check-in-section.tsx). The
 * server checks everything again and answers each field's error in the page's language.
 */
export default function OnlineCheckInForm({
  booking,
  onDone,
}: {
  booking: ManagedBooking;
  onDone: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const previous = booking.onlineCheckIn;
  const [arrival, setArrival] = useState<Time | null>(() => {
    if (!previous) return null;
    const [h, m] = previous.arrivalTime.split(':').map(Number) as [number, number];
    return new Time(h, m);
  });
  const [adults, setAdults] = useState(previous?.adults ?? Math.min(2, booking.numberOfGuests));
  const [children, setChildren] = useState(previous?.children ?? 0);
  const [requests, setRequests] = useState(previous?.specialRequests ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [accepted, setAccepted] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const checkIn = useOnlineCheckIn(booking.id);
  // The registration details the hotel has already (a returning guest's), filled in.
  const known = useGuestDetails(booking.id);
  const prefilled = known.data ? guestDocumentValues(known.data.profile) : EMPTY_GUEST_DOCUMENT;
  const [doc, setDoc] = useState<GuestDocumentValues | null>(null);
  const details = doc ?? prefilled;
  const photoOnFile = previous?.hasIdDocument ?? false;
  // The room type's limits (GET /api/room-types); unknown offline on a first visit: the server checks.
  const type = useRoomType(booking.roomType);
  const limitsOf = useGuestLimitsSentence();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!arrival) found.arrivalTime = t`Enter your arrival time`;
    if (!photo && !photoOnFile) found.photo = t`Add a photo of your ID or passport`;
    if (!accepted) found.acceptTerms = t`Please accept the hotel's terms to check in`;
    // As the server: more people than booked first, then the room type's own limits.
    if (adults + children > booking.numberOfGuests) {
      found.children = t`More people than the booking is for. To bring more, change the booking or call the hotel.`;
    } else if (type && guestsRefusal(type, { adults, children })) {
      found.children = limitsOf(type);
    }
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    const arrivalTime = `${String(arrival!.hour).padStart(2, '0')}:${String(arrival!.minute).padStart(2, '0')}`;
    checkIn.mutate(
      {
        photo,
        input: { arrivalTime, adults, children, specialRequests: requests, acceptTerms: true },
        // Sent only when the guest changed them (a booking's profile may not be theirs to change).
        ...(doc && JSON.stringify(doc) !== JSON.stringify(prefilled) && { details: guestDocumentBody(doc) }),
      },
      {
        onSuccess: onDone,
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          setFailure(
            Object.keys(fields).length > 0
              ? null
              : errorMessage(error, t`Could not save your check-in. Please try again.`),
          );
        },
      },
    );
  };

  return (
    <Form
      onSubmit={submit}
      validationErrors={errors}
      aria-label={t`Online check-in`}
      className="flex flex-col gap-4"
      data-testid="online-check-in-form"
    >
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-base font-semibold text-slate-900">
          <Trans>Registration details</Trans>
        </legend>
        <p className="text-sm text-slate-700">
          <Trans>
            Hotels in Oman register every guest with the authorities: your nationality and document save time
            at the desk.
          </Trans>
        </p>
        <GuestDocumentFields values={details} onChange={setDoc} errors={errors} />
      </fieldset>
      <TimeField
        name="arrivalTime"
        label={t`Arrival time`}
        description={t`About when you expect to reach the hotel.`}
        value={arrival}
        onChange={setArrival}
        isInvalid={!!errors.arrivalTime}
        errorMessage={errors.arrivalTime}
      />
      <div className="grid grid-cols-2 gap-3">
        <NumberField
          name="adults"
          label={t`Adults`}
          minValue={1}
          maxValue={type?.maxAdults ?? MAX_OCCUPANCY}
          value={adults}
          onChange={(v) => setAdults(Number.isNaN(v) ? 1 : v)}
          decrementLabel={t`Fewer adults`}
          incrementLabel={t`More adults`}
          isInvalid={!!errors.adults}
          errorMessage={errors.adults}
        />
        <NumberField
          name="children"
          label={t`Children`}
          minValue={0}
          maxValue={type?.maxChildren ?? MAX_OCCUPANCY - 1}
          value={children}
          onChange={(v) => setChildren(Number.isNaN(v) ? 0 : v)}
          decrementLabel={t`Fewer children`}
          incrementLabel={t`More children`}
          isInvalid={!!errors.children}
          errorMessage={errors.children}
        />
      </div>
      <TextField
        name="specialRequests"
        label={t`Special requests (optional)`}
        multiline
        rows={3}
        maxLength={ONLINE_CHECK_IN_RULES.requestsMax}
        value={requests}
        onChange={setRequests}
        isInvalid={!!errors.specialRequests}
        errorMessage={errors.specialRequests}
      />

      <div className="flex flex-col gap-1.5" role="group" aria-labelledby="id-photo-label">
        <span id="id-photo-label" className="text-sm font-semibold text-slate-800">
          <Trans>Photo of your ID or passport</Trans>
        </span>
        <p id="id-photo-help" className="text-sm text-slate-600">
          {photoOnFile ? (
            <Trans>Your ID photo is with the hotel. Choose another only to replace it.</Trans>
          ) : (
            <Trans>Only the hotel's staff can see it; it is deleted after your stay.</Trans>
          )}
        </p>
        <FileTrigger
          acceptedFileTypes={ACCEPTED}
          onSelect={(files) => {
            const file = files?.[0] ?? null;
            setPhoto(file);
            setErrors(({ photo: _photo, ...rest }) => rest);
          }}
        >
          <Button variant="secondary" className="self-start" aria-describedby="id-photo-help">
            {photo || photoOnFile ? <Trans>Choose another photo</Trans> : <Trans>Choose a photo</Trans>}
          </Button>
        </FileTrigger>
        {photo ? (
          <p className="text-sm text-slate-800" data-testid="id-photo-chosen">
            <bdi dir="ltr">{photo.name}</bdi> · {formatFileSize(photo.size, language)}
          </p>
        ) : null}
        {errors.photo ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {errors.photo}
          </p>
        ) : null}
      </div>

      <div className="flex flex-col gap-1">
        <Checkbox
          name="acceptTerms"
          isSelected={accepted}
          onChange={setAccepted}
          isInvalid={!!errors.acceptTerms}
        >
          <Trans>I accept the hotel's terms</Trans>
        </Checkbox>
        <Link
          href="/privacy"
          target="_blank"
          className="ms-9 self-start text-sm font-semibold text-teal-800 underline outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
        >
          <Trans>Read the hotel's terms and privacy notice</Trans>
        </Link>
        {errors.acceptTerms ? (
          <p role="alert" className="ms-9 text-sm font-medium text-red-700">
            {errors.acceptTerms}
          </p>
        ) : null}
      </div>

      {failure ? (
        <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-900">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" isPending={checkIn.isPending} data-testid="online-check-in-submit">
          {previous ? <Trans>Save check-in details</Trans> : <Trans>Check in online</Trans>}
        </Button>
        <Button variant="ghost" onPress={onDone} isDisabled={checkIn.isPending}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </Form>
  );
}
