import { formatRoomNumber } from '@/lib/format-room-number';
import type { ChosenRoom } from '@/entities/bookings/booking-flow';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, useState } from 'react';
import { type BookingRequest, bookingRequestSchema, QUICK_BOOKING_TYPE } from '@shared/booking-schemas';
import {
  GUEST_SURCHARGE_BAISA,
  MAX_GUESTS,
  MAX_STAY_NIGHTS,
  MIN_GUESTS,
  ROOM_TYPES,
  type BedType,
  type RoomType,
  type SmokingType,
} from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import { nightsBetween, roomNightBaisa } from '@shared/money';
import { offerPushOptIn } from '@/lib/push-offer-rules';
import { Button } from '@/components/ui/button';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { ApiRequestError, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { type FieldErrors, fieldMessage, validateWith } from '@/lib/field-messages';
import { formatCount, formatDateTime, formatPrice } from '@/lib/format';
import { formatReference } from '@/lib/format-reference';
import { useBedInventory } from '@/entities/rooms/get-bed-inventory';
import { useRoomInventory } from '@/entities/rooms/get-room-inventory';
import { useSmokingInventory } from '@/entities/rooms/get-smoking-inventory';
import {
  availableChoices,
  bedCounts,
  roomsLeft,
  smokingCounts,
  stockLevel,
} from '@/entities/rooms/availability';
import { roomTypeOptions } from '@/entities/rooms/room-type-options';
import { AvailabilityRangePicker } from '@/entities/availability/availability-range-picker';
import { useSoldOutNightOf } from '@/entities/availability/get-availability';
import { roomName } from '@/entities/rooms/room-names';
import { useOfferNightPrices } from '@/entities/offers/get-offers';
import { useCreateBooking } from '../api/create-booking';
import { bedLabel, smokingLabel } from '@/entities/bookings/booking-labels';
import { type BookingDraft } from '../lib/booking-draft';
import { livePrice, stayWindow } from '../lib/live-price';
import { writeSuccessRecord } from '@/entities/bookings/success-record';
import { isNoStockError, NoStockDialog } from '@/components/unavailable-dialog';
import { useFieldErrors } from '@/lib/use-form-fields';
import { ConfirmationEmailField, FullNameField, IdNumberField, PhoneField } from '@/components/guest-fields';
import { useLanguage } from '@/hooks/use-language';
import { useOnline } from '@/lib/use-online';
import { useCurrentUser } from '@/entities/session/use-current-user';
import { useBookingFlow } from '@/entities/bookings/booking-flow';
import { alternativesOf, BookingAlternatives, hasAlternatives } from './booking-alternatives';
import { CancellationPolicy } from './cancellation-policy';
import { cancellationDeadline } from '@shared/stay-policy';
import { useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { guestsCount, leftCount, roomsOfTypeLeftForDates, roomsOfTypeLeftTonight } from '@/lib/counts';

export type BookingFormMode =
  /** The full booking form for a chosen room type (and maybe a numbered room). */
  | { kind: 'room'; roomType: RoomType; room?: ChosenRoom }
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

const stockText: Record<'red' | 'yellow' | 'ok', string> = {
  red: 'bg-red-100 text-red-800',
  yellow: 'bg-amber-100 text-amber-900',
  ok: 'bg-emerald-100 text-emerald-900',
};

/**
 * The booking request form (guest spec sections 2, 4, 5 and 7): checked on
 * the device with the shared schema (messages in the active language), then
 * by the server, whose per-field errors show in the same places. Bed type and
 * smoking options follow the live counts for the chosen stay (polled every
 * 3 s); the price box follows every change. An error keeps what was typed.
 */
export function BookingForm({ mode, draft, onDraftChange, onBooked }: BookingFormProps) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const create = useCreateBooking();
  const me = useCurrentUser().data;
  const [queueing, setQueueing] = useState(false);
  const { errors, setErrors, clear, refuse, message, formRef } = useFieldErrors<BookingField>();
  const [noStock, setNoStock] = useState<unknown>(null);
  const noStockAlternatives = alternativesOf(noStock instanceof ApiRequestError ? noStock.body : null);
  const flow = useBookingFlow();
  const settings = useSiteSettings().data;
  /** Until when the stay may be cancelled or changed free of charge, for the confirmation. */
  const freeUntil = (checkInDate: string) =>
    settings
      ? cancellationDeadline(checkInDate, settings.checkInTime, settings.freeCancellationHours).toISOString()
      : undefined;

  const quick = mode.kind === 'quick';
  const roomType = mode.kind === 'room' ? mode.roomType : draft.roomType;
  const today = hotelToday();
  const stay = stayWindow(draft.checkInDate, draft.checkOutDate);
  // Until the dates make a stay, the counts are tonight's; polled as often either way.
  const asked = stay ?? { from: today, to: addDays(today, 1) };
  const rooms = useRoomInventory(asked);
  const beds = useBedInventory(asked);
  const smoking = useSmokingInventory(asked);

  // Counts that cannot be known (offline, or the check failed, for dates never looked up): every
  // option the room type has is offered, and the server checks the stay when the request reaches it.
  const online = useOnline();
  const bedsUnknown = !!roomType && !beds.data && (beds.isError || !online);
  const smokingUnknown = !!roomType && !smoking.data && (smoking.isError || !online);
  const options = roomType ? roomTypeOptions(roomType) : { beds: [], smoking: [] };
  const bedChoices: { value: BedType; count: number | null }[] = !roomType
    ? []
    : bedsUnknown
      ? options.beds.map((value) => ({ value, count: null }))
      : availableChoices(bedCounts(beds.data, roomType));
  const smokingChoices: { value: SmokingType; count: number | null }[] = !roomType
    ? []
    : smokingUnknown
      ? options.smoking.map((value) => ({ value, count: null }))
      : availableChoices(smokingCounts(smoking.data, roomType));
  // A choice whose count fell to 0 is no longer offered; it counts as not chosen (and comes back with the count).
  // While the counts for newly chosen dates are still on their way, the guest's choice stands (the
  // server checks it anyway): a quick Confirm must not say "choose a bed type" beside a ticked one.
  const bedType = !beds.data || bedChoices.some((c) => c.value === draft.bedType) ? draft.bedType : undefined;
  const smokingPreference =
    !smoking.data || smokingChoices.some((c) => c.value === draft.smokingPreference)
      ? draft.smokingPreference
      : undefined;
  const left = roomType ? roomsLeft(rooms.data, roomType) : undefined;
  const soldOutNight = useSoldOutNightOf(roomType, stay ?? null);

  // Check-out after check-in is said at once, not only on Confirm.
  let liveDateError: string | undefined;
  if (draft.checkInDate && draft.checkOutDate) {
    const nights = nightsBetween(draft.checkInDate, draft.checkOutDate);
    if (nights < 1) liveDateError = 'check_out_after_check_in';
    else if (nights > MAX_STAY_NIGHTS) liveDateError = 'stay_too_long';
  }
  const offers = useOfferNightPrices();
  const price = livePrice({
    roomType,
    guests: draft.numberOfGuests,
    checkIn: draft.checkInDate,
    checkOut: draft.checkOutDate,
    offers,
  });
  const nightsText = price ? formatCount(price.nights, language) : '';

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
    if (create.isPending || queueing) return;
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
      numberOfGuests: draft.numberOfGuests,
      email: draft.email,
      ...(quick && { bookingType: QUICK_BOOKING_TYPE }),
    });
    const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
    if (draft.checkInDate && draft.checkInDate < today) found.checkInDate ??= 'check_in_past';
    // A sold-out night in the stay: the calendar says which; the focus goes there.
    if (!checked.ok || Object.values(found).some(Boolean) || soldOutNight) {
      refuse(found);
      return;
    }
    const request = checked.data;
    // One key per submission: the online try and every later try from the outbox carry it,
    // so however the connection fails the server makes one booking (decision 007).
    const key = crypto.randomUUID();
    const keepOnPhone = async () => {
      setQueueing(true);
      try {
        const { enqueueEntry } = await import('@/offline/outbox');
        await enqueueEntry({
          kind: 'booking',
          id: key,
          booking: request,
          owner: me ? { userId: me.id, email: me.email } : null,
        });
        setErrors({});
        showToast({
          variant: 'success',
          title: t`Saved on your phone`,
          description: t`It will be sent when you are back online.`,
        });
        onBooked();
        // The guest may hear of staff's decision on this device (never on page load).
        offerPushOptIn();
      } catch {
        // IndexedDB refused (storage full, private mode): nothing was kept, so say so.
        showToast({
          variant: 'error',
          title: t`Error in booking`,
          description: t`No connection, and this device could not keep the request. Free some space or try again when you are online.`,
        });
      } finally {
        setQueueing(false);
      }
    };
    if (!navigator.onLine) {
      void keepOnPhone();
      return;
    }
    create.mutate(
      { input: request, key },
      {
        onSuccess: (result) => {
          setErrors({});
          if (quick) {
            // Spec section 4: quick booking shows its success toast at once.
            const reference = formatReference(result.booking.reference);
            const until = freeUntil(request.checkInDate);
            const when = until ? formatDateTime(until, language) : '';
            showToast({
              variant: 'success',
              title: t`Booking request sent`,
              description: `${t`Booking reference: ${reference}.`} ${result.message}${when ? ` ${t`Free cancellation and changes until ${when}.`}` : ''}`,
            });
          } else {
            // Spec section 4: the stored record makes the success toast (once, within a second).
            writeSuccessRecord({
              roomType: request.roomType,
              bedType: request.bedType,
              smokingPreference: request.smokingPreference,
              isPointsBooking: false,
              reference: result.booking.reference,
              freeCancellationUntil: freeUntil(request.checkInDate),
            });
          }
          onBooked();
          offerPushOptIn();
        },
        onError: (error) => {
          if (!(error instanceof ApiRequestError)) {
            // No answer (offline, dropped, timed out): the server may have it or not. The outbox
            // asks again with the same key, so it is booked once either way.
            void keepOnPhone();
            return;
          }
          if (isNoStockError(error)) {
            setNoStock(error);
            return;
          }
          const fields = fieldErrorsOf(error);
          if (Object.keys(fields).length > 0) {
            refuse(fields);
            return;
          }
          showToast({
            variant: 'error',
            title: t`Error in booking`,
            description: quick
              ? t`Failed to create booking, please try again`
              : errorMessage(error, t`The booking could not be sent. Check your connection and try again.`),
          });
        },
      },
    );
  }

  const countsFor = stay
    ? t`Available for your dates`
    : t`Available tonight; choose your dates to see theirs`;
  const uncheckedFor = online
    ? t`Not checked for your dates: the hotel checks when your request arrives`
    : t`Not checked yet: checked when your phone is back online`;

  return (
    <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
      {mode.kind === 'room' ? (
        <TextField
          label={t`Room type`}
          value={
            mode.room
              ? t`${roomName(i18n, mode.roomType)}, room ${formatRoomNumber(mode.room.number)}`
              : roomName(i18n, mode.roomType)
          }
          isReadOnly
        />
      ) : (
        <Select
          label={t`Room type`}
          placeholder={t`Choose a room type`}
          selectedKey={draft.roomType ?? null}
          onSelectionChange={(key) => change('roomType')(key as RoomType)}
          isInvalid={!!errors.roomType}
          errorMessage={message('roomType')}
          isRequired
        >
          {ROOM_TYPES.map((type) => (
            <SelectItem key={type} id={type} textValue={roomName(i18n, type)}>
              {t`${roomName(i18n, type)} · ${formatPrice(roomNightBaisa(type, offers), language)} a night`}
            </SelectItem>
          ))}
        </Select>
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

      <AvailabilityRangePicker
        roomType={roomType}
        label={t`Check-in and check-out dates`}
        // As typed, like any other field (a year being typed is 0002 for a moment): the form's checks
        // say what is wrong with it.
        value={
          draft.checkInDate && draft.checkOutDate ? { from: draft.checkInDate, to: draft.checkOutDate } : null
        }
        onChange={(range) => {
          onDraftChange((d) => ({ ...d, checkInDate: range?.from ?? '', checkOutDate: range?.to ?? '' }));
          clear('checkInDate', 'checkOutDate');
        }}
        errorMessage={message('checkInDate') ?? message('checkOutDate') ?? fieldMessage(i18n, liveDateError)}
        isRequired
      />

      {roomType && left !== undefined ? (
        <p
          className={`self-start rounded-full px-3 py-1 text-sm font-semibold ${stockText[stockLevel(roomType, left)]}`}
          data-testid="stay-rooms-left"
        >
          {left > 0 ? (
            stay ? (
              roomsOfTypeLeftForDates(left, language)
            ) : (
              roomsOfTypeLeftTonight(left, language)
            )
          ) : stay ? (
            <Trans>No room of this type is left for these dates: choose other dates</Trans>
          ) : (
            <Trans>No room of this type is left tonight</Trans>
          )}
        </p>
      ) : null}

      {bedsUnknown || smokingUnknown ? (
        <p
          role="note"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
          data-testid="availability-unchecked"
        >
          {online ? (
            <Trans>
              Availability for these dates could not be checked, so every option of this room is shown. The
              hotel checks it when your request arrives and tells you if it is taken.
            </Trans>
          ) : (
            <Trans>
              You are offline, so every option of this room is shown. Availability for these dates is checked
              when your phone is back online; you will be told if it is taken.
            </Trans>
          )}
        </p>
      ) : null}
      <ChoiceGroup
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
          ) : smoking.isPending ? (
            <Trans>Checking availability…</Trans>
          ) : (
            <Trans>No smoking option of this room type is free for these dates.</Trans>
          )
        }
      />
      <ChoiceGroup
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
          ) : beds.isPending ? (
            <Trans>Checking availability…</Trans>
          ) : (
            <Trans>No bed of this room type is free for these dates.</Trans>
          )
        }
      />

      <RadioGroup
        label={t`Number of guests`}
        orientation="horizontal"
        value={String(draft.numberOfGuests)}
        onChange={(v) => change('numberOfGuests')(Number(v))}
        isInvalid={!!errors.numberOfGuests}
        errorMessage={message('numberOfGuests')}
        description={t`${guestsCount(3, language)} add ${formatPrice(GUEST_SURCHARGE_BAISA[3], language)} a night, ${guestsCount(4, language)} add ${formatPrice(GUEST_SURCHARGE_BAISA[4], language)} a night.`}
        optionsClassName="grid grid-cols-4 gap-2"
      >
        {Array.from({ length: MAX_GUESTS - MIN_GUESTS + 1 }, (_, i) => MIN_GUESTS + i).map((n) => (
          <RadioOption key={n} value={String(n)} className="justify-center">
            {formatCount(n, language)}
          </RadioOption>
        ))}
      </RadioGroup>

      <section
        aria-labelledby="price-box-heading"
        aria-live="polite"
        className="flex flex-col gap-1 rounded-2xl bg-sand-100 p-4"
        data-testid="price-box"
      >
        <h3 id="price-box-heading" className="text-sm font-semibold text-slate-700">
          <Trans>Total price</Trans>
        </h3>
        {price ? (
          <>
            <p className="text-2xl font-bold text-teal-800" data-testid="price-total">
              {formatPrice(price.totalBaisa, language)}
            </p>
            <p className="text-sm text-slate-700">
              <Plural value={price.nights} one={`${nightsText} night`} other={`${nightsText} nights`} /> ×{' '}
              {formatPrice(price.perNightBaisa, language)}
              {price.surchargePerNightBaisa > 0 ? (
                <>
                  {' '}
                  <Trans>
                    (includes {formatPrice(price.surchargePerNightBaisa, language)} a night for{' '}
                    {guestsCount(draft.numberOfGuests, language)})
                  </Trans>
                </>
              ) : null}
            </p>
            {price.offerApplied ? (
              <p className="text-sm font-semibold text-teal-800" data-testid="price-offer">
                <Trans>Today’s offer price for this room</Trans>
              </p>
            ) : null}
            <p className="text-xs text-slate-600">
              <Trans>Paid in cash at the hotel; the hotel confirms the final price.</Trans>
            </p>
          </>
        ) : (
          <p className="text-slate-700">
            {quick && !roomType ? (
              <Trans>Choose a room type and your dates to see the price.</Trans>
            ) : (
              <Trans>Choose your dates to see the price.</Trans>
            )}
          </p>
        )}
      </section>

      <CancellationPolicy />

      <Button type="submit" isPending={create.isPending || queueing} className="w-full">
        {create.isPending || queueing ? <Trans>Sending your booking…</Trans> : <Trans>Confirm Booking</Trans>}
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
    </form>
  );
}

