import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { bookingRequestSchema } from '@shared/booking-schemas';
import { BED_TYPES, SMOKING_TYPES } from '@shared/constants';
import { MAX_OCCUPANCY, occupancyRefusal } from '@shared/room-type-schemas';
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
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { roomTypeLabel } from '@/entities/admin/room-types/room-type-names';
import { DatePicker } from '@/components/ui/date-picker';
import { FullNameField, IdNumberField, PhoneField } from '@/components/guest-fields';
import { EmailField } from '@/components/account-fields';
import { useFormFields } from '@/lib/use-form-fields';
import { useLanguage } from '@/hooks/use-language';
import { DeskPlanSelect, TradeFields, type Trade } from '@/entities/admin/bookings/trade-fields';

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
  adults: '2',
  children: '0',
  /** A walk-in at the desk starts approved; staff may leave it pending instead. */
  deskStatus: 'approved' as 'approved' | 'pending',
};
type FormValues = typeof emptyForm;

const noTrade: Trade = { companyId: null, travelAgentId: null, source: 'phone', segment: null };

/** The counts `from` to `to` as the selects' keys. */
const counts = (from: number, to: number) =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => String(from + i));

/**
 * Staff quick booking for a guest at the desk (admin spec sections 2, 4, 5
 * and 8): any room type the hotel sells, adults and children within the chosen type's limits,
 * its bed types and smoking options; checked with the shared booking rules before sending (and
 * the type's limits: the server answers 422 over_occupancy above them); on success a
 * toast, bookings and inventory refreshed, the form reset. No rooms left
 * (409 no_rooms_available) opens the no-rooms dialog through `onNoRooms`.
 */
export function QuickBookingForm({ onNoRooms, isOffline }: { onNoRooms: () => void; isOffline: boolean }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const create = useCreateQuickBooking();
  const { values, setValues, setErrors, change, refuse, message, formRef } =
    useFormFields<FormValues>(emptyForm);
  // The company, agent, source and segment, and the plan it is sold on (a private one for a company).
  const [trade, setTrade] = useState<Trade>(noTrade);
  const [ratePlan, setRatePlan] = useState('standard');
  const [tradeErrors, setTradeErrors] = useState<Record<string, string>>({});
  const today = hotelToday();
  const types = useRoomTypes().data ?? [];
  const type = types.find((candidate) => candidate.code === values.roomType);
  // Before a type is chosen, the most any type takes; then the chosen type's own limits.
  const maxAdults = type?.maxAdults ?? Math.max(1, ...types.map((candidate) => candidate.maxAdults));
  const maxChildren = type?.maxChildren ?? Math.max(0, ...types.map((candidate) => candidate.maxChildren));
  const bedTypes = type ? BED_TYPES.filter((bed) => type.bedTypes.includes(bed)) : BED_TYPES;
  const smokingTypes = type
    ? SMOKING_TYPES.filter((kind) => type.smokingOptions.includes(kind))
    : SMOKING_TYPES;

  /** Another type: a bed type or smoking option it does not offer is chosen again. */
  function chooseType(code: string) {
    change('roomType')(code);
    const chosen = types.find((candidate) => candidate.code === code);
    if (!chosen) return;
    setValues((v) => ({
      ...v,
      bedType: (chosen.bedTypes as string[]).includes(v.bedType) ? v.bedType : '',
      smokingPreference: (chosen.smokingOptions as string[]).includes(v.smokingPreference)
        ? v.smokingPreference
        : '',
    }));
  }

  /** The chosen type's limits, said when the guests are more than it takes. */
  function overOccupancy(limits: { maxAdults: number; maxChildren: number; maxOccupancy: number }) {
    const adults = formatCount(limits.maxAdults, language);
    const children = formatCount(limits.maxChildren, language);
    const guests = formatCount(limits.maxOccupancy, language);
    return t`Too many guests for this room type. Most adults: ${adults}; most children: ${children}; most guests in all: ${guests}.`;
  }

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
    const tooMany =
      type && occupancyRefusal(type, Number(values.adults), Number(values.children)) !== null
        ? overOccupancy(type)
        : null;
    if (!checked.ok || pastCheckIn || tooMany) {
      const { numberOfGuests, ...errors } = checked.ok ? {} : checked.errors;
      refuse({
        // The guests in all are the adults' and children's: said under the adults.
        ...(numberOfGuests ? { adults: numberOfGuests } : {}),
        ...errors,
        ...(pastCheckIn ? { checkInDate: 'check_in_past' } : {}),
        ...(tooMany ? { children: tooMany } : {}),
      });
      return;
    }
    const traded = {
      ...checked.data,
      ratePlan,
      companyId: trade.companyId,
      travelAgentId: trade.travelAgentId,
      source: (trade.source ?? 'phone') as 'phone',
      ...(trade.segment ? { segment: trade.segment } : {}),
    };
    setTradeErrors({});
    create.mutate(traded, {
      onSuccess: (result) => {
        setValues(emptyForm);
        setErrors({});
        setTrade(noTrade);
        setRatePlan('standard');
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
        const { numberOfGuests, ...fields } = fieldErrorsOf(error);
        setTradeErrors(fields);
        if (numberOfGuests) fields.adults ??= numberOfGuests;
        if (code === 'over_occupancy') fields.children = errorMessage(error, '');
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
          onChange={(key) => chooseType(key ? String(key) : '')}
          isInvalid={!!message('roomType')}
          errorMessage={message('roomType')}
          isRequired
        >
          {types.map((option) => (
            <SelectItem key={option.code} id={option.code}>
              {roomTypeLabel(option, language)}
            </SelectItem>
          ))}
        </Select>
        <div className="grid grid-cols-2 gap-4">
          <Select
            label={t`Adults`}
            name="adults"
            value={values.adults}
            onChange={(key) => change('adults')(key ? String(key) : '')}
            isInvalid={!!message('adults')}
            errorMessage={message('adults')}
            isRequired
          >
            {counts(1, Math.min(maxAdults, MAX_OCCUPANCY)).map((n) => (
              <SelectItem key={n} id={n} textValue={n}>
                {formatCount(Number(n), language)}
              </SelectItem>
            ))}
          </Select>
          <Select
            label={t`Children`}
            name="children"
            value={values.children}
            onChange={(key) => change('children')(key ? String(key) : '')}
            isInvalid={!!message('children')}
            errorMessage={message('children')}
            isRequired
          >
            {counts(0, Math.min(maxChildren, MAX_OCCUPANCY - 1)).map((n) => (
              <SelectItem key={n} id={n} textValue={n}>
                {formatCount(Number(n), language)}
              </SelectItem>
            ))}
          </Select>
        </div>
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
          {bedTypes.map((bed) => (
            <SelectItem key={bed} id={bed}>
              {i18n._(BED_LABELS[bed])}
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
          {smokingTypes.map((kind) => (
            <SelectItem key={kind} id={kind}>
              {i18n._(SMOKING_LABELS[kind])}
            </SelectItem>
          ))}
        </Select>
      </div>
      <TradeFields
        value={trade}
        onChange={(next) => {
          setTrade(next);
          // A negotiated plan goes with its company: another company starts again from standard.
          if (next.companyId !== trade.companyId) setRatePlan('standard');
        }}
        error={(field) => tradeErrors[field]}
      />
      <DeskPlanSelect
        value={ratePlan}
        onChange={setRatePlan}
        companyId={trade.companyId}
        error={tradeErrors.ratePlan}
      />
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
