import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, Suspense, useId, useState } from 'react';
import { BED_TYPES, type BedType, SMOKING_TYPES, type SmokingType } from '@shared/constants';
import { formatOmr } from '@shared/money';
import { DEFAULT_EXTRA_GUEST_BAISA } from '@shared/rates';
import {
  createRoomTypeSchema,
  MAX_OCCUPANCY,
  ROOM_TYPE_LIMITS,
  updateRoomTypeSchema,
} from '@shared/room-type-schemas';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Modal } from '@/components/ui/dialog';
import { NumberField } from '@/components/ui/number-field';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import type { PhotoManagerSlot } from '@/entities/admin/media/photo-manager-slot';
import type { AdminRoomType } from '@/entities/admin/room-types/get-admin-room-types';
import { roomTypeLabel } from '@/entities/admin/room-types/room-type-names';
import { BED_LABELS, SMOKING_LABELS } from '@/entities/bookings/booking-labels';
import { useLanguage } from '@/hooks/use-language';
import { errorCode, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { validateWith } from '@/lib/field-messages';
import { formatCount, formatPrice } from '@/lib/format';
import { baisaOfTyped } from '@/lib/money-input';
import { useFormFields } from '@/lib/use-form-fields';
import { useCreateRoomType, useUpdateRoomType } from '../api/save-room-type';
import {
  formErrorsOf,
  initialRoomTypeForm,
  roomTypeBodyOf,
  type RoomTypeFormValues,
} from '../lib/room-type-form';

/**
 * Adds or edits a room type (admins): its code (a new type only: it never changes), names and
 * descriptions in both languages, who it takes (guests in the price, adults, children, at most
 * twelve in all), beds and smoking offered, amenities, price and points, and how many rooms of it
 * are sold; once saved, its photos. Checked with the shared schema before sending; the server
 * checks again and names each refusal in the user's language. The default export, a lazy chunk.
 */
export default function RoomTypeDialog({
  type,
  nextSortOrder,
  onClose,
  PhotoManager,
}: {
  type: AdminRoomType | null;
  nextSortOrder: number;
  onClose: () => void;
  PhotoManager: PhotoManagerSlot;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  // A new type once added: the dialog stays open on it, so its photos are added at once.
  const [added, setAdded] = useState<string | null>(null);
  const code = type?.code ?? added;
  const isNew = code === null;
  const formId = useId();
  const create = useCreateRoomType();
  const update = useUpdateRoomType();
  const saving = create.isPending || update.isPending;
  const { values, setValues, change, refuse, message, formRef } = useFormFields<RoomTypeFormValues>(
    initialRoomTypeForm(type, language, nextSortOrder),
  );

  const saved = (result: { message: string }) => {
    showToast({ variant: 'success', title: result.message });
    onClose();
  };
  const refused = (error: unknown) => {
    const flat: Record<string, string> = {};
    for (const [key, text] of Object.entries(fieldErrorsOf(error))) flat[key.split('.')[0]!] ??= text;
    // A code another type has is the code field's fault.
    if (errorCode(error) === 'room_type_taken') flat.code = errorMessage(error, '');
    refuse(formErrorsOf(flat));
    showToast({
      variant: 'error',
      title: t`The room type was not saved`,
      description: errorMessage(error, t`Please try again.`),
    });
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isNew) {
      const checked = validateWith(createRoomTypeSchema, roomTypeBodyOf(values, true));
      if (!checked.ok) return refuse(formErrorsOf(checked.errors));
      create.mutate(checked.data, {
        onSuccess: (result) => {
          showToast({
            variant: 'success',
            title: result.message,
            description: t`Now add its photos below, or close.`,
          });
          setAdded(checked.data.code);
        },
        onError: refused,
      });
    } else {
      const checked = validateWith(updateRoomTypeSchema, roomTypeBodyOf(values, false));
      if (!checked.ok) return refuse(formErrorsOf(checked.errors));
      update.mutate({ code, ...checked.data }, { onSuccess: saved, onError: refused });
    }
  }

  const whole = (field: keyof RoomTypeFormValues & string, label: string, min: number, max: number) => (
    <NumberField
      label={label}
      value={values[field] as number}
      onChange={change(field) as (n: number) => void}
      minValue={min}
      maxValue={max}
      decrementLabel={t`Fewer`}
      incrementLabel={t`More`}
      isInvalid={!!message(field)}
      errorMessage={message(field)}
    />
  );
  const setAmenity = (index: number, patch: Partial<{ ar: string; en: string }>) =>
    setValues((v) => ({
      ...v,
      amenities: v.amenities.map((a, i) => (i === index ? { ...a, ...patch } : a)),
    }));
  const most = formatCount(MAX_OCCUPANCY, language);
  // A price typed in either digit system is written back in the page's digits once the field is
  // left ("45" -> "٤٥٫٠٠٠" in Arabic), as the number fields beside it show theirs.
  const tidyPrice = (field: 'price' | 'originalPrice' | 'extraGuestPrice') => () => {
    const baisa = baisaOfTyped(values[field]);
    if (!Number.isNaN(baisa)) setValues((v) => ({ ...v, [field]: formatOmr(baisa, language) }));
  };
  // A type just added is the one its fields name (the dialog has no row of it yet).
  const shownName = type ? roomTypeLabel(type, language) : language === 'ar' ? values.nameAr : values.nameEn;
  const defaultExtra = formatPrice(DEFAULT_EXTRA_GUEST_BAISA, language);

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={isNew ? t`New room type` : t`Edit ${shownName}`}
      size="lg"
    >
      <form
        ref={formRef}
        id={formId}
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-4"
        data-testid="room-type-form"
      >
        <TextField
          label={t`Code`}
          description={
            isNew
              ? t`Lower-case Latin letters, digits and hyphens, a letter first (e.g. family-suite). It cannot be changed later.`
              : undefined
          }
          value={values.code}
          onChange={change('code')}
          isReadOnly={!isNew}
          inputDir="ltr"
          isRequired
          isInvalid={!!message('code')}
          errorMessage={message('code')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Name in Arabic`}
            inputDir="rtl"
            value={values.nameAr}
            onChange={change('nameAr')}
            isRequired
            isInvalid={!!message('nameAr')}
            errorMessage={message('nameAr')}
          />
          <TextField
            label={t`Name in English`}
            inputDir="ltr"
            value={values.nameEn}
            onChange={change('nameEn')}
            isRequired
            isInvalid={!!message('nameEn')}
            errorMessage={message('nameEn')}
          />
          <TextField
            label={t`Description in Arabic`}
            inputDir="rtl"
            multiline
            rows={3}
            value={values.descriptionAr}
            onChange={change('descriptionAr')}
            isInvalid={!!message('descriptionAr')}
            errorMessage={message('descriptionAr')}
          />
          <TextField
            label={t`Description in English`}
            inputDir="ltr"
            multiline
            rows={3}
            value={values.descriptionEn}
            onChange={change('descriptionEn')}
            isInvalid={!!message('descriptionEn')}
            errorMessage={message('descriptionEn')}
          />
        </div>

        <Section title={<Trans>Guests</Trans>}>
          <p className="text-sm text-slate-700">
            <Trans>
              The price is for the guests it includes; each guest above them pays the extra-guest price a
              night (under Price and points). At most {most} guests in all.
            </Trans>
          </p>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {whole('baseOccupancy', t`Guests in the price`, 1, MAX_OCCUPANCY)}
            {whole('maxAdults', t`Most adults`, 1, MAX_OCCUPANCY)}
            {whole('maxChildren', t`Most children`, 0, MAX_OCCUPANCY)}
            {whole('maxOccupancy', t`Most guests in all`, 1, MAX_OCCUPANCY)}
            {whole('extraBeds', t`Extra beds`, 0, ROOM_TYPE_LIMITS.extraBedsMax)}
          </div>
        </Section>

        <Section title={<Trans>Beds and smoking</Trans>}>
          <CheckboxGroup
            label={t`Bed types offered`}
            value={values.bedTypes}
            onChange={(list) => change('bedTypes')(list as BedType[])}
            isInvalid={!!message('bedTypes')}
            errorMessage={message('bedTypes')}
          >
            {BED_TYPES.map((bed) => (
              <Checkbox key={bed} value={bed}>
                {i18n._(BED_LABELS[bed])}
              </Checkbox>
            ))}
          </CheckboxGroup>
          <CheckboxGroup
            label={t`Smoking options offered`}
            value={values.smokingOptions}
            onChange={(list) => change('smokingOptions')(list as SmokingType[])}
            isInvalid={!!message('smokingOptions')}
            errorMessage={message('smokingOptions')}
          >
            {SMOKING_TYPES.map((kind) => (
              <Checkbox key={kind} value={kind}>
                {i18n._(SMOKING_LABELS[kind])}
              </Checkbox>
            ))}
          </CheckboxGroup>
        </Section>

        <Section title={<Trans>Price and points</Trans>}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <TextField
              label={t`Price a night (OMR)`}
              description={t`The standard plan's price when the rate calendar sets none.`}
              inputMode="decimal"
              inputDir="ltr"
              value={values.price}
              onChange={change('price')}
              onBlur={tidyPrice('price')}
              isRequired
              isInvalid={!!message('price')}
              errorMessage={message('price')}
            />
            <TextField
              label={t`Price before discount (OMR)`}
              description={t`Optional: shown struck through beside the price.`}
              inputMode="decimal"
              inputDir="ltr"
              value={values.originalPrice}
              onChange={change('originalPrice')}
              onBlur={tidyPrice('originalPrice')}
              isInvalid={!!message('originalPrice')}
              errorMessage={message('originalPrice')}
            />
            <TextField
              label={t`Each guest beyond those in the price (OMR a night)`}
              description={t`Optional. Empty: ${defaultExtra}. A rate plan's own, or a night's on the rate calendar, comes before it.`}
              inputMode="decimal"
              inputDir="ltr"
              value={values.extraGuestPrice}
              onChange={change('extraGuestPrice')}
              onBlur={tidyPrice('extraGuestPrice')}
              isInvalid={!!message('extraGuestPrice')}
              errorMessage={message('extraGuestPrice')}
              data-testid="room-type-extra-guest-price"
            />
            {whole('pointsPerStay', t`Points earned per stay`, 0, ROOM_TYPE_LIMITS.pointsMax)}
            <NumberField
              label={t`Points for a free night`}
              description={t`Leave empty: a free night of this type cannot be had with points.`}
              value={values.freeNightPoints}
              onChange={change('freeNightPoints')}
              minValue={1}
              maxValue={ROOM_TYPE_LIMITS.pointsMax}
              decrementLabel={t`Fewer`}
              incrementLabel={t`More`}
              isInvalid={!!message('freeNightPoints')}
              errorMessage={message('freeNightPoints')}
            />
          </div>
          <Switch isSelected={values.vipEligible} onChange={change('vipEligible')}>
            <Trans>VIP card holders may have a free night of this type</Trans>
          </Switch>
        </Section>

        <Section title={<Trans>Rooms</Trans>}>
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {whole('roomCount', t`Rooms of this type`, 0, ROOM_TYPE_LIMITS.roomCountMax)}
            <NumberField
              label={t`Size (m²)`}
              description={t`Optional`}
              value={values.sizeM2}
              onChange={change('sizeM2')}
              minValue={1}
              maxValue={ROOM_TYPE_LIMITS.sizeM2Max}
              decrementLabel={t`Smaller`}
              incrementLabel={t`Larger`}
              isInvalid={!!message('sizeM2')}
              errorMessage={message('sizeM2')}
            />
            {whole('sortOrder', t`Place in the lists`, 0, ROOM_TYPE_LIMITS.sortOrderMax)}
          </div>
        </Section>

        <Section title={<Trans>Amenities</Trans>}>
          {values.amenities.map((amenity, index) => {
            const n = formatCount(index + 1, language);
            return (
              <div
                key={index}
                className="grid grid-cols-1 items-end gap-3 rounded-xl border border-sand-200 p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]"
              >
                <TextField
                  label={t`Amenity ${n} (Arabic)`}
                  inputDir="rtl"
                  value={amenity.ar}
                  onChange={(ar) => setAmenity(index, { ar })}
                />
                <TextField
                  label={t`Amenity ${n} (English)`}
                  inputDir="ltr"
                  value={amenity.en}
                  onChange={(en) => setAmenity(index, { en })}
                />
                <Button
                  variant="secondary"
                  className="px-3 py-2 text-sm"
                  onPress={() =>
                    setValues((v) => ({ ...v, amenities: v.amenities.filter((_, i) => i !== index) }))
                  }
                >
                  <Trans>Remove</Trans>
                  <span className="sr-only"> · {t`Amenity ${n}`}</span>
                </Button>
              </div>
            );
          })}
          {message('amenities') ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {message('amenities')}
            </p>
          ) : null}
          {values.amenities.length < ROOM_TYPE_LIMITS.amenitiesMax ? (
            <Button
              variant="secondary"
              className="self-start px-3 py-2 text-sm"
              onPress={() => setValues((v) => ({ ...v, amenities: [...v.amenities, { ar: '', en: '' }] }))}
            >
              <Trans>Add an amenity</Trans>
            </Button>
          ) : null}
        </Section>
      </form>
      {/* The photos within the dialog, above its buttons: a new type's as soon as it is added. */}
      {code ? (
        <Suspense
          fallback={
            <p role="status" className="text-slate-700">
              <Trans>Loading photos…</Trans>
            </p>
          }
        >
          <PhotoManager
            owner={{ ownerKind: 'room_type', ownerId: code }}
            title={<Trans>Photos of this room type</Trans>}
          />
        </Suspense>
      ) : (
        <p className="text-sm text-slate-700" data-testid="room-type-photos-later">
          <Trans>Its photos: add the room type, and this dialog stays open for them.</Trans>
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onPress={onClose}>
          {added ? <Trans>Close</Trans> : <Trans>Cancel</Trans>}
        </Button>
        <Button type="submit" form={formId} isPending={saving}>
          {isNew ? <Trans>Add the room type</Trans> : <Trans>Save</Trans>}
        </Button>
      </div>
    </Modal>
  );
}

/**
 * A titled group of the form's fields. A fieldset is at least as wide as its content unless told
 * otherwise (min-w-0), and each grid in it has columns that may shrink (grid-cols-1,
 * minmax(0, 1fr)): else a number field's input widens the group past a phone's width.
 */
function Section({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-3 rounded-xl border border-sand-200 p-3">
      <legend className="px-1 font-semibold text-slate-800">{title}</legend>
      {children}
    </fieldset>
  );
}
