import { useLingui as useLinguiCore } from '@lingui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, type ReactNode, Suspense, useState } from 'react';
import type { PhotoManagerSlot } from '@/entities/admin/media/photo-manager-slot';
import { ROOM_TYPES, type Language, type RoomType } from '@shared/constants';
import { offerInputSchema } from '@shared/content-schemas';
import { toLatinDigits } from '@shared/digits';
import { offerPriceBaisa } from '@shared/money';
import { offerWindowState, type OfferWindowState } from '@shared/offers';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Modal } from '@/components/ui/dialog';
import { Select, SelectItem } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useRooms } from '@/entities/rooms/get-rooms';
import { roomName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { validateWith } from '@/lib/field-messages';
import { formatCount, formatDate, formatPrice } from '@/lib/format';
import { useFormFields } from '@/lib/use-form-fields';
import { useOnline } from '@/lib/use-online';
import { type AdminOffer, useAdminOffers } from '../api/get-admin-offers';
import { type OfferBody, useReorderOffers, useSaveOffer, useSetOfferActive } from '../api/save-offer';
import { contentErrors } from '../lib/content-messages';
import { numberFormat } from '@shared/intl-cache';

const percent = (n: number, language: Language) =>
  numberFormat(language === 'ar' ? 'ar-OM' : 'en-OM', { style: 'percent' }).format(n / 100);

/**
 * /admin/offers (staff): every offer with its state today in
 * Asia/Muscat (live, scheduled, expired, off), switched on and off, moved up
 * and down, created and edited. The price is the room's original price less
 * the discount (shared/src/money.ts), or the offer's own prices (the spec's demo
 * offers, migration 0023) while its room and discount are unchanged, shown beside
 * what a booking of the room is charged.
 */
export function OffersScreen({ PhotoManager }: { PhotoManager: PhotoManagerSlot }) {
  const { t } = useLingui();
  const offers = useAdminOffers();
  const online = useOnline();
  const [editing, setEditing] = useState<AdminOffer | 'new' | null>(null);
  const reorder = useReorderOffers();

  const move = (index: number, step: -1 | 1) => {
    const list = offers.data?.offers;
    if (!list) return;
    const ids = list.map((o) => o.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + step, 0, moved!);
    reorder.mutate(ids, {
      onError: (error) =>
        showToast({
          variant: 'error',
          title: t`The order was not saved`,
          description: errorMessage(error, t`Please try again.`),
        }),
    });
  };

  return (
    <main className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Offers</Trans>}
        subtitle={
          <Trans>
            Guests see the offers that are on and valid today (Muscat time). An offer ends by itself after its
            last day.
          </Trans>
        }
        actions={
          <Button onPress={() => setEditing('new')} isDisabled={!online} data-testid="new-offer">
            <Trans>New offer</Trans>
          </Button>
        }
      />
      {!online ? (
        <OfflineNote>
          <Trans>You are offline. Offers can be changed once the connection is back.</Trans>
        </OfflineNote>
      ) : null}
      {offers.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading offers…</Trans>
        </p>
      ) : offers.isError ? (
        <LoadError onRetry={() => void offers.refetch()}>
          {errorMessage(offers.error, t`The offers could not be loaded.`)}
        </LoadError>
      ) : offers.data.offers.length === 0 ? (
        <p className="rounded-2xl bg-white p-5 text-slate-700">
          <Trans>No offers yet.</Trans>
        </p>
      ) : (
        <ol className="flex flex-col gap-3">
          {offers.data.offers.map((offer, index, list) => (
            <OfferRow
              key={offer.id}
              offer={offer}
              today={offers.data.today}
              disabled={!online || reorder.isPending}
              onEdit={() => setEditing(offer)}
              onUp={index > 0 ? () => move(index, -1) : undefined}
              onDown={index < list.length - 1 ? () => move(index, 1) : undefined}
            />
          ))}
        </ol>
      )}
      {editing !== null ? (
        <OfferEditor
          offer={editing === 'new' ? null : editing}
          today={offers.data?.today ?? ''}
          onClose={() => setEditing(null)}
          PhotoManager={PhotoManager}
        />
      ) : null}
    </main>
  );
}

function StateBadge({ state }: { state: OfferWindowState }) {
  const styles: Record<OfferWindowState, [string, ReactNode]> = {
    live: ['bg-emerald-100 text-emerald-900', <Trans key="l">Shown to guests</Trans>],
    scheduled: ['bg-sky-100 text-sky-900', <Trans key="s">Scheduled</Trans>],
    expired: ['bg-slate-200 text-slate-800', <Trans key="e">Ended</Trans>],
    off: ['bg-red-100 text-red-800', <Trans key="o">Switched off</Trans>],
  };
  const [cls, label] = styles[state];
  return (
    <span className={`rounded-full px-2.5 py-1 text-xs font-semibold ${cls}`} data-testid="offer-state">
      {label}
    </span>
  );
}

