import type { ChosenRoom } from '@/entities/bookings/booking-flow';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { type BookingRequest, bookingRequestSchema, QUICK_BOOKING_TYPE } from '@shared/booking-schemas';
import { MAX_STAY_NIGHTS, type BedType, type SmokingType } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { nightsBetween, typeNightBaisa } from '@shared/money';
import { RESTRICTION_CODES, STANDARD_RATE_PLAN } from '@shared/rates';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { ApiRequestError } from '@/lib/api-client';
import { type FieldErrors, fieldMessage, validateWith } from '@/lib/field-messages';
import { AvailabilityRangePicker } from '@/entities/availability/availability-range-picker';
import { useCalendarNights } from '@/entities/availability/get-availability';
import { pageStartsAround } from '@/entities/availability/stay-nights';
import { extraGuestBaisaOf, plansForRoomType, useRatePlans } from '@/entities/rates/get-rate-plans';
import { ratePlanName } from '@/entities/rates/rate-plan-labels';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { useOfferNightPrices } from '@/entities/offers/get-offers';
import { bedLabel, smokingLabel } from '@/entities/bookings/booking-labels';
import { type BookingDraft } from '../lib/booking-draft';
import { stayPrice } from '../lib/live-price';
import { planPayment } from '../lib/plan-payment';
import { useStayQuotes } from '../api/get-quote';
import { useStayChoices } from '../lib/use-stay-choices';
import { useSendBookingRequest } from '../lib/use-send-booking-request';
import { NoStockDialog } from '@/components/unavailable-dialog';
import { useFieldErrors } from '@/lib/use-form-fields';
import { ConfirmationEmailField, FullNameField, IdNumberField, PhoneField } from '@/components/guest-fields';
import { useLanguage } from '@/hooks/use-language';
import { useCurrentUser } from '@/entities/session/use-current-user';
import { useBookingFlow } from '@/entities/bookings/booking-flow';
import { alternativesOf, BookingAlternatives, hasAlternatives } from './booking-alternatives';
import { CancellationPolicy } from './cancellation-policy';
import { leftCount } from '@/lib/counts';
import { AvailabilityChoiceGroup } from './availability-choice-group';
import { AvailabilityUncheckedNote } from './availability-unchecked-note';
import { BookingPriceBox } from './booking-price-box';
import { BookingRoomTypeField } from './booking-room-type-field';
import { BookingRatePlanField, type PlanStayPrice } from './booking-rate-plan-field';
import { GuestCountField, guestsRefusal } from './guest-count-field';
import { useRoomType } from '@/entities/rooms/get-room-types';
import { StayRoomsLeft } from './stay-rooms-left';

export type BookingFormMode =
  /** The full booking form for a chosen room type (and maybe a numbered room). */
  | { kind: 'room'; roomType: RoomTypeCode; room?: ChosenRoom }
  /** The landing page's quick-booking form: the guest picks the room type. */
  | { kind: 'quick' };

/** The fields the booking request checks (shared/src/booking-schemas.ts), as named there. */
type BookingField = keyof BookingRequest;

export interface BookingFormProps {
  mode: BookingFormMode;
  draft: BookingDraft;
  onDraftChange: (update: (draft: BookingDraft) => BookingDraft) => void;
  /** After a successful booking (the draft is emptied by the caller). */
  onBooked: () => void;
}

/**
 * The booking request form (guest spec sections 2, 4, 5 and 7): checked on
 * the device with the shared schema (messages in the active language), then
 * by the server, whose per-field errors show in the same places. Bed type and
 * smoking options follow the live counts for the chosen stay (polled every
 * 3 s). The guest chooses a rate plan (standard first); the calendar, each plan's price and the
 * price box follow the plan and guests, from the server's quote (a restriction's refusal is said
 * under the dates, and the form does not send). An error keeps what was typed.
 */
