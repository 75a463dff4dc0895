import { Trans, useLingui } from '@lingui/react/macro';
import { Separator } from '@/components/separator';
import { type FormEvent, useState } from 'react';
import { omrDecimal } from '@shared/money';
import { EXTRA_DEPARTMENTS } from '@shared/folio';
import type { FolioDepartment } from '@shared/taxes';
import { FileTrigger } from 'react-aria-components';
import { ORDER_RULES } from '@shared/outlet-orders';
import { Button } from '@/components/ui/button';
import { NumberField } from '@/components/ui/number-field';
import { Switch } from '@/components/ui/switch';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { DEPARTMENT_LABELS } from '@/entities/folio/folio-words';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { minutesCount } from '@/lib/counts';
import { formatPrice } from '@/lib/format';
import { baisaOfTyped } from '@/lib/money-input';
import { type AdminItem, useItemPhoto, useOutletItems, useSaveItem } from '../api/outlets-admin';

/**
 * An outlet's menu: each item's names, price (with taxes) and the department whose taxes it bears
 * (a café's coffee: the restaurant's, with the tourism levy); a price changed holds from now on,
 * an item taken off the menu stays on the checks it was rung up on.
 */
export function ItemsPanel({ outletId }: { outletId: number }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const items = useOutletItems(outletId);
  const save = useSaveItem(outletId);
  const photo = useItemPhoto(outletId);
  const setPhoto = (item: AdminItem, file: Blob | null) =>
    photo.mutate(
      { itemId: item.id, photo: file },
      {
        onSuccess: (result) => showToast({ variant: 'success', title: result.message }),
        onError: (failure) =>
          showToast({
            variant: 'error',
            title: t`The photo was not saved`,
            description: errorMessage(failure, t`Please try again.`),
          }),
      },
    );
  const toggle = (item: AdminItem) =>
    save.mutate({
      itemId: item.id,
      body: {
        nameAr: item.nameAr,
        nameEn: item.nameEn,
        priceBaisa: item.priceBaisa,
        department: item.department as (typeof EXTRA_DEPARTMENTS)[number],
        active: !item.active,
      },
    });
  return (
    <div className="flex flex-col gap-3" data-testid="outlet-items-panel">
      <ul className="flex flex-col divide-y divide-sand-200">
        {(items.data?.items ?? []).map((item) => (
          <li key={item.id} className="flex flex-wrap items-center gap-3 py-2" data-testid="outlet-item-row">
            {item.photoUrl ? (
              <img src={item.photoUrl} alt="" className="size-12 rounded-lg bg-sand-100 object-cover" />
            ) : null}
            <span className="flex min-w-40 flex-1 flex-col">
              <span className={item.active ? '' : 'text-slate-500 line-through'}>
                {language === 'ar' ? item.nameAr : item.nameEn}
              </span>
              {item.durationMinutes || !item.appOrderable ? (
                <span className="text-sm text-slate-700">
                  {item.durationMinutes ? minutesCount(item.durationMinutes, language) : null}
                  {item.durationMinutes && !item.appOrderable ? <Separator /> : null}
                  {item.appOrderable ? null : <Trans>Not in the app</Trans>}
                </span>
              ) : null}
            </span>
            <span className="text-sm text-slate-700">{i18n._(DEPARTMENT_LABELS[item.department])}</span>
            <bdi>{formatPrice(item.priceBaisa, language)}</bdi>
            <FileTrigger
              acceptedFileTypes={['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/avif']}
              onSelect={(files) => {
                const file = files?.[0];
                if (file) setPhoto(item, file);
              }}
            >
              <Button variant="ghost" isDisabled={photo.isPending}>
                {item.photoUrl ? <Trans>Change the photo</Trans> : <Trans>Add a photo</Trans>}
              </Button>
            </FileTrigger>
            {item.photoUrl ? (
              <Button variant="ghost" isDisabled={photo.isPending} onPress={() => setPhoto(item, null)}>
                <Trans>Remove the photo</Trans>
              </Button>
            ) : null}
            <Button variant="ghost" onPress={() => toggle(item)}>
              {item.active ? <Trans>Take off the menu</Trans> : <Trans>Put back on the menu</Trans>}
            </Button>
          </li>
        ))}
      </ul>
      <ItemForm outletId={outletId} />
    </div>
  );
}

