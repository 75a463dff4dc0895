import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Navigate, useNavigate } from '@/lib/router';
import { bookingRequestSchema } from '@shared/booking-schemas';
import { type BedType, type SmokingType } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { Button, LinkButton } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { errorCode, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { type FieldErrors, validateWith } from '@/lib/field-messages';
import { formatDate } from '@/lib/format';
import { isNoStockError, NoStockDialog } from '@/components/unavailable-dialog';
import { useFormFields } from '@/lib/use-form-fields';
import { bedLabel, smokingLabel } from '@/entities/bookings/booking-labels';
import { writeSuccessRecord } from '@/entities/bookings/success-record';
import { useRoomName } from '@/entities/rooms/room-names';
import { useBuyFreeNight } from '../api/buy-free-night';
import { freeNightCheckOut } from '../lib/free-night';
import { clearPointsPurchase, type PointsPurchase, readPointsPurchase } from '../lib/points-purchase';
import { type RoomTypeEntry, useRoomTypes } from '@/entities/rooms/get-room-types';
import { NotEnoughPointsDialog } from './not-enough-points-dialog';
import { useCurrentUser } from '@/entities/session/use-current-user';
import { ConfirmationEmailField, FullNameField, IdNumberField, PhoneField } from '@/components/guest-fields';
import { CheckList } from '@/components/check-list';
import { useLanguage } from '@/hooks/use-language';
import { pointsCount } from '@/lib/counts';

// The defaults first: double (two separate beds) and non-smoking.
const BED_CHOICES: readonly BedType[] = ['double', 'single'];
const SMOKING_CHOICES: readonly SmokingType[] = ['non_smoking', 'smoking'];

type Form = {
  fullName: string;
  email: string;
  phoneNumber: string;
  idNumber: string;
  checkInDate: string;
  bedType: BedType;
  smokingPreference: SmokingType;
};

const EMPTY: Form = {
  fullName: '',
  email: '',
  phoneNumber: '',
  idNumber: '',
  checkInDate: '',
  bedType: 'double',
  smokingPreference: 'non_smoking',
};

/**
 * /points-booking (spec sections 2 and 5): the free-night form after a
 * choice in the points store. One night: check-out is the day after check-in.
 * The server spends the points and creates the approved booking in one step;
 * then the stored purchase is removed, the success record written (its toast
 * shows on /) and the guest returns to the hotel page.
 */
export function PointsBookingScreen() {
  // The stored choice is read against the hotel's room types (its points price is the type's).
  const types = useRoomTypes();
  if (types.isError && !types.data) return <Navigate to="/points-store" replace />;
  if (!types.data)
    return (
      <main className="mx-auto w-full max-w-3xl px-4 py-8">
        <p role="status" className="text-slate-700">
          <Trans>Loading…</Trans>
        </p>
      </main>
    );
  return <PointsBookingOfType types={types.data} />;
}

function PointsBookingOfType({ types }: { types: RoomTypeEntry[] }) {
  // Read once: the record is removed as the booking succeeds, before the page moves on.
  const [purchase] = useState(() => readPointsPurchase(types));
  const type = types.find((t) => t.code === purchase?.roomType);
  if (!purchase || !type) return <Navigate to="/points-store" replace />;
  return <PointsBookingForm purchase={purchase} type={type} />;
}

function PointsBookingForm({ purchase, type }: { purchase: PointsPurchase; type: RoomTypeEntry }) {
  const { t, i18n } = useLingui();
  const roomName = useRoomName();
  const language = useLanguage();
  const navigate = useNavigate();
  const buy = useBuyFreeNight();
  const me = useCurrentUser().data;
  // Only the beds and smoking options the type offers, the defaults first.
  const bedChoices = BED_CHOICES.filter((bed) => type.bedTypes.includes(bed));
  const smokingChoices = SMOKING_CHOICES.filter((kind) => type.smokingOptions.includes(kind));
  const {
    values: form,
    change,
    refuse,
    message,
    formRef,
  } = useFormFields<Form>({
    ...EMPTY,
    bedType: bedChoices[0] ?? EMPTY.bedType,
    smokingPreference: smokingChoices[0] ?? EMPTY.smokingPreference,
  });
  const [notEnough, setNotEnough] = useState(false);
  const [noStock, setNoStock] = useState<unknown>(null);
  const today = hotelToday();
  const checkOutDate = freeNightCheckOut(form.checkInDate);
  const { roomType, pointsUsed } = purchase;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (buy.isPending) return;
    const checked = validateWith(bookingRequestSchema, { ...form, checkOutDate, roomType });
    const found: FieldErrors = checked.ok ? {} : { ...checked.errors };
    if (form.checkInDate && form.checkInDate < today) found.checkInDate ??= 'check_in_past';
    // Check-out follows check-in: an error about it is one about check-in.
    if (found.checkOutDate && !found.checkInDate) found.checkInDate = found.checkOutDate;
    delete found.checkOutDate;
    if (!checked.ok || Object.values(found).some(Boolean)) {
      refuse(found);
      return;
    }
    const { data } = checked;
    buy.mutate(
      {
        roomType,
        fullName: data.fullName,
        phoneNumber: data.phoneNumber,
        idNumber: data.idNumber,
        email: data.email,
        checkInDate: data.checkInDate,
        checkOutDate: data.checkOutDate,
        bedType: data.bedType,
        smokingPreference: data.smokingPreference,
      },
      {
        onSuccess: (result) => {
          clearPointsPurchase();
          writeSuccessRecord({
            roomType,
            bedType: data.bedType,
            smokingPreference: data.smokingPreference,
            isPointsBooking: true,
            reference: result.booking.reference,
            pointsUsed: result.pointsUsed,
            checkInDate: data.checkInDate,
            checkOutDate: data.checkOutDate,
            // A free night is an account's: its news goes to the account's address.
            toldBy: 'email',
          });
          void navigate('/', { replace: true });
        },
        onError: (error) => {
          if (errorCode(error) === 'insufficient_points') {
            setNotEnough(true);
            return;
          }
          if (isNoStockError(error)) {
            setNoStock(error);
            return;
          }
          const fields = fieldErrorsOf(error);
          if (Object.keys(fields).length > 0) {
            const { checkOutDate: outError, ...rest } = fields;
            refuse({ ...rest, ...(outError && !rest.checkInDate && { checkInDate: outError }) });
            return;
          }
          showToast({
            variant: 'error',
            title: t`❌ Booking error`,
            description: errorMessage(
              error,
              t`An error occurred while completing the booking. Please try again.`,
            ),
          });
        },
      },
    );
  }

  return (
    <main className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8">
      <div>
        <LinkButton href="/points-store" variant="ghost" className="-ms-3 px-3 py-1.5 text-sm">
          <span aria-hidden="true" className="rtl:rotate-180">
            ←
          </span>
          <Trans>Back to the points store</Trans>
        </LinkButton>
      </div>
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold text-teal-800">
          <Trans>Book your free night</Trans>
        </h1>
        <p className="text-slate-700" data-testid="points-booking-summary">
          <Trans>
            {roomName(roomType)}, one night for {pointsCount(pointsUsed, language)}
          </Trans>
        </p>
      </header>

      <section aria-labelledby="perks-heading" className="rounded-2xl bg-sand-100 p-4">
        <h2 id="perks-heading" className="mb-2 font-semibold text-slate-900">
          <Trans>Included in your free night</Trans>
        </h2>
        <CheckList
          className="grid gap-1 text-slate-800 sm:grid-cols-2"
          items={[t`The full stay, free`, t`All room facilities`, t`Free room service`, t`Free Wi-Fi`]}
        />
      </section>

      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={t`Room type`} value={roomName(roomType)} isReadOnly />
          <TextField label={t`Booking type`} value={t`Free night`} isReadOnly />
        </div>
        <FullNameField value={form.fullName} onChange={change('fullName')} error={message('fullName')} />
        <div className="grid gap-4 sm:grid-cols-2">
          <PhoneField
            value={form.phoneNumber}
            onChange={change('phoneNumber')}
            error={message('phoneNumber')}
          />
          <IdNumberField value={form.idNumber} onChange={change('idNumber')} error={message('idNumber')} />
        </div>
        <ConfirmationEmailField
          value={form.email}
          onChange={change('email')}
          error={message('email')}
          accountEmail={me?.email}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <DatePicker
            label={t`Check-in date`}
            name="checkInDate"
            value={form.checkInDate}
            onChange={change('checkInDate')}
            minValue={today}
            errorMessage={message('checkInDate')}
            isRequired
          />
          <TextField
            label={t`Check-out date`}
            description={t`A free night is one night: check-out is the next day.`}
            value={checkOutDate ? formatDate(checkOutDate, language) : '—'}
            isReadOnly
            data-testid="points-booking-check-out"
          />
        </div>
        <RadioGroup
          label={t`Bed type`}
          value={form.bedType}
          onChange={(v) => change('bedType')(v as BedType)}
          isInvalid={!!message('bedType')}
          errorMessage={message('bedType')}
          isRequired
          optionsClassName="grid gap-2 sm:grid-cols-2"
        >
          {bedChoices.map((bed) => (
            <RadioOption key={bed} value={bed}>
              {bedLabel(i18n, bed)}
            </RadioOption>
          ))}
        </RadioGroup>
        <RadioGroup
          label={t`Smoking preference`}
          value={form.smokingPreference}
          onChange={(v) => change('smokingPreference')(v as SmokingType)}
          isInvalid={!!message('smokingPreference')}
          errorMessage={message('smokingPreference')}
          isRequired
          optionsClassName="grid gap-2 sm:grid-cols-2"
        >
          {smokingChoices.map((choice) => (
            <RadioOption key={choice} value={choice}>
              {smokingLabel(i18n, choice)}
            </RadioOption>
          ))}
        </RadioGroup>

        <Button type="submit" isPending={buy.isPending} className="w-full">
          {buy.isPending ? (
            <Trans>Booking your free night…</Trans>
          ) : (
            <Trans>Confirm free night ({pointsCount(pointsUsed, language)})</Trans>
          )}
        </Button>
      </form>

      {notEnough ? <NotEnoughPointsDialog onClose={() => setNotEnough(false)} /> : null}
      {noStock ? <NoStockDialog error={noStock} onClose={() => setNoStock(null)} /> : null}
    </main>
  );
}