export function BookingForm({ mode, draft, onDraftChange, onBooked }: BookingFormProps) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const me = useCurrentUser().data;
  const { errors, setErrors, clear, refuse, message, formRef } = useFieldErrors<BookingField>();
  const [noStock, setNoStock] = useState<unknown>(null);
  const noStockAlternatives = alternativesOf(noStock instanceof ApiRequestError ? noStock.body : null);
  const flow = useBookingFlow();

  const quick = mode.kind === 'quick';
  const roomType = mode.kind === 'room' ? mode.roomType : draft.roomType;
  const {
    today,
    stay,
    online,
    bedsUnknown,
    smokingUnknown,
    bedChoices,
    smokingChoices,
    bedType,
    smokingPreference,
    left,
    soldOutNight,
    bedsPending,
    smokingPending,
  } = useStayChoices(roomType, draft);
  const sending = useSendBookingRequest({
    quick,
    onAccepted: () => setErrors({}),
    onBooked,
    onFieldErrors: refuse,
    onNoStock: setNoStock,
  });

  // Check-out after check-in is said at once, not only on Confirm.
  let liveDateError: string | undefined;
  if (draft.checkInDate && draft.checkOutDate) {
    const nights = nightsBetween(draft.checkInDate, draft.checkOutDate);
    if (nights < 1) liveDateError = 'check_out_after_check_in';
    else if (nights > MAX_STAY_NIGHTS) liveDateError = 'stay_too_long';
  }
  const offers = useOfferNightPrices();
  const settings = useSiteSettings().data;

  // The plans selling the room type (standard first); the guest's choice, else standard.
  const plans = plansForRoomType(useRatePlans().data?.ratePlans, roomType);
  const ratePlan =
    draft.ratePlan && plans.some((p) => p.code === draft.ratePlan) ? draft.ratePlan : STANDARD_RATE_PLAN;
  // The room type's own limits (GET /api/room-types); unknown offline on a first visit: the server checks.
  const type = useRoomType(roomType);
  const guests = draft.adults + draft.children;
  const overOccupancy = guestsRefusal(type, draft) !== null;
  const guestsValid = Number.isInteger(guests) && guests >= 1 && !overOccupancy;
  const calendarPlan = guestsValid
    ? { ratePlan, numberOfGuests: guests, children: draft.children }
    : { ratePlan, numberOfGuests: 2 };
  // Each plan's quote for the stay (the chosen one prices the box), and the calendar's nights on
  // the chosen plan: the fallback when the quote cannot be had (offline).
  const planCodes = plans.length > 0 ? plans.map((p) => p.code) : [ratePlan];
  const quotes = useStayQuotes(
    roomType && stay && guestsValid
      ? {
          roomType,
          checkInDate: stay.from,
          checkOutDate: stay.to,
          numberOfGuests: guests,
          children: draft.children,
        }
      : null,
    planCodes,
  );
  const chosenQuote = quotes[planCodes.indexOf(ratePlan)];
  const calendar = useCalendarNights(
    roomType,
    stay ? pageStartsAround(today, stay.from) : [],
    [],
    calendarPlan,
  );
  const refusalOf = (error: unknown) => {
    const body = error instanceof ApiRequestError && error.status === 422 ? error.body?.error : undefined;
    return body && (RESTRICTION_CODES as readonly string[]).includes(body.code) ? body.message : undefined;
  };
  // The chosen plan refuses the stay (minimum stay, closed...): the server's words, under the dates.
  const refusal = stay && roomType ? refusalOf(chosenQuote?.error) : undefined;
  // The server answered and refused to price the stay (422 over_occupancy, 400 ...): its message in
  // the price box. No answer at all (offline) keeps the calendar's price or the offline text.
  const quoteError = chosenQuote?.error;
  const quoteRefusal =
    stay && roomType && !refusal && !chosenQuote?.data && quoteError instanceof ApiRequestError
      ? quoteError.body?.error.message
      : undefined;
  const price = stayPrice({
    checkIn: draft.checkInDate,
    checkOut: draft.checkOutDate,
    quote: chosenQuote?.data,
    calendar,
  });
  const planPrices = new Map<string, PlanStayPrice>(
    planCodes.map((code, i): [string, PlanStayPrice] => {
      const q = quotes[i];
      if (q?.data) return [code, { kind: 'price', totalBaisa: q.data.totalPriceBaisa }];
      const refused = refusalOf(q?.error);
      return [code, refused ? { kind: 'refused' } : { kind: 'unknown' }];
    }),
  );
  const offerApplied = !!type && typeNightBaisa(type, offers) < type.priceBaisa;

  function change<K extends keyof BookingDraft>(key: K) {
    return (value: BookingDraft[K]) => {
      onDraftChange((d) => ({ ...d, [key]: value }));
      // Spec: an error clears when its field is edited (both dates answer for the pair).
      if (key === 'checkInDate' || key === 'checkOutDate') clear('checkInDate', 'checkOutDate');
      else clear(key as BookingField);
    };
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending.isPending) return;
    const checked = validateWith(bookingRequestSchema, {
      fullName: draft.fullName,
      phoneNumber: draft.phoneNumber,
      idNumber: draft.idNumber,
      checkInDate: draft.checkInDate,
      checkOutDate: draft.checkOutDate,
      roomType,
      roomId: mode.kind === 'room' ? mode.room?.id : undefined,
      bedType,
      smokingPreference,
      numberOfGuests: guests,
      adults: draft.adults,
      children: draft.children,
      email: draft.email,
      ratePlan,
      ...(draft.whatsappOptIn && { whatsappOptIn: true }),
      ...(quick && { bookingType: QUICK_BOOKING_TYPE }),
    });
    const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
    if (draft.checkInDate && draft.checkInDate < today) found.checkInDate ??= 'check_in_past';
    // The plan's restriction refuses the stay: said under the dates (the server would refuse it too).
    if (refusal) found.checkInDate ??= refusal;
    // Above the room type's limits: the field says its limits (the server refuses it with 422 too).
    if (overOccupancy) found.adults ??= 'over_occupancy';
    // A sold-out night in the stay: the calendar says which; the focus goes there.
    if (!checked.ok || Object.values(found).some(Boolean) || soldOutNight) {
      refuse(found);
      return;
    }
    sending.send(checked.data);
  }

  // The form's first frame is its first screen (the room, the guest's name, e-mail, ID and phone);
  // the stay's part below (the dates' calendar field, the choices with their counts, the guests,
  // the plans, the price and Confirm: most of its elements and react-aria's date fields) is drawn in
  // the render right after it, so that a Book Now's result is on screen without waiting for them
  // (decision 099: within 500 ms on a 4x slower phone). Its data is asked for from the first render.
  const stayDrawn = useDeferredValue(true, false);

  const countsFor = stay
    ? t`Available for your dates`
    : t`Available tonight; choose your dates to see theirs`;
  const uncheckedFor = online
    ? t`Not checked for your dates: the hotel checks when your request arrives`
    : t`Not checked yet: checked when your phone is back online`;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {mode.kind === 'room' ? (
        <BookingRoomTypeField fixed={mode} />
      ) : (
        <BookingRoomTypeField
          value={draft.roomType}
          onChange={change('roomType')}
          isInvalid={!!errors.roomType}
          error={message('roomType')}
        />
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <FullNameField value={draft.fullName} onChange={change('fullName')} error={message('fullName')} />
        <ConfirmationEmailField
          value={draft.email}
          onChange={change('email')}
          error={errors.email ? message('email') : undefined}
          accountEmail={me?.email}
        />
        <IdNumberField value={draft.idNumber} onChange={change('idNumber')} error={message('idNumber')} />
        <PhoneField
          value={draft.phoneNumber}
          onChange={change('phoneNumber')}
          error={message('phoneNumber')}
        />
      </div>

      <Checkbox
        isSelected={draft.whatsappOptIn === true}
        onChange={(whatsappOptIn) => onDraftChange((d) => ({ ...d, whatsappOptIn }))}
      >
        <Trans>Updates on WhatsApp: the confirmation, a reminder before arrival and the invoice</Trans>
      </Checkbox>

      {stayDrawn ? (
        <>
          <AvailabilityRangePicker
            roomType={roomType}
            label={t`Check-in and check-out dates`}
            // As typed, like any other field (a year being typed is 0002 for a moment): the form's checks
            // say what is wrong with it.
            value={
              draft.checkInDate && draft.checkOutDate
                ? { from: draft.checkInDate, to: draft.checkOutDate }
                : null
            }
            onChange={(range) => {
              onDraftChange((d) => ({ ...d, checkInDate: range?.from ?? '', checkOutDate: range?.to ?? '' }));
              clear('checkInDate', 'checkOutDate');
            }}
            errorMessage={
              message('checkInDate') ??
              message('checkOutDate') ??
              fieldMessage(i18n, liveDateError) ??
              refusal
            }
            plan={calendarPlan}
            isRequired
          />

          {roomType && left !== undefined ? (
            <StayRoomsLeft roomType={roomType} left={left} forDates={!!stay} />
          ) : null}

          {bedsUnknown || smokingUnknown ? <AvailabilityUncheckedNote online={online} /> : null}
          <AvailabilityChoiceGroup
            label={t`Smoking preference`}
            description={smokingUnknown ? uncheckedFor : countsFor}
            value={smokingPreference}
            onChange={(v) => change('smokingPreference')(v as SmokingType)}
            choices={smokingChoices.map((c) => ({
              value: c.value,
              label: smokingLabel(i18n, c.value),
              count: c.count === null ? null : leftCount(c.count, language),
            }))}
            error={message('smokingPreference')}
            note={
              !roomType ? (
                <Trans>Choose a room type to see the smoking options.</Trans>
              ) : smokingPending ? (
                <Trans>Checking availability…</Trans>
              ) : (
                <Trans>No smoking option of this room type is free for these dates.</Trans>
              )
            }
          />
          <AvailabilityChoiceGroup
            label={t`Bed type`}
            description={bedsUnknown ? uncheckedFor : countsFor}
            value={bedType}
            onChange={(v) => change('bedType')(v as BedType)}
            choices={bedChoices.map((c) => ({
              value: c.value,
              label: bedLabel(i18n, c.value),
              count: c.count === null ? null : leftCount(c.count, language),
            }))}
            error={message('bedType')}
            note={
              !roomType ? (
                <Trans>Choose a room type to see the bed types.</Trans>
              ) : bedsPending ? (
                <Trans>Checking availability…</Trans>
              ) : (
                <Trans>No bed of this room type is free for these dates.</Trans>
              )
            }
          />

          <GuestCountField
            value={{ adults: draft.adults, children: draft.children }}
            onChange={(counts) => {
              onDraftChange((d) => ({ ...d, ...counts }));
              clear('adults', 'children', 'numberOfGuests');
            }}
            type={type}
            extraGuestBaisa={extraGuestBaisaOf(
              plans.find((p) => p.code === ratePlan),
              type,
            )}
            error={
              // The device's own refusal is said by the field with the type's limits.
              errors.adults === 'over_occupancy' && overOccupancy
                ? undefined
                : (message('adults') ?? message('children') ?? message('numberOfGuests'))
            }
          />

          {plans.length > 1 ? (
            <BookingRatePlanField
              plans={plans}
              value={ratePlan}
              onChange={change('ratePlan')}
              prices={planPrices}
              siteFreeHours={settings?.freeCancellationHours}
            />
          ) : null}

          <BookingPriceBox
            price={price}
            guests={guests}
            planName={
              plans.length > 1
                ? ratePlanName(
                    plans.find((p) => p.code === ratePlan),
                    ratePlan,
                    language,
                  )
                : undefined
            }
            offerApplied={offerApplied}
            roomTypeMissing={quick && !roomType}
            refused={!!refusal}
            quoteRefusal={quoteRefusal}
            stayChosen={!!stay}
            payment={planPayment(
              plans.find((p) => p.code === ratePlan),
              price,
            )}
          />

          <CancellationPolicy chosenRule={plans.find((p) => p.code === ratePlan)?.cancellation} />

          <Button type="submit" isPending={sending.isPending} className="w-full">
            {sending.isPending ? <Trans>Sending your booking…</Trans> : <Trans>Confirm Booking</Trans>}
          </Button>

          {noStock ? (
            <NoStockDialog error={noStock} onClose={() => setNoStock(null)}>
              {hasAlternatives(noStockAlternatives) && roomType ? (
                <BookingAlternatives
                  alternatives={noStockAlternatives}
                  roomType={roomType}
                  onPick={(change) => {
                    setNoStock(null);
                    if (change.roomType && !quick) {
                      // The full form is for one room type: it opens again for the other one.
                      flow.bookRoom(change.roomType);
                      return;
                    }
                    onDraftChange((d) => ({ ...d, ...change }));
                    clear('checkInDate', 'checkOutDate', 'roomType');
                  }}
                />
              ) : null}
            </NoStockDialog>
          ) : null}
        </>
      ) : null}
    </form>
  );
}
