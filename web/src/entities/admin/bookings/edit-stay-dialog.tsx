import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useMemo, useState } from 'react';
import { MAX_STAY_NIGHTS } from '@shared/constants';
import { storedGuests } from '@shared/guest-counts';
import { MAX_OCCUPANCY, occupancyRefusal, type RoomTypeCode } from '@shared/room-type-schemas';
import { addDays, hotelToday } from '@shared/dates';
import { nightsBetween } from '@shared/money';
import { staffBookingEditSchema, type StaffBookingEdit } from '@shared/booking-schemas';
import { changedStayPrice } from '@shared/stay-price';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { DatePicker } from '@/components/ui/date-picker';
import { Modal } from '@/components/ui/dialog';
import { NumberField } from '@/components/ui/number-field';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast';
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { roomTypeName, useNamedRoomTypes } from '@/entities/rooms/room-names';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { fieldMessage, validateWith, type FieldErrors } from '@/lib/field-messages';
import { formatCount, formatPrice } from '@/lib/format';
import { formatRoomNumber } from '@/lib/format-room-number';
import { baisaOfTyped } from '@/lib/money-input';
import { EditRefusal, useEditBooking, useStayQuote, type FreeRoom } from './edit-booking';
import { TradeFields, type Trade } from './trade-fields';
import { formatPhone } from '@shared/phone-countries';
import { PhoneField } from '@/components/guest-fields';

/** What the dialog needs of a booking (the desk's rows and the bookings desk's cards both have it). */
export type EditableStay = {
  id: number;
  fullName: string;
  phoneNumber: string;
  checkInDate: string;
  checkOutDate: string;
  roomType: RoomTypeCode;
  numberOfGuests: number;
  /** Its adults and children when the booking has them (else all its guests are adults). */
  adults?: number | null;
  children?: number | null;
  totalPrice: number | null;
  notes?: string | null;
  priceOverrideBaisa?: number | null;
  priceOverrideReason?: string | null;
  /** The guest is in house: only the departure moves. */
  inHouse: boolean;
  isPointsBooking?: boolean;
  /** The company, travel agent, source and segment it carries (a channel booking: its OTA's reference). */
  companyId?: number | null;
  travelAgentId?: number | null;
  source?: string | null;
  segment?: Trade['segment'];
  channelReference?: string | null;
};

type Field = keyof StaffBookingEdit;

/** Baisa typed as OMR ("12.600", Arabic-Indic digits too), or NaN. */
const baisaOf = baisaOfTyped;

/**
 * Staff edit a stay: dates (a guest in house: the departure only), name, phone, adults and children
 * (within the room type's limits: the hotel's data), room type (any type the hotel sells),
 * the desk's notes, and for a manager a price by hand or a complimentary stay with its reason. The
 * new total shows before saving: the server's quote of the stay on the booking's own plan
 * (GET /api/admin/booking-submissions/:id/quote, asked once the inputs rest), with a manager's
 * price by hand applied by the server's own rule (shared/src/stay-price.ts); the server re-prices
 * when saving and is the judge. When the stay's room is taken on a new night,
 * the free rooms of its type are offered: choosing one moves the stay and saves in one request.
 * The default export, a lazy chunk: loaded when a member of staff opens it.
 */