function OfferRow({
  offer,
  today,
  disabled,
  onEdit,
  onUp,
  onDown,
}: {
  offer: AdminOffer;
  today: string;
  disabled: boolean;
  onEdit: () => void;
  onUp?: () => void;
  onDown?: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const toggle = useSetOfferActive();
  const title = language === 'ar' ? offer.titleAr : offer.title;
  const state = offerWindowState(offer, today);
  const from = offer.validFrom ? formatDate(offer.validFrom, language) : null;
  const to = offer.validTo ? formatDate(offer.validTo, language) : null;
  const validity =
    from && to
      ? t`From ${from} to ${to}`
      : from
        ? t`From ${from}, no end date`
        : to
          ? t`Until ${to}`
          : t`No start or end date`;
  return (
    <li
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm md:flex-row md:items-center md:justify-between"
      data-testid="admin-offer"
      data-offer-id={offer.id}
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <p className="flex flex-wrap items-center gap-2">
          <span className="font-bold text-slate-900">{title}</span>
          <StateBadge state={state} />
          {offer.isBestSeller ? (
            <span className="rounded-full bg-gold-400 px-2.5 py-1 text-xs font-bold text-slate-900">
              <Trans>Best Seller</Trans>
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-700">
          {roomName(i18n, offer.roomType)} · {t`${percent(offer.discount, language)} off`} ·{' '}
          <span className="font-semibold text-teal-800">
            {formatPrice(offer.discountedPriceBaisa, language)}
          </span>{' '}
          <s>{formatPrice(offer.originalPriceBaisa, language)}</s>
        </p>
        <p className="text-sm text-slate-700">{validity}</p>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <Switch
          isSelected={offer.isActive}
          isDisabled={disabled || toggle.isPending}
          onChange={(isActive) =>
            toggle.mutate(
              { id: offer.id, isActive },
              {
                onError: (error) =>
                  showToast({
                    variant: 'error',
                    title: t`The change was not saved`,
                    description: errorMessage(error, t`Please try again.`),
                  }),
              },
            )
          }
          aria-label={t`Show to guests: ${title}`}
        >
          <span className="text-sm">
            <Trans>On</Trans>
          </span>
        </Switch>
        <Button
          variant="secondary"
          className="px-3 py-2 text-sm"
          isDisabled={disabled || !onUp}
          onPress={onUp}
          aria-label={t`Move up: ${title}`}
        >
          ↑
        </Button>
        <Button
          variant="secondary"
          className="px-3 py-2 text-sm"
          isDisabled={disabled || !onDown}
          onPress={onDown}
          aria-label={t`Move down: ${title}`}
        >
          ↓
        </Button>
        <Button variant="secondary" className="px-3 py-2 text-sm" isDisabled={disabled} onPress={onEdit}>
          <Trans>Edit</Trans>
        </Button>
      </div>
    </li>
  );
}

type FormValues = {
  roomType: RoomType;
  theme: RoomType;
  title: string;
  titleAr: string;
  description: string;
  descriptionAr: string;
  discount: string;
  features: { ar: string; en: string }[];
  isBestSeller: boolean;
  isActive: boolean;
  validFrom: string;
  validTo: string;
};

function initialValues(offer: AdminOffer | null, today: string): FormValues {
  if (!offer) {
    return {
      roomType: 'silver',
      theme: 'silver',
      title: '',
      titleAr: '',
      description: '',
      descriptionAr: '',
      discount: '10',
      features: [],
      isBestSeller: false,
      isActive: true,
      validFrom: today,
      validTo: '',
    };
  }
  return {
    roomType: offer.roomType,
    theme: (ROOM_TYPES as readonly string[]).includes(offer.theme)
      ? (offer.theme as RoomType)
      : offer.roomType,
    title: offer.title,
    titleAr: offer.titleAr,
    description: offer.description,
    descriptionAr: offer.descriptionAr,
    discount: String(offer.discount),
    features: offer.features,
    isBestSeller: offer.isBestSeller,
    isActive: offer.isActive,
    validFrom: offer.validFrom ?? '',
    validTo: offer.validTo ?? '',
  };
}

function OfferEditor({
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
  const { t, i18n } = useLingui();
  const { i18n: core } = useLinguiCore();
  const language = useLanguage();
  const save = useSaveOffer();
  const rooms = useRooms();
  const { values, setValues, change, refuse, message, formRef } = useFormFields<FormValues>(
    initialValues(offer, today),
  );
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
            selectedKey={values.roomType}
            onSelectionChange={(key) =>
              setValues((v) => ({ ...v, roomType: key as RoomType, theme: key as RoomType }))
            }
            errorMessage={message('roomType')}
            isInvalid={!!message('roomType')}
          >
            {ROOM_TYPES.map((type) => (
              <SelectItem key={type} id={type}>
                {roomName(i18n, type)}
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
