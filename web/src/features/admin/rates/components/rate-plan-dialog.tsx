import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { formatWholePercent } from '@shared/intl-cache';
import { formatOmr } from '@shared/money';
import { DEFAULT_EXTRA_GUEST_BAISA, RATE_RULES, STANDARD_RATE_PLAN } from '@shared/rates';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { Modal } from '@/components/ui/dialog';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Select, SelectItem } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { codesInTypeOrder } from '@/entities/admin/room-types/room-type-names';
import { useRoomTypes } from '@/entities/rooms/get-room-types';
import { roomTypeName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatCount, formatPrice } from '@/lib/format';
import { baisaOfTyped } from '@/lib/money-input';
import { type AdminRatePlan, type RatePlanInput, useSaveRatePlan } from '../api/rates';
import { planName } from '../lib/plan-words';
import { wholeOfTyped } from '../lib/typed-numbers';

const NO_PARENT = '_none';

/**
 * Creates or edits a rate plan (admins): names in both languages, room types, breakfast,
 * cancellation and deposit rules, optionally a parent plan whose prices this one follows by a
 * percentage, and its own price of each guest beyond a room type's base occupancy (rials typed in
 * either digit system, written back in the page's digits). The server checks every field and answers each error in the user's language.
 * The default export, a lazy chunk.
 */