/**
 * Bed type or smoking preference: only the options with a count above 0, each with its count
 * (or, counts unknown offline, every option the room type has, without one).
 */
function ChoiceGroup({
  label,
  description,
  value,
  onChange,
  choices,
  error,
  note,
}: {
  label: string;
  description: string;
  value: string | undefined;
  onChange: (value: string) => void;
  /** `count` null: not known (offline); the option is offered without one. */
  choices: { value: string; label: string; count: string | null }[];
  error: string | undefined;
  /** Said instead of the options when there are none. */
  note: ReactNode;
}) {
  return (
    <RadioGroup
      label={label}
      description={description}
      value={value ?? null}
      onChange={onChange}
      isInvalid={!!error}
      errorMessage={error}
      isRequired
      optionsClassName="grid gap-2 sm:grid-cols-2"
    >
      {choices.length > 0 ? (
        choices.map((choice) => (
          <RadioOption key={choice.value} value={choice.value}>
            <span className="flex-1">{choice.label}</span>
            {choice.count === null ? null : <span className="text-sm font-normal">{choice.count}</span>}
          </RadioOption>
        ))
      ) : (
        <p className="rounded-xl bg-sand-100 px-3 py-2 text-sm text-slate-700">{note}</p>
      )}
    </RadioGroup>
  );
}
