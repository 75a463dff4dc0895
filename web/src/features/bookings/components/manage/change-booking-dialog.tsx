import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { type BedType, type SmokingType } from '@shared/constants';
import type { RoomTypeCode } from '@shared/room-type-schemas';
import { hotelToday, stayNights } from '@shared/dates';
import { Button } from '@/components/ui/button';
import { AvailabilityRangePicker } from '@/entities/availability/availability-range-picker';
import { Modal } from '@/components/ui/dialog';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
import { bedLabel, smokingLabel } from '@/entities/bookings/booking-labels';
import { roomTypeOptions } from '@/entities/rooms/room-type-options';
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { extraGuestBaisaOf, useRatePlans } from '@/entities/rates/get-rate-plans';
import { useRoomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorCode, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { formatPrice } from '@/lib/format';
import { type BookingChangeBody, useChangeBooking } from '../../api/change-booking';
import { stayPrice, stayWindow } from '../../lib/live-price';
import { useStayQuotes } from '../../api/get-quote';
import { useCalendarNights } from '@/entities/availability/get-availability';
import { pageStartsAround } from '@/entities/availability/stay-nights';
import { RESTRICTION_CODES, STANDARD_RATE_PLAN } from '@shared/rates';
import { alternativesOf, BookingAlternatives, hasAlternatives } from '../booking-alternatives';
import { CallTheHotel } from './call-the-hotel';
import { GuestCountField, guestsRefusal } from '../guest-count-field';

export type ChangeableBooking = {
  id: number;
  checkInDate: string;
  checkOutDate: string;
  numberOfGuests: number | null;
  /** Its adults and children (a booking made before they were asked: its guests, as adults). */
  adults?: number | null;
  children?: number | null;
  roomType: RoomTypeCode;
  bedType: BedType | null;
  smokingPreference: SmokingType | null;
  /** The plan it was sold on: a change is priced on it again. */
  ratePlan?: string;
};

type Draft = {
  checkInDate: string;
  checkOutDate: string;
  adults: number;
  children: number;
  roomType: RoomTypeCode;
  bedType: BedType | null;
  smokingPreference: SmokingType | null;
};

/**
 * "Change booking": dates, guests, room type, bed and smoking, sent as the
 * fields that differ (PATCH /api/booking-submissions/:id). The price shown while editing is the
 * server's quote on the booking's plan (offline: the calendar's nights as last loaded), a plan's
 * restriction said under the dates; the server's price is said once it has taken the change, and the
 * booking waits for the hotel's approval again. A stay the hotel cannot take shows the server's
 * alternatives, each a button that puts it in the form. Its own chunk.
 */
export default function ChangeBookingDialog({
  booking,
  onClose,
}: {
  booking: ChangeableBooking;
  onClose: () => void;
}) {
  const { t, i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const save = useChangeBooking();
  const [draft, setDraft] = useState<Draft>({
    checkInDate: booking.checkInDate,
    checkOutDate: booking.checkOutDate,
    adults: booking.adults ?? booking.numberOfGuests ?? 2,
    children: booking.children ?? 0,
    roomType: booking.roomType,
    bedType: booking.bedType,
    smokingPreference: booking.smokingPreference,
  });
  const [ownNights] = useState(() => stayNights(booking.checkInDate, booking.checkOutDate));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<{ totalPriceBaisa: number | null; message: string } | null>(null);
  const today = hotelToday();
  const types = useRoomTypes().data;
  const typeOf = (code: RoomTypeCode) => types?.find((type) => type.code === code);
  const chosenType = typeOf(draft.roomType);
  const options = roomTypeOptions(chosenType);
  const numberOfGuests = draft.adults + draft.children;
  const overOccupancy = guestsRefusal(chosenType, draft) !== null;
  // The hotel's types, and the booking's own while they are unknown (offline) or if it is no longer sold.
  const typeChoices = types?.map((type) => type.code) ?? [];
  if (!typeChoices.includes(booking.roomType)) typeChoices.unshift(booking.roomType);
  const ratePlan = booking.ratePlan ?? STANDARD_RATE_PLAN;
  const plans = useRatePlans().data?.ratePlans;
  const stay = stayWindow(draft.checkInDate, draft.checkOutDate);
  const [quote] = useStayQuotes(
    stay
      ? {
          roomType: draft.roomType,
          checkInDate: stay.from,
          checkOutDate: stay.to,
          numberOfGuests,
          children: draft.children,
        }
      : null,
    [ratePlan],
  );
  const calendar = useCalendarNights(
    draft.roomType,
    stay ? pageStartsAround(today, stay.from) : [],
    draft.roomType === booking.roomType ? ownNights : [],
    { ratePlan, numberOfGuests, children: draft.children },
  );
  const quoteError = quote?.error instanceof ApiRequestError ? quote.error.body?.error : undefined;
  const restriction =
    quoteError && (RESTRICTION_CODES as readonly string[]).includes(quoteError.code)
      ? quoteError.message
      : undefined;
  const estimate = restriction
    ? null
    : stayPrice({ checkIn: draft.checkInDate, checkOut: draft.checkOutDate, quote: quote?.data, calendar });
  const refusal = save.error instanceof ApiRequestError ? save.error : null;
  const alternatives = alternativesOf(refusal?.body ?? null);
  const code = errorCode(save.error);
  const soldOut =
    code === 'no_rooms_available' || code === 'no_beds_available' || code === 'no_smoking_available';

  const edit = (patch: Partial<Draft>) => {
    setDraft((d) => {
      const next = { ...d, ...patch };
      // Another room type offers its own beds and smoking options.
      const allowed = roomTypeOptions(typeOf(next.roomType));
      if (next.bedType && !allowed.beds.includes(next.bedType)) next.bedType = allowed.beds[0] ?? null;
      if (next.smokingPreference && !allowed.smoking.includes(next.smokingPreference))
        next.smokingPreference = allowed.smoking[0] ?? null;
      return next;
    });
    setFields({});
    save.reset();
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const change: BookingChangeBody = {};
    if (draft.checkInDate !== booking.checkInDate) change.checkInDate = draft.checkInDate;
    if (draft.checkOutDate !== booking.checkOutDate) change.checkOutDate = draft.checkOutDate;
    const ownAdults = booking.adults ?? booking.numberOfGuests;
    const ownChildren = booking.children ?? 0;
    if (draft.adults !== ownAdults || draft.children !== ownChildren) {
      change.adults = draft.adults;
      change.children = draft.children;
      change.numberOfGuests = numberOfGuests;
    }
    if (draft.roomType !== booking.roomType) change.roomType = draft.roomType;
    if (draft.bedType && draft.bedType !== booking.bedType) change.bedType = draft.bedType;
    if (draft.smokingPreference && draft.smokingPreference !== booking.smokingPreference)
      change.smokingPreference = draft.smokingPreference;
    if (Object.keys(change).length === 0) {
      setFields({ _: t`Nothing in the booking changes` });
      return;
    }
    // Above the room type's limits: said under the guests (the server would refuse it too).
    if (overOccupancy) return;
    save.mutate(
      { id: booking.id, change },
      {
        onSuccess: (result) =>
          setSaved({ totalPriceBaisa: result.booking.totalPriceBaisa, message: result.message }),
        onError: (error) => setFields(fieldErrorsOf(error)),
      },
    );
  }

  const dateError = fields.checkInDate ?? fields.checkOutDate;
  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && !save.isPending && onClose()}
      title={<Trans>Change booking</Trans>}
      size="md"
    >
      {({ close }) =>
        saved ? (
          <div className="flex flex-col gap-4" data-testid="change-saved">
            <p role="status" className="font-semibold text-emerald-900">
              {saved.message}
            </p>
            {saved.totalPriceBaisa !== null ? (
              <p className="text-slate-800">
                <Trans>New total</Trans>{' '}
                <span className="text-xl font-bold text-teal-800" data-testid="changed-total">
                  {formatPrice(saved.totalPriceBaisa, language)}
                </span>
              </p>
            ) : null}
            <Button className="self-end" onPress={close}>
              <Trans>Done</Trans>
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={submit} className="flex flex-col gap-4">
            <AvailabilityRangePicker
              label={t`Stay dates`}
              roomType={draft.roomType}
              value={{ from: draft.checkInDate, to: draft.checkOutDate }}
              onChange={(range) => range && edit({ checkInDate: range.from, checkOutDate: range.to })}
              // The booking's own nights are held for its room type: not taken, for this guest.
              ownNights={draft.roomType === booking.roomType ? ownNights : undefined}
              minValue={today}
              errorMessage={dateError ? fieldMessage(i18n, dateError) : restriction}
              plan={{ ratePlan, numberOfGuests, children: draft.children }}
            />
            <Select
              label={t`Room type`}
              selectedKey={draft.roomType}
              onSelectionChange={(key) => edit({ roomType: key as RoomTypeCode })}
              isInvalid={!!fields.roomType}
              errorMessage={fields.roomType}
            >
              {typeChoices.map((code) => (
                <SelectItem key={code} id={code} textValue={roomName(code)}>
                  {roomName(code)}
                </SelectItem>
              ))}
            </Select>
            <GuestCountField
              value={{ adults: draft.adults, children: draft.children }}
              onChange={(counts) => edit(counts)}
              type={chosenType}
              extraGuestBaisa={extraGuestBaisaOf(
                plans?.find((p) => p.code === ratePlan),
                chosenType,
              )}
              error={fields.adults ?? fields.children ?? fields.numberOfGuests}
            />
            <RadioGroup
              label={t`Bed type`}
              value={draft.bedType}
              onChange={(v) => edit({ bedType: v as BedType })}
              optionsClassName="grid gap-2 sm:grid-cols-2"
            >
              {options.beds.map((bed) => (
                <RadioOption key={bed} value={bed}>
                  {bedLabel(i18n, bed)}
                </RadioOption>
              ))}
            </RadioGroup>
            <RadioGroup
              label={t`Smoking preference`}
              value={draft.smokingPreference}
              onChange={(v) => edit({ smokingPreference: v as SmokingType })}
              optionsClassName="grid gap-2 sm:grid-cols-2"
            >
              {options.smoking.map((kind) => (
                <RadioOption key={kind} value={kind}>
                  {smokingLabel(i18n, kind)}
                </RadioOption>
              ))}
            </RadioGroup>

            <p className="rounded-2xl bg-sand-100 p-3 text-sm text-slate-800" aria-live="polite">
              {/* Two sentences, not one ending on the price: Arabic's "ر.ع." ends with its own full stop. */}
              {estimate ? (
                <>
                  <span className="block">
                    <Trans>
                      Estimated new total:{' '}
                      <strong className="text-base text-teal-800" data-testid="change-estimate">
                        {formatPrice(estimate.totalBaisa, language)}
                      </strong>
                    </Trans>
                  </span>
                  <span className="block">
                    <Trans>The hotel approves the change again; its price is confirmed when you save.</Trans>
                  </span>
                </>
              ) : restriction ? (
                <Trans>These dates cannot be booked on this rate: see the message under the dates.</Trans>
              ) : (
                <Trans>Choose your dates to see the price.</Trans>
              )}
            </p>

            {fields._ ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {fieldMessage(i18n, fields._)}
              </p>
            ) : null}
            {save.isError && !soldOut && Object.keys(fields).length === 0 ? (
              <div role="alert" className="flex flex-col gap-2 text-sm font-medium text-red-800">
                <p>
                  {errorMessage(
                    save.error,
                    t`The change could not be sent. Check your connection and try again.`,
                  )}
                </p>
                {code === 'cancellation_deadline_passed' ? <CallTheHotel /> : null}
              </div>
            ) : null}
            {soldOut ? (
              <div className="flex flex-col gap-3" data-testid="change-alternatives">
                <p role="alert" className="font-semibold text-red-800">
                  {errorMessage(save.error, '')}
                </p>
                {hasAlternatives(alternatives) ? (
                  <BookingAlternatives
                    alternatives={alternatives}
                    roomType={draft.roomType}
                    onPick={(pick) => edit(pick)}
                  />
                ) : null}
              </div>
            ) : null}

            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="secondary" onPress={close} isDisabled={save.isPending}>
                <Trans>Keep as it is</Trans>
              </Button>
              <Button type="submit" isPending={save.isPending}>
                <Trans>Save changes</Trans>
              </Button>
            </div>
          </form>
        )
      }
    </Modal>
  );
}
