import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { omrDecimal } from '@shared/money';
import { EXTRA_DEPARTMENTS } from '@shared/folio';
import type { FolioDepartment } from '@shared/taxes';
import { Button } from '@/components/ui/button';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { DEPARTMENT_LABELS } from '@/entities/folio/folio-words';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import { baisaOfTyped } from '@/lib/money-input';
import { type AdminItem, useOutletItems, useSaveItem } from '../api/outlets-admin';

/**
 * An outlet's menu: each item's names, price (with taxes) and the department whose taxes it bears
 * (a café's coffee: the restaurant's, with the tourism levy); a price changed holds from now on,
 * an item taken off the menu stays on the checks it was rung up on.
 */
export function ItemsPanel({ outletId }: { outletId: number }) {
  const { i18n } = useLingui();
  const language = useLanguage();
  const items = useOutletItems(outletId);
  const save = useSaveItem(outletId);
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
            <span className={`min-w-0 flex-1 ${item.active ? '' : 'text-slate-500 line-through'}`}>
              {language === 'ar' ? item.nameAr : item.nameEn}
            </span>
            <span className="text-sm text-slate-700">{i18n._(DEPARTMENT_LABELS[item.department])}</span>
            <bdi>{formatPrice(item.priceBaisa, language)}</bdi>
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
  const [errors, setErrors] = useState<Record<string, string>>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const priceBaisa = baisaOfTyped(price);
    if (Number.isNaN(priceBaisa) || priceBaisa <= 0) {
      setErrors({ priceBaisa: t`Enter the price in rials, e.g. 1.500` });
      return;
    }
    save.mutate(
      { body: { nameAr, nameEn, priceBaisa, department: department as (typeof EXTRA_DEPARTMENTS)[number] } },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          setNameAr('');
          setNameEn('');
          setPrice('');
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
      <div className="sm:col-span-2">
        <Button type="submit" isDisabled={save.isPending} data-testid="outlet-item-save">
          <Trans>Add the item</Trans>
        </Button>
      </div>
    </form>
  );
}