export default function EditStayDialog({
  booking,
  onClose,
  onSaved,
}: {
  booking: EditableStay;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const manager = hasRole(useCurrentUser().data, 'manager');
  const edit = useEditBooking(onSaved);
  const today = hotelToday();

  const [checkInDate, setCheckIn] = useState(booking.checkInDate);
  const [checkOutDate, setCheckOut] = useState(booking.checkOutDate);
  const [fullName, setFullName] = useState(booking.fullName);
  // The stored phone (full digits) as the field shows it: its country's code, then the number.
  const [phoneNumber, setPhone] = useState(formatPhone(booking.phoneNumber));
  const guests = storedGuests(booking);
  const [adults, setAdults] = useState(guests.adults);
  const [children, setChildren] = useState(guests.children);
  const numberOfGuests = adults + children;
  const [roomType, setRoomType] = useState<RoomTypeCode>(booking.roomType);
  const types = useRoomTypes().data;
  // Names of every type, a retired one's too (the booking's own may be no longer sold).
  const namedTypes = useNamedRoomTypes();
  const type = types?.find((candidate) => candidate.code === roomType);
  // The type's limits (a type no longer sold: the most any room takes; the server checks).
  const limits = type ?? {
    maxAdults: MAX_OCCUPANCY,
    maxChildren: MAX_OCCUPANCY - 1,
    maxOccupancy: MAX_OCCUPANCY,
  };
  const overLimits = occupancyRefusal(limits, adults, children) !== null;
  // The types offered: those sold, and the booking's own while it is no longer sold.
  const offeredTypes = [
    ...(types ?? []).map((candidate) => candidate.code),
    ...(types?.some((candidate) => candidate.code === booking.roomType) ? [] : [booking.roomType]),
  ];
  const [notes, setNotes] = useState(booking.notes ?? '');
  const before: Trade = {
    companyId: booking.companyId ?? null,
    travelAgentId: booking.travelAgentId ?? null,
    source: booking.source ?? null,
    segment: booking.segment ?? null,
  };
  const [trade, setTrade] = useState<Trade>(before);
  const [overrideOn, setOverrideOn] = useState(false);
  const [complimentary, setComplimentary] = useState(false);
  const [overrideOmr, setOverrideOmr] = useState('');
  const [overrideReason, setOverrideReason] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [refusal, setRefusal] = useState<{ message: string; rooms: FreeRoom[] } | null>(null);

  /** Only what changed is sent: the server keeps the rest. */
  const changes = useMemo(() => {
    const c: Record<string, unknown> = {};
    if (checkInDate !== booking.checkInDate) c.checkInDate = checkInDate;
    if (checkOutDate !== booking.checkOutDate) c.checkOutDate = checkOutDate;
    if (fullName.trim() !== booking.fullName) c.fullName = fullName;
    if (phoneNumber.trim() !== formatPhone(booking.phoneNumber)) c.phoneNumber = phoneNumber;
    if (adults !== guests.adults || children !== guests.children) {
      c.numberOfGuests = numberOfGuests;
      c.adults = adults;
      c.children = children;
    }
    if (roomType !== booking.roomType) c.roomType = roomType;
    if (notes.trim() !== (booking.notes ?? '')) c.notes = notes;
    if (trade.companyId !== (booking.companyId ?? null)) c.companyId = trade.companyId;
    if (trade.travelAgentId !== (booking.travelAgentId ?? null)) c.travelAgentId = trade.travelAgentId;
    if (trade.source !== (booking.source ?? null) && trade.source !== null) c.source = trade.source;
    if (trade.segment !== (booking.segment ?? null) && trade.segment !== null) c.segment = trade.segment;
    if (overrideOn) {
      c.priceOverrideBaisa = complimentary ? 0 : baisaOf(overrideOmr);
      c.overrideReason = overrideReason;
    }
    return c;
  }, [
    booking,
    checkInDate,
    checkOutDate,
    fullName,
    phoneNumber,
    guests.adults,
    guests.children,
    adults,
    children,
    numberOfGuests,
    roomType,
    notes,
    trade,
    overrideOn,
    complimentary,
    overrideOmr,
    overrideReason,
  ]);

  const stayMoved =
    checkInDate !== booking.checkInDate ||
    checkOutDate !== booking.checkOutDate ||
    roomType !== booking.roomType ||
    adults !== guests.adults ||
    children !== guests.children;
  const validStay =
    !overLimits &&
    !!checkInDate &&
    !!checkOutDate &&
    nightsBetween(checkInDate, checkOutDate) >= 1 &&
    nightsBetween(checkInDate, checkOutDate) <= MAX_STAY_NIGHTS;
  const override = overrideOn ? (changes.priceOverrideBaisa as number) : undefined;
  // The server's price of the moved stay on the booking's plan (a price by hand keeps its own rule).
  const ratedNeeded =
    validStay && stayMoved && override === undefined && (booking.priceOverrideBaisa ?? null) === null;
  const quote = useStayQuote(
    booking.id,
    ratedNeeded ? { checkInDate, checkOutDate, roomType, numberOfGuests, adults, children } : null,
  );
  const pricing = ratedNeeded && (!quote.settled || quote.isPending);

  const newTotal = useMemo(() => {
    if (!validStay) return null;
    if (override !== undefined && Number.isNaN(override)) return null;
    if (!stayMoved && override === undefined) return booking.totalPrice;
    const rated = ratedNeeded ? (quote.settled ? quote.data?.totalPriceBaisa : undefined) : 0;
    if (rated === undefined) return null;
    return changedStayPrice(
      {
        checkInDate: booking.checkInDate,
        checkOutDate: booking.checkOutDate,
        priceOverrideBaisa: booking.priceOverrideBaisa ?? null,
      },
      { checkInDate, checkOutDate },
      rated,
      override,
    ).totalPrice;
  }, [
    booking,
    checkInDate,
    checkOutDate,
    validStay,
    stayMoved,
    override,
    ratedNeeded,
    quote.settled,
    quote.data,
  ]);

  const nights = checkInDate && checkOutDate ? nightsBetween(checkInDate, checkOutDate) : 0;
  const nothingChanged = Object.keys(changes).length === 0;
  const count = formatCount(nights, language);
  const nightsText = plural(nights, { one: `${count} night`, other: `${count} nights` });

  const save = (roomId?: number) => {
    if (overLimits) return;
    const checked = validateWith(staffBookingEditSchema, roomId ? { ...changes, roomId } : changes);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setRefusal(null);
    edit.mutate(
      { id: booking.id, ...checked.data },
      {
        onSuccess: (answer) => {
          showToast({ title: answer.message, variant: 'success' });
          onClose();
        },
        onError: (error) => {
          if (error instanceof EditRefusal) {
            if (error.body?.error.fields) setErrors(error.body.error.fields);
            setRefusal({ message: error.message, rooms: error.rooms });
          } else {
            setRefusal({ message: error.message, rooms: [] });
          }
        },
      },
    );
  };

  const err = (field: Field) => fieldMessage(i18n, errors[field]);
  /** The room type's limits, said when the guests are more than it takes. */
  const overLimitsText = () => {
    const adults = formatCount(limits.maxAdults, language);
    const children = formatCount(limits.maxChildren, language);
    const guests = formatCount(limits.maxOccupancy, language);
    return t`Too many guests for this room type. Most adults: ${adults}; most children: ${children}; most guests in all: ${guests}.`;
  };

  return (
    <Modal
      isOpen
      size="lg"
      title={t`Edit the stay of ${booking.fullName}`}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <form
        className="flex flex-col gap-4"
        data-testid="edit-stay-form"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        {booking.inHouse ? (
          <p className="rounded-xl bg-sand-50 p-3 text-slate-800">
            <Trans>The guest is in house: only the departure can change.</Trans>
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <DatePicker
            label={t`Arrival`}
            value={checkInDate}
            onChange={setCheckIn}
            minValue={booking.inHouse ? undefined : today}
            isDisabled={booking.inHouse || booking.isPointsBooking}
            errorMessage={err('checkInDate')}
          />
          <DatePicker
            label={t`Departure`}
            value={checkOutDate}
            onChange={setCheckOut}
            minValue={addDays(checkInDate || today, 1) > today ? addDays(checkInDate || today, 1) : today}
            isDisabled={booking.isPointsBooking}
            errorMessage={err('checkOutDate')}
            description={nights > 0 ? nightsText : undefined}
          />
          <TextField
            label={t`Guest's name`}
            value={fullName}
            onChange={setFullName}
            errorMessage={err('fullName')}
          />
          <PhoneField
            label={t`Phone`}
            value={phoneNumber}
            onChange={setPhone}
            error={err('phoneNumber')}
            autoComplete="off"
          />
          <NumberField
            label={t`Adults`}
            minValue={1}
            maxValue={limits.maxAdults}
            value={adults}
            onChange={(n) => setAdults(Number.isFinite(n) ? n : guests.adults)}
            decrementLabel={t`Fewer adults`}
            incrementLabel={t`More adults`}
            isDisabled={booking.isPointsBooking}
            isInvalid={overLimits || !!err('adults') || !!err('numberOfGuests')}
            errorMessage={err('adults') ?? err('numberOfGuests')}
          />
          <NumberField
            label={t`Children`}
            minValue={0}
            maxValue={limits.maxChildren}
            value={children}
            onChange={(n) => setChildren(Number.isFinite(n) ? n : guests.children)}
            decrementLabel={t`Fewer children`}
            incrementLabel={t`More children`}
            isDisabled={booking.isPointsBooking}
            isInvalid={overLimits || !!err('children')}
            errorMessage={overLimits ? overLimitsText() : err('children')}
          />
          <Select
            label={t`Room type`}
            selectedKey={roomType}
            onSelectionChange={(key) => setRoomType(String(key))}
            isDisabled={booking.inHouse || booking.isPointsBooking}
            errorMessage={err('roomType')}
          >
            {offeredTypes.map((code) => (
              <SelectItem key={code} id={code}>
                {roomTypeName(namedTypes, code, language)}
              </SelectItem>
            ))}
          </Select>
        </div>
        <TextField
          label={t`Notes for the desk`}
          description={t`Staff only: the guest does not see them.`}
          multiline
          rows={3}
          value={notes}
          onChange={setNotes}
          errorMessage={err('notes')}
        />
        <TradeFields
          value={trade}
          onChange={setTrade}
          error={(field) => err(field)}
          sourceFixed={!!booking.channelReference}
        />
        {manager ? (
          <fieldset className="flex flex-col gap-3 rounded-xl border border-sand-200 p-3">
            <legend className="px-1 font-semibold text-slate-800">
              <Trans>Price (managers)</Trans>
            </legend>
            <Checkbox isSelected={overrideOn} onChange={setOverrideOn} data-testid="edit-stay-override">
              <Trans>Set the price by hand</Trans>
            </Checkbox>
            {overrideOn ? (
              <>
                <Checkbox isSelected={complimentary} onChange={setComplimentary}>
                  <Trans>Complimentary stay (no charge)</Trans>
                </Checkbox>
                {!complimentary ? (
                  <TextField
                    label={t`Total for the stay (OMR)`}
                    inputMode="decimal"
                    inputDir="ltr"
                    value={overrideOmr}
                    onChange={setOverrideOmr}
                    errorMessage={err('priceOverrideBaisa')}
                  />
                ) : null}
                <TextField
                  label={t`Reason`}
                  value={overrideReason}
                  onChange={setOverrideReason}
                  isRequired
                  errorMessage={err('overrideReason')}
                />
              </>
            ) : null}
          </fieldset>
        ) : null}

        <p className="text-lg text-slate-900" aria-live="polite" data-testid="edit-stay-total">
          {pricing && validStay ? (
            <Trans>Working out the new total…</Trans>
          ) : quote.isError && ratedNeeded ? (
            <Trans>The new total could not be worked out; it is priced when you save.</Trans>
          ) : newTotal === null ? (
            <Trans>The new total shows once the dates and price are valid.</Trans>
          ) : newTotal === booking.totalPrice ? (
            <Trans>Total: {formatPrice(newTotal, language)}</Trans>
          ) : (
            <Trans>
              New total: <strong>{formatPrice(newTotal, language)}</strong> (was{' '}
              {formatPrice(booking.totalPrice ?? 0, language)})
            </Trans>
          )}
        </p>

        {refusal ? (
          <div role="alert" className="flex flex-col gap-3 rounded-xl bg-red-50 p-3 text-red-900">
            <p className="font-semibold">{refusal.message}</p>
            {refusal.rooms.length > 0 ? (
              <>
                <p>
                  <Trans>Move the guest to a free room of this type, and save:</Trans>
                </p>
                <ul className="flex flex-wrap gap-2" data-testid="edit-stay-free-rooms">
                  {refusal.rooms.map((room) => (
                    <li key={room.id}>
                      <Button variant="secondary" isPending={edit.isPending} onPress={() => save(room.id)}>
                        <Trans>Room {formatRoomNumber(room.number, language)}</Trans>
                      </Button>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
          </div>
        ) : null}

        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button
            type="submit"
            isDisabled={nothingChanged}
            isPending={edit.isPending}
            data-testid="edit-stay-save"
          >
            <Trans>Save the changes</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
