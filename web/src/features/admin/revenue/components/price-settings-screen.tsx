import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { Language } from '@shared/constants';
import { toLatinDigits } from '@shared/digits';
import { formatOmr } from '@shared/money';
import { PRICE_SETTINGS_RULES, type PriceLimit, type PriceSettingsUpdate } from '@shared/revenue-prices';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useNamedRoomTypes, roomTypeName } from '@/entities/rooms/room-names';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { baisaOfTyped } from '@/lib/money-input';
import { type PriceSettings, usePriceSettings, useSavePriceSettings } from '../api/revenue';
import { RevenueFrame } from './revenue-frame';

type LimitRow = { key: number; roomType: string; from: string; to: string; floor: string; ceiling: string };
type Form = {
  target: string;
  threshold: string;
  stepCap: string;
  priceStep: string;
  autopilot: boolean;
  limits: LimitRow[];
};
type Errors = Record<string, string | undefined>;

let nextKey = 1;

function formOf(s: PriceSettings, language: Language): Form {
  return {
    target: formatCount(s.targetOccupancyPercent, language),
    threshold: formatCount(s.thresholdPercent, language),
    stepCap: formatCount(s.stepCapPercent, language),
    priceStep: formatOmr(s.priceStepBaisa, language),
    autopilot: s.autopilot,
    limits: s.limits.map((l) => ({
      key: nextKey++,
      roomType: l.roomType,
      from: l.from ?? '',
      to: l.to ?? '',
      floor: formatOmr(l.floorBaisa, language),
      ceiling: formatOmr(l.ceilingBaisa, language),
    })),
  };
}

/** A whole number as typed (Arabic-Indic digits too), NaN when it is not one. */
function whole(text: string): number {
  const latin = toLatinDigits(text).replace(/[\s٬,%٪]/g, '');
  return /^\d{1,6}$/.test(latin) ? Number(latin) : Number.NaN;
}

/**
 * What the form says, as the settings' request, or the fields typed wrong (the server checks
 * everything again: bounds, floor under ceiling, seasons that overlap).
 */
function requestOf(form: Form, say: { number: string; money: string }) {
  const errors: Errors = {};
  const num = (field: string, text: string) => {
    const n = whole(text);
    if (Number.isNaN(n)) errors[field] = say.number;
    return n;
  };
  const money = (field: string, text: string) => {
    const n = baisaOfTyped(text);
    if (Number.isNaN(n)) errors[field] = say.money;
    return n;
  };
  const request: PriceSettingsUpdate = {
    targetOccupancyPercent: num('targetOccupancyPercent', form.target),
    thresholdPercent: num('thresholdPercent', form.threshold),
    stepCapPercent: num('stepCapPercent', form.stepCap),
    priceStepBaisa: money('priceStepBaisa', form.priceStep),
    autopilot: form.autopilot,
    limits: form.limits.map((l, i): PriceLimit => ({
      roomType: l.roomType,
      from: l.from || null,
      to: l.to || null,
      floorBaisa: money(`limits.${i}.floorBaisa`, l.floor),
      ceilingBaisa: money(`limits.${i}.ceilingBaisa`, l.ceiling),
    })),
  };
  return { request, errors };
}

/**
 * /admin/revenue/settings (managers; docs/decisions/101): the price suggestions' target occupancy,
 * threshold, step cap and price step, the autopilot, and each room type's floor and ceiling (all
 * year, or a season's). Saved whole with PUT /api/admin/revenue/settings.
 */
export function PriceSettingsScreen() {
  const { t } = useLingui();
  const settings = usePriceSettings();
  return (
    <RevenueFrame
      screen="settings"
      subtitle={
        <Trans>
          How the suggestions are made: the occupancy aimed at, the smallest change worth suggesting, how far
          a price may move from its base, and the limits no suggestion crosses.
        </Trans>
      }
    >
      {settings.isError ? (
        <LoadError onRetry={() => void settings.refetch()}>
          {errorMessage(settings.error, t`The settings could not be loaded.`)}
        </LoadError>
      ) : !settings.data ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading…</Trans>
        </p>
      ) : (
        <SettingsForm settings={settings.data} />
      )}
    </RevenueFrame>
  );
}

