import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Checkbox } from '@/components/ui/checkbox';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import type { FlagChoice, RateFormValues, TypedValue } from '../lib/rate-form';

type Errors = Record<string, string | undefined>;

/**
 * The prices and restrictions of a night or a range, shared by the night's dialog and the bulk
 * edit: each value typed (rials with up to three decimals, Arabic-Indic digits too; nights as a
 * whole number) with a "Clear" box that removes it, and each restriction a choice. In the bulk
 * edit an empty field and "Leave as is" leave the nights as they are. `extraGuestUnset` says what
 * each further guest pays when the night sets no extra-guest price (the plan's, the parent's, the
 * room type's or the house default: the caller knows which).
 */
export function RateFields({
  values,
  onChange,
  errors,
  bulk,
  extraGuestUnset,
}: {
  values: RateFormValues;
  onChange: (values: RateFormValues) => void;
  errors: Errors;
  bulk: boolean;
  extraGuestUnset: string;
}) {
  const { t } = useLingui();
  const typed = <
    K extends 'priceBaisa' | 'singlePriceBaisa' | 'extraGuestPriceBaisa' | 'minStay' | 'maxStay',
  >(
    field: K,
    label: string,
    money: boolean,
    description?: string,
  ) => (
    <TypedRow
      label={label}
      description={description}
      value={values[field]}
      onChange={(value) => onChange({ ...values, [field]: value })}
      error={errors[field]}
      money={money}
      testId={`rate-${field}`}
    />
  );
  const flag = (field: 'closed' | 'closedToArrival' | 'closedToDeparture', label: string) => (
    <Select
      label={label}
      selectedKey={values[field]}
      onSelectionChange={(key) => onChange({ ...values, [field]: key as FlagChoice })}
      isInvalid={!!errors[field]}
      errorMessage={errors[field]}
      data-testid={`rate-${field}`}
    >
      {bulk ? <SelectItem id="leave">{t`Leave as is`}</SelectItem> : null}
      <SelectItem id="unset">{t`Not set`}</SelectItem>
      <SelectItem id="yes">{t`Yes`}</SelectItem>
      <SelectItem id="no">{t`No`}</SelectItem>
    </Select>
  );
  const empty = bulk ? t`Empty: left as is` : undefined;
  return (
    <>
      <Group legend={<Trans>Prices (OMR a night)</Trans>}>
        {typed('priceBaisa', t`Price for the guests it includes`, true, empty)}
        {typed('singlePriceBaisa', t`Price for one guest (if lower)`, true)}
        {typed('extraGuestPriceBaisa', t`Each guest beyond those in the price`, true, extraGuestUnset)}
      </Group>
      <Group legend={<Trans>Restrictions</Trans>}>
        {typed('minStay', t`Minimum stay (nights)`, false, t`Judged on the arrival night`)}
        {typed('maxStay', t`Maximum stay (nights)`, false)}
        <div className="grid gap-3 sm:grid-cols-3">
          {flag('closed', t({ message: 'Closed', context: 'closed to sale' }))}
          {flag('closedToArrival', t`No arrival`)}
          {flag('closedToDeparture', t`No departure`)}
        </div>
        <p className="text-sm text-slate-600">
          <Trans>Not set: the parent plan's rule applies, else the house plan's.</Trans>
        </p>
      </Group>
    </>
  );
}

function Group({ legend, children }: { legend: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-3 rounded-xl border border-sand-200 p-3">
      <legend className="px-1 font-semibold text-slate-800">{legend}</legend>
      {children}
    </fieldset>
  );
}

function TypedRow({
  label,
  description,
  value,
  onChange,
  error,
  money,
  testId,
}: {
  label: string;
  description?: string;
  value: TypedValue;
  onChange: (value: TypedValue) => void;
  error: string | undefined;
  money: boolean;
  testId: string;
}) {
  return (
    <div className="flex flex-wrap items-start gap-x-4 gap-y-1">
      <TextField
        label={label}
        description={description}
        value={value.clear ? '' : value.text}
        onChange={(text) => onChange({ text, clear: false })}
        isDisabled={value.clear}
        inputMode={money ? 'decimal' : 'numeric'}
        inputDir="ltr"
        className="min-w-0 flex-1 basis-52"
        isInvalid={!!error}
        errorMessage={error}
        data-testid={testId}
      />
      <Checkbox
        isSelected={value.clear}
        onChange={(clear) => onChange({ ...value, clear })}
        className="mt-6"
        data-testid={`${testId}-clear`}
      >
        <Trans>Clear</Trans>
        <span className="sr-only"> · {label}</span>
      </Checkbox>
    </div>
  );
}
