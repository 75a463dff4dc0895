import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { bookingRequestSchema } from '@shared/booking-schemas';
import { BED_TYPES, MAX_GUESTS, MIN_GUESTS, ROOM_TYPES, SMOKING_TYPES } from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import { Button } from '@/components/ui/button';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
import { showToast } from '@/components/ui/toast-queue';
import { errorCode, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { validateWith } from '@/lib/field-messages';
import { formatCount } from '@/lib/format';
import { formatReference } from '@/lib/format-reference';
import { useCreateQuickBooking } from '../api/create-quick-booking';
import { BED_LABELS, SMOKING_LABELS } from '@/entities/bookings/booking-labels';
import { ROOM_NAMES } from '@/entities/rooms/room-names';
import { DatePicker } from '@/components/ui/date-picker';
import { FullNameField, IdNumberField, PhoneField } from '@/components/guest-fields';
import { EmailField } from '@/components/account-fields';
import { useFormFields } from '@/lib/use-form-fields';
import { useLanguage } from '@/hooks/use-language';

const emptyForm = {
  fullName: '',
  phoneNumber: '',
  email: '',
  idNumber: '',
  roomType: '',
  bedType: '',
  smokingPreference: '',
  checkInDate: '',
  checkOutDate: '',
  numberOfGuests: '2',
  /** A walk-in at the desk starts approved; staff may leave it pending instead. */
  deskStatus: 'approved' as 'approved' | 'pending',
};
type FormValues = typeof emptyForm;

const GUEST_COUNTS = Array.from({ length: MAX_GUESTS - MIN_GUESTS + 1 }, (_, i) => String(MIN_GUESTS + i));

/**
 * Staff quick booking for a guest at the desk (admin spec sections 2, 4, 5
 * and 8): checked with the shared booking rules before sending; on success a
 * toast, bookings and inventory refreshed, the form reset. No rooms left
 * (409 no_rooms_available) opens the no-rooms dialog through `onNoRooms`.
 */
export function QuickBookingForm({ onNoRooms, isOffline }: { onNoRooms: () => void; isOffline: boolean }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const create = useCreateQuickBooking();
  const { values, setValues, setErrors, change, refuse, message, formRef } =
    useFormFields<FormValues>(emptyForm);
  const today = hotelToday();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateWith(bookingRequestSchema, {
      ...values,
      // An empty optional e-mail is left out: the shared schema refuses "" (zod preprocess).
      email: values.email.trim() || undefined,
      roomType: values.roomType || undefined,
      bedType: values.bedType || undefined,
      smokingPreference: values.smokingPreference || undefined,
    });
    const pastCheckIn = values.checkInDate && values.checkInDate < today;
    if (!checked.ok || pastCheckIn) {
      refuse({
        ...(checked.ok ? {} : checked.errors),
        ...(pastCheckIn ? { checkInDate: 'check_in_past' } : {}),
      });
      return;
    }
    create.mutate(checked.data, {
      onSuccess: (result) => {
        setValues(emptyForm);
        setErrors({});
        const reference = formatReference(result.booking.reference);
        const guest = result.booking.fullName;
        showToast({
          variant: 'success',
          title: t`Booking created`,
          description:
            result.booking.status === 'approved'
              ? t`Booking ${reference} for ${guest} is approved.`
              : t`Booking ${reference} for ${guest} is pending approval.`,
        });
      },
      onError: (error) => {
        const code = errorCode(error);
        if (code === 'no_rooms_available') {
          onNoRooms();
          return;
        }
        const fields = fieldErrorsOf(error);
        if (code === 'no_beds_available') fields.bedType = errorMessage(error, '');
        if (code === 'no_smoking_available') fields.smokingPreference = errorMessage(error, '');
        refuse(fields);
        showToast({
          variant: 'error',
          title: t`Error in booking - failed to create booking, please try again`,
          description: errorMessage(error, t`Please try again.`),
        });
      },
    });
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={t`Quick booking`}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FullNameField
          value={values.fullName}
          onChange={change('fullName')}
          error={message('fullName')}
          autoComplete="off"
        />
        <PhoneField
          value={values.phoneNumber}
          onChange={change('phoneNumber')}
          error={message('phoneNumber')}
          autoComplete="off"
        />
        <EmailField
          autoComplete="off"
          isRequired={false}
          description={t`Optional`}
          value={values.email}
          onChange={change('email')}
          error={message('email')}
        />
        <IdNumberField value={values.idNumber} onChange={change('idNumber')} error={message('idNumber')} />
        <DatePicker
          label={t`Check-in`}
          name="checkInDate"
          value={values.checkInDate}
          minValue={today}
          onChange={(value) => {
            change('checkInDate')(value);
            // A check-out no longer after the new check-in moves to the next day.
            if (value && values.checkOutDate && values.checkOutDate <= value) {
              change('checkOutDate')(addDays(value, 1));
            }
          }}
          errorMessage={message('checkInDate')}
          isRequired
        />
        <DatePicker
          label={t`Check-out`}
          name="checkOutDate"
          value={values.checkOutDate}
          minValue={values.checkInDate ? addDays(values.checkInDate, 1) : addDays(today, 1)}
          onChange={change('checkOutDate')}
          errorMessage={message('checkOutDate')}
          isRequired
        />
        <Select
          label={t`Room type`}
          name="roomType"
          placeholder={t`Choose`}
          value={values.roomType || null}
          onChange={(key) => change('roomType')(key ? String(key) : '')}
          isInvalid={!!message('roomType')}
          errorMessage={message('roomType')}
          isRequired
        >
          {ROOM_TYPES.map((type) => (
            <SelectItem key={type} id={type}>
              {i18n._(ROOM_NAMES[type])}
            </SelectItem>
          ))}
        </Select>
        <Select
          label={t`Number of guests`}
          name="numberOfGuests"
          value={values.numberOfGuests}
          onChange={(key) => change('numberOfGuests')(key ? String(key) : '')}
          isInvalid={!!message('numberOfGuests')}
          errorMessage={message('numberOfGuests')}
          isRequired
        >
          {GUEST_COUNTS.map((n) => (
            <SelectItem key={n} id={n} textValue={n}>
              {formatCount(Number(n), language)}
            </SelectItem>
          ))}
        </Select>
        <Select
          label={t`Bed type`}
          name="bedType"
          placeholder={t`Choose`}
          value={values.bedType || null}
          onChange={(key) => change('bedType')(key ? String(key) : '')}
          isInvalid={!!message('bedType')}
          errorMessage={message('bedType')}
          isRequired
        >
          {BED_TYPES.map((type) => (
            <SelectItem key={type} id={type}>
              {i18n._(BED_LABELS[type])}
            </SelectItem>
          ))}
        </Select>
        <Select
          label={t`Smoking preference`}
          name="smokingPreference"
          placeholder={t`Choose`}
          value={values.smokingPreference || null}
          onChange={(key) => change('smokingPreference')(key ? String(key) : '')}
          isInvalid={!!message('smokingPreference')}
          errorMessage={message('smokingPreference')}
          isRequired
        >
          {SMOKING_TYPES.map((type) => (
            <SelectItem key={type} id={type}>
              {i18n._(SMOKING_LABELS[type])}
            </SelectItem>
          ))}
        </Select>
      </div>
      <RadioGroup
        label={t`Status of the booking`}
        name="deskStatus"
        value={values.deskStatus}
        onChange={(value) => change('deskStatus')(value === 'pending' ? 'pending' : 'approved')}
        description={t`Paid in cash at the hotel. A walk-in booked here is approved at once; choose pending to decide later.`}
      >
        <RadioOption value="approved">
          <Trans>Approved</Trans>
        </RadioOption>
        <RadioOption value="pending">
          <Trans>Pending approval</Trans>
        </RadioOption>
      </RadioGroup>
      <Button type="submit" isPending={create.isPending} isDisabled={isOffline} className="self-start">
        <Trans>Create the booking</Trans>
      </Button>
    </form>
  );
}