function SettingsForm({ settings }: { settings: PriceSettings }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [form, setForm] = useState(() => formOf(settings, language));
  const [errors, setErrors] = useState<Errors>({});
  const save = useSavePriceSettings();
  const R = PRICE_SETTINGS_RULES;
  const n = (x: number) => formatCount(x, language);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const { request, errors: local } = requestOf(form, {
      number: t`Enter a whole number`,
      money: t`Enter an amount in rials, e.g. 18 or 18.500`,
    });
    setErrors(local);
    if (Object.keys(local).length) return;
    save.mutate(request, {
      onSuccess: (body) => {
        showToast({ variant: 'success', title: body.message });
        setForm(formOf(body, language));
      },
      onError: (error) => {
        const fields: Errors = fieldErrorsOf(error);
        if (Object.keys(fields).length === 0) fields._ = errorMessage(error, t`Please try again.`);
        setErrors(fields);
        showToast({
          variant: 'error',
          title: t`The settings were not saved`,
          description: errorMessage(error, t`Please try again.`),
        });
      },
    });
  }

  const field = (
    key: 'target' | 'threshold' | 'stepCap' | 'priceStep',
    name: string,
    label: string,
    help: string,
  ) => (
    <TextField
      label={label}
      description={help}
      value={form[key]}
      onChange={(v) => setForm({ ...form, [key]: v })}
      inputMode="decimal"
      isInvalid={!!errors[name]}
      errorMessage={errors[name]}
      data-testid={`settings-${name}`}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5" data-testid="price-settings-form">
      <fieldset className="grid gap-4 rounded-2xl border border-sand-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 text-lg font-bold text-teal-800">
          <Trans>The suggestions</Trans>
        </legend>
        {field(
          'target',
          'targetOccupancyPercent',
          t`Target occupancy (%)`,
          t`From ${n(R.targetOccupancyPercent.min)} to ${n(R.targetOccupancyPercent.max)}; prices rise as the forecast passes it.`,
        )}
        {field(
          'threshold',
          'thresholdPercent',
          t`Smallest change suggested (%)`,
          t`A change smaller than this is no suggestion.`,
        )}
        {field(
          'stepCap',
          'stepCapPercent',
          t`Step cap (%)`,
          t`How far a suggestion may move a price from its base.`,
        )}
        {field('priceStep', 'priceStepBaisa', t`Price step (OMR)`, t`Suggested prices are rounded to this.`)}
        <div className="sm:col-span-2">
          <Switch
            isSelected={form.autopilot}
            onChange={(autopilot) => setForm({ ...form, autopilot })}
            data-testid="settings-autopilot"
          >
            <Trans>
              Autopilot: after each night's close, apply the suggestions within the limits and tell the
              managers
            </Trans>
          </Switch>
        </div>
      </fieldset>
      <LimitsFields form={form} setForm={setForm} errors={errors} />
      {errors._ ? (
        <p role="alert" className="font-medium text-red-700">
          {errors._}
        </p>
      ) : null}
      <div>
        <Button type="submit" isDisabled={save.isPending} data-testid="settings-save">
          <Trans>Save the settings</Trans>
        </Button>
      </div>
    </form>
  );
}

function LimitsFields({
  form,
  setForm,
  errors,
}: {
  form: Form;
  setForm: (form: Form) => void;
  errors: Errors;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const types = (useNamedRoomTypes() ?? []).filter((x) => x.active !== false);
  const change = (key: number, patch: Partial<LimitRow>) =>
    setForm({ ...form, limits: form.limits.map((l) => (l.key === key ? { ...l, ...patch } : l)) });
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-white p-4"
      data-testid="settings-limits"
    >
      <legend className="px-1 text-lg font-bold text-teal-800">
        <Trans>Floors and ceilings</Trans>
      </legend>
      <p className="text-slate-700">
        <Trans>
          A room type without a limit still gets suggestions, within the step cap; the autopilot changes only
          the types with a limit. A season's limit replaces the all-year one on its nights.
        </Trans>
      </p>
      {form.limits.map((l, i) => (
        <div
          key={l.key}
          className="grid gap-3 rounded-xl bg-sand-50 p-3 sm:grid-cols-2 lg:grid-cols-6"
          data-testid="settings-limit"
        >
          <Select
            label={t`Room type`}
            selectedKey={l.roomType || null}
            onSelectionChange={(key) => change(l.key, { roomType: String(key) })}
            isInvalid={!!errors[`limits.${i}.roomType`]}
            errorMessage={errors[`limits.${i}.roomType`]}
          >
            {types.map((type) => (
              <SelectItem key={type.code} id={type.code}>
                {roomTypeName(types, type.code, language)}
              </SelectItem>
            ))}
          </Select>
          <DatePicker
            label={t`Season from (optional)`}
            value={l.from}
            onChange={(from) => change(l.key, { from })}
            errorMessage={errors[`limits.${i}.from`]}
          />
          <DatePicker
            label={t`Season to`}
            value={l.to}
            onChange={(to) => change(l.key, { to })}
            errorMessage={errors[`limits.${i}.to`]}
          />
          <TextField
            label={t`Floor (OMR)`}
            value={l.floor}
            onChange={(floor) => change(l.key, { floor })}
            inputMode="decimal"
            isInvalid={!!errors[`limits.${i}.floorBaisa`]}
            errorMessage={errors[`limits.${i}.floorBaisa`]}
          />
          <TextField
            label={t`Ceiling (OMR)`}
            value={l.ceiling}
            onChange={(ceiling) => change(l.key, { ceiling })}
            inputMode="decimal"
            isInvalid={!!errors[`limits.${i}.ceilingBaisa`]}
            errorMessage={errors[`limits.${i}.ceilingBaisa`]}
          />
          <div className="flex items-end">
            <Button
              variant="ghost"
              onPress={() => setForm({ ...form, limits: form.limits.filter((x) => x.key !== l.key) })}
            >
              <Trans>Remove</Trans>
            </Button>
          </div>
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          onPress={() =>
            setForm({
              ...form,
              limits: [
                ...form.limits,
                { key: nextKey++, roomType: types[0]?.code ?? '', from: '', to: '', floor: '', ceiling: '' },
              ],
            })
          }
          data-testid="settings-add-limit"
        >
          <Trans>Add a limit</Trans>
        </Button>
      </div>
    </fieldset>
  );
}
