import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, Suspense } from 'react';
import type { PhotoManagerSlot } from '@/entities/admin/media/photo-manager-slot';
import { offerInputSchema } from '@shared/content-schemas';
import { toLatinDigits } from '@shared/digits';
import { offerPriceBaisa } from '@shared/money';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Modal } from '@/components/ui/dialog';
import { Select, SelectItem } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useRooms } from '@/entities/rooms/get-rooms';
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { roomTypeName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { validateWith } from '@/lib/field-messages';
import { formatCount, formatPrice } from '@/lib/format';
import { useFormFields } from '@/lib/use-form-fields';
import { type AdminOffer } from '../api/get-admin-offers';
import { type OfferBody, useSaveOffer } from '../api/save-offer';
import { contentErrors } from '../lib/content-messages';
import { offerFormValues, type OfferFormValues } from '../lib/offer-form-values';

/**
 * The dialog that creates or edits an offer: room, discount (with the price guests will see),
 * titles and descriptions in both languages, validity, features, switches, and, once saved,
 * its photos.
 */
export function OfferEditor({
  offer,
  today,
  onClose,
  PhotoManager,
}: {
  offer: AdminOffer | null;
  today: string;
  onClose: () => void;
  PhotoManager: PhotoManagerSlot;
}) {
  const { t } = useLingui();
  const { i18n: core } = useLinguiCore();
  const language = useLanguage();
  const save = useSaveOffer();
  const rooms = useRooms();
  const types = useRoomTypes().data;
  const { values, setValues, change, refuse, message, formRef } = useFormFields<OfferFormValues>(
    offerFormValues(offer, today, types?.[0]?.code),
  );
  // The types sold, and the offer's own while it is no longer sold.
  const offeredTypes = [
    ...(types ?? []).map((type) => type.code),
    ...(values.roomType && !types?.some((type) => type.code === values.roomType) ? [values.roomType] : []),
  ];
  const room = rooms.data?.find((r) => r.roomType === values.roomType);
  const discount = Number(toLatinDigits(values.discount).trim() || NaN);
  // An offer with its own prices (the spec's demo offers) keeps them while its room and
  // discount stay as they are; otherwise the room's original price less the discount.
  const ownPrices =
    offer?.fixedPrices && offer.roomType === values.roomType && offer.discount === discount ? offer : null;
  const preview = ownPrices
    ? ownPrices.discountedPriceBaisa
    : room && Number.isInteger(discount) && discount >= 0 && discount <= 90
      ? offerPriceBaisa(room.originalPriceBaisa, discount)
      : null;
  const previewOriginal = ownPrices ? ownPrices.originalPriceBaisa : room?.originalPriceBaisa;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = {
      ...values,
      validFrom: values.validFrom || null,
      validTo: values.validTo || null,
    };
    const checked = validateWith(offerInputSchema, body);
    if (!checked.ok) {
      refuse(contentErrors(core, checked.errors));
      return;
    }
    save.mutate(
      { id: offer?.id ?? null, body: checked.data as OfferBody },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          onClose();
        },
        onError: (error) => {
          const flat: Record<string, string> = {};
          for (const [key, text] of Object.entries(fieldErrorsOf(error))) flat[key.split('.')[0]!] ??= text;
          refuse(flat);
          showToast({
            variant: 'error',
            title: t`The offer was not saved`,
            description: errorMessage(error, t`Please try again.`),
          });
        },
      },
    );
  }

  const setFeature = (index: number, patch: Partial<{ ar: string; en: string }>) =>
    setValues((v) => ({ ...v, features: v.features.map((f, i) => (i === index ? { ...f, ...patch } : f)) }));

  return (
    <Modal
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={offer ? t`Edit offer` : t`New offer`}
      size="lg"
    >
      <form
        ref={formRef}
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-4"
        data-testid="offer-form"
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t`Room`}
            placeholder={t`Choose`}
            selectedKey={values.roomType || null}
            onSelectionChange={(key) =>
              setValues((v) => ({ ...v, roomType: String(key), theme: String(key) }))
            }
            errorMessage={message('roomType')}
            isInvalid={!!message('roomType')}
          >
            {offeredTypes.map((type) => (
              <SelectItem key={type} id={type}>
                {roomTypeName(types, type, language)}
              </SelectItem>
            ))}
          </Select>
          <TextField
            label={t`Discount (%)`}
            inputMode="numeric"
            inputDir="ltr"
            value={values.discount}
            onChange={change('discount')}
            errorMessage={message('discount')}
            isInvalid={!!message('discount')}
            isRequired
          />
        </div>
        {room ? (
          <p className="rounded-xl bg-sand-50 p-3 text-sm text-slate-800" data-testid="offer-price-preview">
            {preview !== null ? (
              <Trans>
                Guests see {formatPrice(preview, language)} instead of{' '}
                {formatPrice(previewOriginal ?? room.originalPriceBaisa, language)} per night.
              </Trans>
            ) : null}{' '}
            <Trans>
              A booking of this room is charged {formatPrice(room.discountedPriceBaisa, language)} per night.
            </Trans>
          </p>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Title (Arabic)`}
            inputDir="rtl"
            value={values.titleAr}
            onChange={change('titleAr')}
            errorMessage={message('titleAr')}
            isInvalid={!!message('titleAr')}
            isRequired
          />
          <TextField
            label={t`Title (English)`}
            inputDir="ltr"
            value={values.title}
            onChange={change('title')}
            errorMessage={message('title')}
            isInvalid={!!message('title')}
            isRequired
          />
          <TextField
            label={t`Description (Arabic)`}
            multiline
            rows={2}
            inputDir="rtl"
            value={values.descriptionAr}
            onChange={change('descriptionAr')}
            errorMessage={message('descriptionAr')}
            isInvalid={!!message('descriptionAr')}
          />
          <TextField
            label={t`Description (English)`}
            multiline
            rows={2}
            inputDir="ltr"
            value={values.description}
            onChange={change('description')}
            errorMessage={message('description')}
            isInvalid={!!message('description')}
          />
          <DatePicker
            label={t`Valid from`}
            description={t`Leave empty to start now.`}
            value={values.validFrom}
            onChange={change('validFrom')}
            errorMessage={message('validFrom')}
          />
          <DatePicker
            label={t`Valid to (last day)`}
            description={t`Leave empty for no end date.`}
            value={values.validTo}
            onChange={change('validTo')}
            errorMessage={message('validTo')}
          />
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-2 text-sm font-semibold text-slate-800">
            <Trans>Features</Trans>
          </legend>
          {values.features.map((feature, index) => (
            <div
              key={index}
              className="grid items-end gap-3 rounded-xl border border-sand-200 p-3 sm:grid-cols-[1fr_1fr_auto]"
            >
              <TextField
                label={t`Feature ${formatCount(index + 1, language)} (Arabic)`}
                inputDir="rtl"
                value={feature.ar}
                onChange={(ar) => setFeature(index, { ar })}
              />
              <TextField
                label={t`Feature ${formatCount(index + 1, language)} (English)`}
                inputDir="ltr"
                value={feature.en}
                onChange={(en) => setFeature(index, { en })}
              />
              <Button
                variant="secondary"
                className="px-3 py-2 text-sm"
                onPress={() =>
                  setValues((v) => ({ ...v, features: v.features.filter((_, i) => i !== index) }))
                }
              >
                <Trans>Remove</Trans>
              </Button>
            </div>
          ))}
          {message('features') ? (
            <p className="text-sm font-medium text-red-700" role="alert">
              {message('features')}
            </p>
          ) : null}
          <Button
            variant="secondary"
            className="self-start px-3 py-2 text-sm"
            onPress={() => setValues((v) => ({ ...v, features: [...v.features, { ar: '', en: '' }] }))}
          >
            <Trans>Add a feature</Trans>
          </Button>
        </fieldset>
        <div className="flex flex-wrap gap-x-6">
          <Switch isSelected={values.isActive} onChange={change('isActive')}>
            <Trans>Shown to guests while valid</Trans>
          </Switch>
          <Switch isSelected={values.isBestSeller} onChange={change('isBestSeller')}>
            <Trans>Best Seller</Trans>
          </Switch>
        </div>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" isPending={save.isPending}>
            <Trans>Save offer</Trans>
          </Button>
        </div>
      </form>
      {offer ? (
        <Suspense
          fallback={
            <p role="status" className="text-slate-700">
              <Trans>Loading photos…</Trans>
            </p>
          }
        >
          <PhotoManager
            owner={{ ownerKind: 'offer', ownerId: String(offer.id) }}
            title={<Trans>Offer photos</Trans>}
          />
        </Suspense>
      ) : (
        <p className="text-sm text-slate-700">
          <Trans>Save the offer first, then open it again to add its photos.</Trans>
        </p>
      )}
    </Modal>
  );
}