function ItemForm({ outletId }: { outletId: number }) {
  const { t, i18n } = useLingui();
  const save = useSaveItem(outletId);
  const [nameAr, setNameAr] = useState('');
  const [nameEn, setNameEn] = useState('');
  const [price, setPrice] = useState('');
  const [department, setDepartment] = useState<FolioDepartment>('restaurant');
  const [duration, setDuration] = useState(Number.NaN);
  const [appOrderable, setAppOrderable] = useState(true);
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const priceBaisa = baisaOfTyped(price);
    if (Number.isNaN(priceBaisa) || priceBaisa <= 0) {
      setErrors({ priceBaisa: t`Enter the price in rials, e.g. 1.500` });
      return;
    }
    save.mutate(
      {
        body: {
          nameAr,
          nameEn,
          priceBaisa,
          department: department as (typeof EXTRA_DEPARTMENTS)[number],
          appOrderable,
          durationMinutes: Number.isFinite(duration) ? duration : null,
        },
      },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          setNameAr('');
          setNameEn('');
          setPrice('');
          setDuration(Number.NaN);
          setAppOrderable(true);
          setErrors({});
        },
        onError: (failure) => {
          setErrors(fieldErrorsOf(failure));
          showToast({
            variant: 'error',
            title: t`The item was not saved`,
            description: errorMessage(failure, t`Please try again.`),
          });
        },
      },
    );
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="grid gap-3 rounded-xl bg-sand-50 p-3 sm:grid-cols-2"
      data-testid="outlet-item-form"
    >
      <TextField
        label={t`Item name in Arabic`}
        value={nameAr}
        onChange={setNameAr}
        isRequired
        inputDir="rtl"
        isInvalid={!!errors.nameAr}
        errorMessage={errors.nameAr}
      />
      <TextField
        label={t`Item name in English`}
        value={nameEn}
        onChange={setNameEn}
        isRequired
        inputDir="ltr"
        isInvalid={!!errors.nameEn}
        errorMessage={errors.nameEn}
      />
      <TextField
        label={t`Price with taxes (OMR)`}
        value={price}
        onChange={setPrice}
        inputMode="decimal"
        inputDir="ltr"
        description={
          price && !Number.isNaN(baisaOfTyped(price)) ? omrDecimal(baisaOfTyped(price)) : undefined
        }
        isInvalid={!!errors.priceBaisa}
        errorMessage={errors.priceBaisa}
      />
      <Select
        label={t`Its taxes: the department`}
        selectedKey={department}
        onSelectionChange={(key) => setDepartment(key as FolioDepartment)}
        isInvalid={!!errors.department}
        errorMessage={errors.department}
      >
        {EXTRA_DEPARTMENTS.map((d) => (
          <SelectItem key={d} id={d}>
            {i18n._(DEPARTMENT_LABELS[d])}
          </SelectItem>
        ))}
      </Select>
      <NumberField
        className="min-w-0"
        label={t`A treatment's length in minutes (optional)`}
        description={t`Guests then book it at a time`}
        minValue={ORDER_RULES.durationMin}
        maxValue={ORDER_RULES.durationMax}
        step={5}
        value={duration}
        onChange={setDuration}
        isInvalid={!!errors.durationMinutes}
        errorMessage={errors.durationMinutes}
        decrementLabel={t`Shorter`}
        incrementLabel={t`Longer`}
      />
      <Switch isSelected={appOrderable} onChange={setAppOrderable}>
        <Trans>Guests may order it in the app</Trans>
      </Switch>
      <div className="sm:col-span-2">
        <Button type="submit" isDisabled={save.isPending} data-testid="outlet-item-save">
          <Trans>Add the item</Trans>
        </Button>
      </div>
    </form>
  );
}
