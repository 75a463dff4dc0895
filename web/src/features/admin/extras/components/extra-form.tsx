import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { omrDecimal } from '@shared/money';
import { DEFAULT_DEPARTMENT, EXTRA_KINDS, EXTRA_RULES, isTimedKind, type ExtraKind } from '@shared/extras';
import { FOLIO_DEPARTMENTS, type FolioDepartment } from '@shared/taxes';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Select, SelectItem } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { TextField, fieldLabelClass } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { extraKindLabel } from '@/entities/extras/extra-words';
import { departmentLabel } from '@/entities/folio/folio-words';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { baisaOfTyped } from '@/lib/money-input';
import { type AdminExtra, type ExtraBody, type ExtrasAdminData, useSaveExtra } from '../api/extras-admin';

type TierRow = { time: string; price: string };

/** A new offer, or an offer's details (docs/decisions/098): every field the server checks again. */
export function ExtraForm({
  extra,
  data,
  onDone,
}: {
  extra?: AdminExtra;
  data: ExtrasAdminData;
  onDone: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const save = useSaveExtra();
  const photoId = useId();
  const [kind, setKind] = useState<ExtraKind>(extra?.kind ?? 'upgrade');
  const [nameAr, setNameAr] = useState(extra?.nameAr ?? '');
  const [nameEn, setNameEn] = useState(extra?.nameEn ?? '');
  const [descriptionAr, setDescriptionAr] = useState(extra?.descriptionAr ?? '');
  const [descriptionEn, setDescriptionEn] = useState(extra?.descriptionEn ?? '');
  const [price, setPrice] = useState(extra ? omrDecimal(extra.priceBaisa) : '');
  const [department, setDepartment] = useState<FolioDepartment>(
    extra?.department ?? DEFAULT_DEPARTMENT.upgrade,
  );
  const [fromRoomType, setFromRoomType] = useState(extra?.fromRoomType ?? data.roomTypes[0]?.code ?? '');
  const [toRoomType, setToRoomType] = useState(extra?.toRoomType ?? data.roomTypes[1]?.code ?? '');
  const [instant, setInstant] = useState(extra?.instant ?? true);
  const [active, setActive] = useState(extra?.active ?? true);
  const [dailyCap, setDailyCap] = useState(extra?.dailyCap != null ? String(extra.dailyCap) : '');
  const [tiers, setTiers] = useState<TierRow[]>(
    (extra?.tiers ?? []).map((tier) => ({ time: tier.time, price: omrDecimal(tier.priceBaisa) })),
  );
  const [ratePlans, setRatePlans] = useState<string[]>(extra?.ratePlans ?? []);
  const [roomTypes, setRoomTypes] = useState<string[]>(extra?.roomTypes ?? []);
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const timed = isTimedKind(kind);
  const typeName = (r: ExtrasAdminData['roomTypes'][number]) => (language === 'ar' ? r.nameAr : r.nameEn);

  function changeKind(next: ExtraKind) {
    setKind(next);
    // A new offer's department follows its kind until a manager picks one.
    if (!extra) setDepartment(DEFAULT_DEPARTMENT[next]);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    const tierValues = tiers.map((row) => ({ time: row.time.trim(), priceBaisa: baisaOfTyped(row.price) }));
    const priceBaisa =
      timed && tierValues.length > 0 ? Math.max(...tierValues.map((v) => v.priceBaisa)) : baisaOfTyped(price);
    if (Number.isNaN(priceBaisa) || priceBaisa <= 0)
      found.priceBaisa = t`Enter the price in rials, e.g. 12.000`;
    if (tierValues.some((v) => Number.isNaN(v.priceBaisa) || v.priceBaisa <= 0))
      found.tiers = t`Enter each hour's price in rials, e.g. 8.000`;
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const body: ExtraBody = {
      kind,
      nameAr,
      nameEn,
      descriptionAr,
      descriptionEn,
      priceBaisa,
      department,
      instant,
      active,
      ratePlans,
      ...(kind === 'upgrade' ? { fromRoomType, toRoomType } : { roomTypes }),
      ...(timed && {
        tiers: tierValues,
        dailyCap: dailyCap.trim() === '' ? null : (dailyCap as unknown as number),
      }),
    };
    save.mutate(
      { id: extra?.id, body, photo },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          onDone();
        },
        onError: (failure) => {
          setErrors(fieldErrorsOf(failure));
          showToast({
            variant: 'error',
            title: t`The extra was not saved`,
            description: errorMessage(failure, t`Please try again.`),
          });
        },
      },
    );
  }

  const error = (field: string) => fieldMessage(i18n, errors[field]);

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="extra-form">
      <Select
        label={t`What it is`}
        selectedKey={kind}
        onSelectionChange={(key) => changeKind(key as ExtraKind)}
        isInvalid={!!errors.kind}
        errorMessage={error('kind')}
      >
        {EXTRA_KINDS.map((k) => (
          <SelectItem key={k} id={k}>
            {extraKindLabel(i18n, k)}
          </SelectItem>
        ))}
      </Select>
      <Select
        label={t`Tax department`}
        description={t`The folio department whose taxes it bears`}
        selectedKey={department}
        onSelectionChange={(key) => setDepartment(key as FolioDepartment)}
        isInvalid={!!errors.department}
        errorMessage={error('department')}
      >
        {FOLIO_DEPARTMENTS.map((d) => (
          <SelectItem key={d} id={d}>
            {departmentLabel(i18n, d)}
          </SelectItem>
        ))}
      </Select>
      <TextField
        label={t`Name in Arabic`}
        value={nameAr}
        onChange={setNameAr}
        isRequired
        inputDir="rtl"
        isInvalid={!!errors.nameAr}
        errorMessage={error('nameAr')}
      />
      <TextField
        label={t`Name in English`}
        value={nameEn}
        onChange={setNameEn}
        isRequired
        inputDir="ltr"
        isInvalid={!!errors.nameEn}
        errorMessage={error('nameEn')}
      />
      <TextField
        label={t`Description in Arabic`}
        value={descriptionAr}
        onChange={setDescriptionAr}
        multiline
        inputDir="rtl"
        isInvalid={!!errors.descriptionAr}
        errorMessage={error('descriptionAr')}
      />
      <TextField
        label={t`Description in English`}
        value={descriptionEn}
        onChange={setDescriptionEn}
        multiline
        inputDir="ltr"
        isInvalid={!!errors.descriptionEn}
        errorMessage={error('descriptionEn')}
      />
      {kind === 'upgrade' ? (
        <>
          <Select
            label={t`From room type`}
            selectedKey={fromRoomType}
            onSelectionChange={(key) => setFromRoomType(String(key))}
            isInvalid={!!errors.fromRoomType}
            errorMessage={error('fromRoomType')}
          >
            {data.roomTypes.map((r) => (
              <SelectItem key={r.code} id={r.code}>
                {typeName(r)}
              </SelectItem>
            ))}
          </Select>
          <Select
            label={t`To the better room type`}
            selectedKey={toRoomType}
            onSelectionChange={(key) => setToRoomType(String(key))}
            isInvalid={!!errors.toRoomType}
            errorMessage={error('toRoomType')}
          >
            {data.roomTypes.map((r) => (
              <SelectItem key={r.code} id={r.code}>
                {typeName(r)}
              </SelectItem>
            ))}
          </Select>
        </>
      ) : null}
      {!(timed && tiers.length > 0) ? (
        <TextField
          label={
            kind === 'upgrade'
              ? t`Price a night (OMR, with taxes)`
              : kind === 'breakfast'
                ? t`Price a person a night (OMR, with taxes)`
                : kind === 'transfer'
                  ? t`Price a car (OMR, with taxes)`
                  : t`Price (OMR, with taxes)`
          }
          value={price}
          onChange={setPrice}
          inputDir="ltr"
          inputMode="decimal"
          isRequired
          isInvalid={!!errors.priceBaisa}
          errorMessage={error('priceBaisa')}
        />
      ) : null}
      {timed ? (
        <>
          <TextField
            label={t`Rooms a day at most`}
            description={t`Empty: no limit`}
            value={dailyCap}
            onChange={setDailyCap}
            inputDir="ltr"
            inputMode="numeric"
            isInvalid={!!errors.dailyCap}
            errorMessage={error('dailyCap')}
          />
          <fieldset className="flex flex-col gap-2 sm:col-span-2" data-testid="extra-tiers">
            <legend className={fieldLabelClass}>
              {kind === 'early_check_in' ? (
                <Trans>Prices by the hour the room is ready from</Trans>
              ) : (
                <Trans>Prices by the hour the room is kept until</Trans>
              )}
            </legend>
            {tiers.map((row, i) => (
              <div key={i} className="flex flex-wrap items-end gap-2">
                <TextField
                  label={t`Hour`}
                  value={row.time}
                  onChange={(time) => setTiers(tiers.map((r, j) => (j === i ? { ...r, time } : r)))}
                  inputDir="ltr"
                  className="w-32"
                />
                <TextField
                  label={t`Price (OMR)`}
                  value={row.price}
                  onChange={(value) => setTiers(tiers.map((r, j) => (j === i ? { ...r, price: value } : r)))}
                  inputDir="ltr"
                  inputMode="decimal"
                  className="w-36"
                />
                <Button variant="ghost" onPress={() => setTiers(tiers.filter((_, j) => j !== i))}>
                  <Trans>Remove</Trans>
                </Button>
              </div>
            ))}
            {error('tiers') ? <p className="text-sm font-medium text-red-700">{error('tiers')}</p> : null}
            {tiers.length < EXTRA_RULES.maxTiers ? (
              <Button
                variant="secondary"
                className="self-start"
                onPress={() =>
                  setTiers([...tiers, { time: kind === 'early_check_in' ? '10:00' : '16:00', price: '' }])
                }
              >
                <Trans>Add an hour</Trans>
              </Button>
            ) : null}
          </fieldset>
        </>
      ) : null}
      <CheckboxGroup
        label={t`Rate plans that may buy it`}
        description={t`None ticked: every plan`}
        value={ratePlans}
        onChange={setRatePlans}
        className="sm:col-span-2"
      >
        {data.ratePlans.map((p) => (
          <Checkbox key={p.code} value={p.code}>
            {language === 'ar' ? p.nameAr : p.nameEn}
          </Checkbox>
        ))}
      </CheckboxGroup>
      {kind !== 'upgrade' ? (
        <CheckboxGroup
          label={t`Room types that may buy it`}
          description={t`None ticked: every room type`}
          value={roomTypes}
          onChange={setRoomTypes}
          className="sm:col-span-2"
        >
          {data.roomTypes.map((r) => (
            <Checkbox key={r.code} value={r.code}>
              {typeName(r)}
            </Checkbox>
          ))}
        </CheckboxGroup>
      ) : null}
      <Switch isSelected={instant} onChange={setInstant}>
        <Trans>Sold at once (otherwise the front desk approves each request)</Trans>
      </Switch>
      <Switch isSelected={active} onChange={setActive}>
        <Trans>Offered to guests</Trans>
      </Switch>
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor={photoId} className={fieldLabelClass}>
          {extra?.photo ? t`Replace the photo` : t`Photo`}
        </label>
        <input
          id={photoId}
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          data-testid="extra-photo"
          className="text-sm text-slate-800 file:me-3 file:min-h-11 file:rounded-xl file:border file:border-slate-400 file:bg-white file:px-3 file:text-base"
          onChange={(event) => setPhoto(event.target.files?.[0] ?? null)}
        />
      </div>
      <div className="flex gap-2 sm:col-span-2">
        <Button type="submit" isPending={save.isPending} data-testid="extra-save">
          <Trans>Save</Trans>
        </Button>
        <Button variant="secondary" onPress={onDone}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