export default function RatePlanDialog({
  plan,
  plans,
  onClose,
}: {
  plan: AdminRatePlan | null;
  plans: readonly AdminRatePlan[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const isNew = plan === null;
  const types = useRoomTypes().data;
  const isStandard = plan?.code === STANDARD_RATE_PLAN;
  const save = useSaveRatePlan(isNew);
  const [code, setCode] = useState(plan?.code ?? '');
  const [nameAr, setNameAr] = useState(plan?.nameAr ?? '');
  const [nameEn, setNameEn] = useState(plan?.nameEn ?? '');
  // A new plan sells every type the hotel sells, until the admin says otherwise.
  const [chosenTypes, setRoomTypes] = useState<string[] | null>(plan ? [...plan.roomTypes] : null);
  const roomTypes = chosenTypes ?? (types ?? []).map((type) => type.code);
  // The types sold, and any the plan holds that is no longer sold (so it can be taken off).
  const offeredTypes = codesInTypeOrder(types, [...(types ?? []).map((type) => type.code), ...roomTypes]);
  const [breakfast, setBreakfast] = useState(plan?.breakfastIncluded ?? false);
  const [cancellation, setCancellation] = useState<string>(plan?.cancellation.kind ?? 'free_until');
  const [hours, setHours] = useState(
    formatCount(plan?.cancellation.kind === 'free_until' ? plan.cancellation.hours : 24, language),
  );
  const [deposit, setDeposit] = useState<string>(plan?.deposit.kind ?? 'none');
  const [percent, setPercent] = useState(
    plan?.deposit.kind === 'percent' ? formatCount(plan.deposit.percent, language) : '',
  );
  const [parentCode, setParentCode] = useState(plan?.parentCode ?? NO_PARENT);
  const [direction, setDirection] = useState((plan?.parentAdjustmentPercent ?? 0) < 0 ? 'less' : 'more');
  const [adjustment, setAdjustment] = useState(
    plan?.parentAdjustmentPercent == null
      ? ''
      : formatCount(Math.abs(plan.parentAdjustmentPercent), language),
  );
  // Each guest beyond a type's base occupancy, a night, in rials as typed; empty: none of its own.
  const [extraGuest, setExtraGuest] = useState(
    plan?.extraGuestPriceBaisa == null ? '' : formatOmr(plan.extraGuestPriceBaisa, language),
  );
  const [active, setActive] = useState(plan?.active ?? true);
  const [isPublic, setPublic] = useState(plan?.public ?? true);
  const [confirmOnDeposit, setConfirmOnDeposit] = useState(plan?.confirmOnDeposit ?? false);
  const confirmNoteId = useId();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const err = (field: string) => errors[field];

  const parents = plans.filter((p) => p.code !== plan?.code);
  const notWhole = t`Enter a whole number`;
  const notAmount = t`Enter an amount in rials, with at most three decimals (e.g. 2.500)`;
  const defaultExtra = formatPrice(DEFAULT_EXTRA_GUEST_BAISA, language);
  // A price typed in either digit system is written back in the page's digits once the field is left.
  const tidyExtraGuest = () => {
    const baisa = baisaOfTyped(extraGuest);
    if (!Number.isNaN(baisa)) setExtraGuest(formatOmr(baisa, language));
  };
  const extraGuestField = (
    <TextField
      label={t`Each guest beyond those in the price (OMR a night)`}
      description={
        parentCode === NO_PARENT
          ? t`Optional. Empty: each room type's own (${defaultExtra} for a type without one). A night on the rate calendar may set its own.`
          : t`Optional. Empty: as the parent plan, extras included, by the percentage. Given: each further guest pays this, not adjusted. A night on the rate calendar may set its own.`
      }
      value={extraGuest}
      onChange={setExtraGuest}
      onBlur={tidyExtraGuest}
      inputMode="decimal"
      inputDir="ltr"
      inputClassName="max-w-80"
      isInvalid={!!err('extraGuestPriceBaisa')}
      errorMessage={err('extraGuestPriceBaisa')}
      data-testid="plan-extra-guest-price"
    />
  );
  const maxLess = formatWholePercent(-RATE_RULES.adjustmentMin, language);
  const maxMore = formatWholePercent(RATE_RULES.adjustmentMax, language);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const local: Record<string, string> = {};
    const hoursValue = wholeOfTyped(hours);
    const percentValue = wholeOfTyped(percent);
    const adjustmentValue = wholeOfTyped(adjustment);
    if (cancellation === 'free_until' && Number.isNaN(hoursValue)) local['cancellation.hours'] = notWhole;
    if (deposit === 'percent' && Number.isNaN(percentValue)) local['deposit.percent'] = notWhole;
    if (parentCode !== NO_PARENT && Number.isNaN(adjustmentValue)) local.parentAdjustmentPercent = notWhole;
    const extraGuestValue = extraGuest.trim() === '' ? null : baisaOfTyped(extraGuest);
    if (extraGuestValue !== null && Number.isNaN(extraGuestValue)) local.extraGuestPriceBaisa = notAmount;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    const body: RatePlanInput = {
      code: code.trim(),
      nameAr,
      nameEn,
      roomTypes,
      breakfastIncluded: breakfast,
      cancellation:
        cancellation === 'non_refundable'
          ? { kind: 'non_refundable' }
          : { kind: 'free_until', hours: hoursValue ?? 0 },
      deposit:
        deposit === 'percent'
          ? { kind: 'percent', percent: percentValue ?? 0 }
          : deposit === 'first_night'
            ? { kind: 'first_night' }
            : { kind: 'none' },
      confirmOnDeposit,
      parentCode: parentCode === NO_PARENT ? null : parentCode,
      parentAdjustmentPercent:
        parentCode === NO_PARENT ? null : (direction === 'less' ? -1 : 1) * (adjustmentValue ?? 0),
      extraGuestPriceBaisa: extraGuestValue,
      active,
      public: isPublic,
    };
    // Standard never has a parent, is never retired and always public: those are not sent for it.
    const {
      parentCode: _parent,
      parentAdjustmentPercent: _adjustment,
      active: _active,
      public: _public,
      ...house
    } = body;
    save.mutate(isStandard ? house : body, {
      onSuccess: (result) => {
        showToast({ variant: 'success', title: result.message });
        onClose();
      },
      onError: (error) => {
        // The server names the field of each refusal (in the user's language).
        setErrors(fieldErrorsOf(error));
        showToast({
          variant: 'error',
          title: t`The plan was not saved`,
          description: errorMessage(error, t`Please try again.`),
        });
      },
    });
  }

  const shownName = plan ? planName(plan, language) : '';
  const title = isNew ? t`New rate plan` : t`Edit ${shownName}`;
  return (
    <Modal title={title} size="lg" isOpen onOpenChange={(open) => !open && onClose()}>
      <form noValidate onSubmit={submit} className="flex flex-col gap-4" data-testid="rate-plan-form">
        <TextField
          label={t`Code`}
          description={
            isNew
              ? t`Lower-case letters, digits and _, a letter first (e.g. weekend_deal). It cannot be changed later.`
              : undefined
          }
          value={code}
          onChange={setCode}
          isReadOnly={!isNew}
          inputDir="ltr"
          isRequired
          isInvalid={!!err('code')}
          errorMessage={err('code')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Name in Arabic`}
            value={nameAr}
            onChange={setNameAr}
            inputDir="rtl"
            isRequired
            isInvalid={!!err('nameAr')}
            errorMessage={err('nameAr')}
          />
          <TextField
            label={t`Name in English`}
            value={nameEn}
            onChange={setNameEn}
            inputDir="ltr"
            isRequired
            isInvalid={!!err('nameEn')}
            errorMessage={err('nameEn')}
          />
        </div>
        <CheckboxGroup
          label={t`Room types it sells`}
          value={roomTypes}
          onChange={setRoomTypes}
          isInvalid={!!err('roomTypes')}
          errorMessage={err('roomTypes')}
        >
          {offeredTypes.map((type) => (
            <Checkbox key={type} value={type}>
              {roomTypeName(types, type, language)}
            </Checkbox>
          ))}
        </CheckboxGroup>
        <Checkbox isSelected={breakfast} onChange={setBreakfast}>
          <Trans>Breakfast included</Trans>
        </Checkbox>
        <fieldset className="flex flex-col gap-3 rounded-xl border border-sand-200 p-3">
          <legend className="px-1 font-semibold text-slate-800">
            <Trans>Cancellation</Trans>
          </legend>
          <RadioGroup
            label={t`Rule`}
            value={cancellation}
            onChange={setCancellation}
            isInvalid={!!err('cancellation')}
            errorMessage={err('cancellation')}
          >
            <RadioOption value="free_until">
              <Trans>Free until some hours before arrival</Trans>
            </RadioOption>
            <RadioOption value="non_refundable">
              <Trans>Non-refundable</Trans>
            </RadioOption>
          </RadioGroup>
          {cancellation === 'free_until' ? (
            <TextField
              label={t`Hours before arrival`}
              description={t`0: until check-in time on the arrival day`}
              value={hours}
              onChange={setHours}
              inputMode="numeric"
              inputDir="ltr"
              className="max-w-60"
              isInvalid={!!err('cancellation.hours')}
              errorMessage={err('cancellation.hours')}
            />
          ) : null}
        </fieldset>
        <fieldset className="flex flex-col gap-3 rounded-xl border border-sand-200 p-3">
          <legend className="px-1 font-semibold text-slate-800">
            <Trans>Deposit</Trans>
          </legend>
          <RadioGroup
            label={t`Asked when the booking is made`}
            value={deposit}
            onChange={setDeposit}
            isInvalid={!!err('deposit')}
            errorMessage={err('deposit')}
          >
            <RadioOption value="none">
              <Trans>None</Trans>
            </RadioOption>
            <RadioOption value="first_night">
              <Trans>The first night</Trans>
            </RadioOption>
            <RadioOption value="percent">
              <Trans>A percentage of the stay</Trans>
            </RadioOption>
          </RadioGroup>
          {deposit === 'percent' ? (
            <TextField
              label={t`Percentage of the stay`}
              value={percent}
              onChange={setPercent}
              inputMode="numeric"
              inputDir="ltr"
              className="max-w-60"
              isInvalid={!!err('deposit.percent')}
              errorMessage={err('deposit.percent')}
            />
          ) : null}
          <div className="flex flex-col gap-1">
            <Switch
              isSelected={confirmOnDeposit}
              onChange={setConfirmOnDeposit}
              aria-describedby={confirmNoteId}
              data-testid="plan-confirm-on-deposit"
            >
              <Trans>Confirm the booking when its deposit is paid</Trans>
            </Switch>
            <p id={confirmNoteId} className="text-sm text-slate-700">
              <Trans>
                A request under this plan is confirmed as soon as the guest pays its deposit online, without
                waiting for staff. Otherwise staff confirm it as usual.
              </Trans>
            </p>
            {err('confirmOnDeposit') ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {err('confirmOnDeposit')}
              </p>
            ) : null}
          </div>
        </fieldset>
        {isStandard ? (
          <fieldset className="flex flex-col gap-3 rounded-xl border border-sand-200 p-3">
            <legend className="px-1 font-semibold text-slate-800">
              <Trans>Prices</Trans>
            </legend>
            <p className="rounded-xl bg-sand-100 p-3 text-sm text-slate-800">
              <Trans>
                This is the house plan: it follows no other plan and is never retired. Its restrictions bind
                every plan that does not set its own.
              </Trans>
            </p>
            {extraGuestField}
          </fieldset>
        ) : (
          <fieldset className="flex flex-col gap-3 rounded-xl border border-sand-200 p-3">
            <legend className="px-1 font-semibold text-slate-800">
              <Trans>Prices</Trans>
            </legend>
            <Select
              label={t`Follows the prices of`}
              selectedKey={parentCode}
              onSelectionChange={(key) => setParentCode(String(key))}
              isInvalid={!!err('parentCode')}
              errorMessage={err('parentCode')}
            >
              <SelectItem id={NO_PARENT}>{t`No plan: its own prices, else the room type's`}</SelectItem>
              {parents.map((p) => (
                <SelectItem key={p.code} id={p.code}>
                  {planName(p, language)}
                </SelectItem>
              ))}
            </Select>
            {parentCode !== NO_PARENT ? (
              <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
                <RadioGroup label={t`Compared with that plan`} value={direction} onChange={setDirection}>
                  <RadioOption value="less">
                    <Trans>Less</Trans>
                  </RadioOption>
                  <RadioOption value="more">
                    <Trans>More</Trans>
                  </RadioOption>
                </RadioGroup>
                <TextField
                  label={t`By (%)`}
                  description={t`Up to ${maxLess} less or ${maxMore} more`}
                  value={adjustment}
                  onChange={setAdjustment}
                  inputMode="numeric"
                  inputDir="ltr"
                  className="max-w-60 flex-1 basis-40"
                  isInvalid={!!err('parentAdjustmentPercent')}
                  errorMessage={err('parentAdjustmentPercent')}
                />
              </div>
            ) : null}
            {extraGuestField}
          </fieldset>
        )}
        {!isStandard ? (
          <div className="flex flex-col gap-1">
            <Switch isSelected={active} onChange={setActive}>
              <Trans>Active: guests can book it</Trans>
            </Switch>
            {err('active') ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {err('active')}
              </p>
            ) : null}
            <Switch isSelected={isPublic} onChange={setPublic} data-testid="plan-public">
              <Trans>Public: offered to guests on the website, the app, the assistant and the channel</Trans>
            </Switch>
            <p className="text-sm text-slate-700">
              <Trans>
                Off: a private (negotiated) plan, sold only at the desk to bookings of a company that has it
                in its company account.
              </Trans>
            </p>
            {err('public') ? (
              <p role="alert" className="text-sm font-medium text-red-700">
                {err('public')}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" isPending={save.isPending}>
            {isNew ? <Trans>Create the plan</Trans> : <Trans>Save</Trans>}
          </Button>
          <Button variant="secondary" onPress={onClose}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </form>
    </Modal>
  );
}
