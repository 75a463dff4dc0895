import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FOLIO_DEPARTMENTS, type FolioDepartment } from '@shared/taxes';
import { AdminPageHeader, OfflineNote } from '@/components/admin/admin-page-header';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { DatePicker } from '@/components/ui/date-picker';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { departmentLabel } from '@/entities/folio/folio-words';
import { hasRole, useCurrentUser } from '@/entities/session/use-current-user';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { focusFirstInvalid } from '@/lib/use-form-fields';
import { useOnline } from '@/lib/use-online';
import { type TaxSettings, useSaveTaxSettings, useTaxSettings } from '../api/taxes';
import {
  newRowKey,
  RATE_NOT_PERCENT,
  type TaxFormValues,
  taxFormValues,
  type TaxRowValues,
  taxSettingsBody,
} from '../lib/tax-form';

/**
 * /admin/taxes (managers read, admins change): whether the prices include taxes, the supplier as
 * tax invoices print it, and the taxes, each with the date its rate starts (a new rate of a tax is
 * a second entry of the same code from a later date: lines keep the rate of their business date).
 * Checked on the device with the server's schema; the server's refusals show on their field.
 */
export function TaxSettingsScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const settings = useTaxSettings();
  const canEdit = hasRole(useCurrentUser().data, 'admin');
  return (
    <main className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-8">
      <AdminPageHeader
        title={<Trans>Taxes and invoices</Trans>}
        subtitle={<Trans>The taxes on every charge, and the hotel's details on its tax invoices.</Trans>}
      />
      {settings.isPending ? (
        <p role="status" className="text-slate-700">
          <Trans>Loading the settings…</Trans>
        </p>
      ) : settings.isError ? (
        <LoadError onRetry={() => void settings.refetch()}>
          {errorMessage(settings.error, t`The settings could not be loaded.`)}
        </LoadError>
      ) : (
        <TaxSettingsForm
          // Starts afresh from what the server saved (its answer replaces the cached settings).
          key={`${language}:${JSON.stringify(settings.data)}`}
          settings={settings.data}
          canEdit={canEdit}
        />
      )}
    </main>
  );
}

const sectionClass = 'flex flex-col gap-4 rounded-2xl border border-sand-200 bg-white p-4 shadow-sm sm:p-5';

function TaxSettingsForm({ settings, canEdit }: { settings: TaxSettings; canEdit: boolean }) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const save = useSaveTaxSettings();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<TaxFormValues>(() => taxFormValues(settings, language));
  // Codes of the shared schemas or the server's sentences, keyed as the server keys its fields.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals > 0) focusFirstInvalid(formRef.current);
  }, [refusals]);

  const readOnly = !canEdit;
  const error = (key: string) => {
    const found = errors[key];
    if (found === RATE_NOT_PERCENT) return t`Enter a percentage from 0 to 100, with at most two decimals`;
    return fieldMessage(i18n, found);
  };
  const clear = (key: string) => setErrors((e) => (key in e ? { ...e, [key]: '' } : e));
  const setSupplier = (field: keyof TaxFormValues['supplier']) => (value: string) => {
    setValues((v) => ({ ...v, supplier: { ...v.supplier, [field]: value } }));
    clear(`supplier.${field}`);
  };
  const setTax =
    (index: number) =>
    <K extends keyof TaxRowValues>(field: K, value: TaxRowValues[K]) => {
      setValues((v) => ({
        ...v,
        taxes: v.taxes.map((tax, i) => (i === index ? { ...tax, [field]: value } : tax)),
      }));
      clear(`taxes.${index}.${field === 'rate' ? 'rateBp' : field}`);
    };
  // Adding or removing a tax moves the others: their errors (keyed by position) are let go.
  const withTaxes = (taxes: TaxRowValues[]) => {
    setValues((v) => ({ ...v, taxes }));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !key.startsWith('taxes'))));
  };
  const refuse = (found: Record<string, string>) => {
    setErrors(found);
    setRefusals((n) => n + 1);
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = taxSettingsBody(values);
    if (!checked.ok) {
      refuse(checked.errors);
      return;
    }
    save.mutate(checked.body, {
      onSuccess: (result) => showToast({ variant: 'success', title: result.message }),
      onError: (failure) => {
        refuse(fieldErrorsOf(failure));
        showToast({
          variant: 'error',
          title: t`The settings were not saved`,
          description: errorMessage(failure, t`Please try again.`),
        });
      },
    });
  }

  const listError = error('taxes') ?? error('_');
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-6"
      data-testid="tax-settings-form"
    >
      {readOnly ? (
        <p className="rounded-xl bg-sand-100 p-3 text-slate-800" data-testid="tax-settings-read-only">
          <Trans>Only an administrator can change these settings.</Trans>
        </p>
      ) : null}
      {!online && canEdit ? (
        <OfflineNote>
          <Trans>You are offline. The settings can be saved once the connection is back.</Trans>
        </OfflineNote>
      ) : null}

      <section className={sectionClass} aria-labelledby="tax-prices-heading">
        <h2 id="tax-prices-heading" className="text-xl font-bold text-teal-800">
          <Trans>Prices</Trans>
        </h2>
        <Switch
          isSelected={values.pricesIncludeTaxes}
          onChange={(on) => setValues((v) => ({ ...v, pricesIncludeTaxes: on }))}
          isReadOnly={readOnly}
          data-testid="tax-prices-include"
        >
          <Trans>Prices include taxes</Trans>
        </Switch>
        <p className="text-sm text-slate-700">
          {values.pricesIncludeTaxes ? (
            <Trans>
              What guests see is what they pay: each charge is split into its net amount and its taxes.
            </Trans>
          ) : (
            <Trans>The taxes are added on top of each price and charge.</Trans>
          )}
        </p>
      </section>

      <section className={sectionClass} aria-labelledby="tax-supplier-heading">
        <h2 id="tax-supplier-heading" className="text-xl font-bold text-teal-800">
          <Trans>The hotel on its tax invoices</Trans>
        </h2>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Legal name in Arabic`}
            value={values.supplier.nameAr}
            onChange={setSupplier('nameAr')}
            inputDir="rtl"
            isReadOnly={readOnly}
            isInvalid={!!error('supplier.nameAr')}
            errorMessage={error('supplier.nameAr')}
          />
          <TextField
            label={t`Legal name in English`}
            value={values.supplier.nameEn}
            onChange={setSupplier('nameEn')}
            inputDir="ltr"
            isReadOnly={readOnly}
            isInvalid={!!error('supplier.nameEn')}
            errorMessage={error('supplier.nameEn')}
          />
          <TextField
            label={t`Address in Arabic`}
            value={values.supplier.addressAr}
            onChange={setSupplier('addressAr')}
            inputDir="rtl"
            multiline
            rows={2}
            isReadOnly={readOnly}
            isInvalid={!!error('supplier.addressAr')}
            errorMessage={error('supplier.addressAr')}
          />
          <TextField
            label={t`Address in English`}
            value={values.supplier.addressEn}
            onChange={setSupplier('addressEn')}
            inputDir="ltr"
            multiline
            rows={2}
            isReadOnly={readOnly}
            isInvalid={!!error('supplier.addressEn')}
            errorMessage={error('supplier.addressEn')}
          />
          <TextField
            label={t`VAT number`}
            description={t`OM followed by ten digits; empty until registered`}
            value={values.supplier.vatNumber}
            onChange={setSupplier('vatNumber')}
            inputDir="ltr"
            isReadOnly={readOnly}
            isInvalid={!!error('supplier.vatNumber')}
            errorMessage={error('supplier.vatNumber')}
            data-testid="tax-vat-number"
          />
          <TextField
            label={t`Commercial registration`}
            value={values.supplier.commercialRegistration}
            onChange={setSupplier('commercialRegistration')}
            inputMode="numeric"
            inputDir="ltr"
            isReadOnly={readOnly}
            isInvalid={!!error('supplier.commercialRegistration')}
            errorMessage={error('supplier.commercialRegistration')}
          />
        </div>
      </section>

      <section className={sectionClass} aria-labelledby="tax-list-heading">
        <div className="flex flex-col gap-1">
          <h2 id="tax-list-heading" className="text-xl font-bold text-teal-800">
            <Trans>Taxes</Trans>
          </h2>
          <p className="text-sm text-slate-700">
            <Trans>
              A new rate of a tax is a second entry with the same code from a later date. Each charge takes
              the rates in force on its business date; issued invoices never change.
            </Trans>
          </p>
        </div>
        {listError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {listError}
          </p>
        ) : null}
        <ol className="flex flex-col gap-4">
          {values.taxes.map((tax, index) => (
            <TaxFields
              key={tax.key}
              tax={tax}
              index={index}
              readOnly={readOnly}
              error={error}
              set={setTax(index)}
              onNewRate={() =>
                withTaxes([
                  ...values.taxes.slice(0, index + 1),
                  { ...tax, key: newRowKey(), rate: '', effectiveFrom: '' },
                  ...values.taxes.slice(index + 1),
                ])
              }
              onRemove={() => withTaxes(values.taxes.filter((_, i) => i !== index))}
            />
          ))}
        </ol>
        {canEdit ? (
          <div>
            <Button
              variant="secondary"
              data-testid="tax-add"
              onPress={() =>
                withTaxes([
                  ...values.taxes,
                  {
                    key: newRowKey(),
                    code: '',
                    nameAr: '',
                    nameEn: '',
                    rate: '',
                    departments: [],
                    onEarlierTaxes: false,
                    active: true,
                    effectiveFrom: '',
                  },
                ])
              }
            >
              <Trans>Add a tax</Trans>
            </Button>
          </div>
        ) : null}
      </section>

      {canEdit ? (
        <div className="sticky bottom-0 -mx-4 border-t border-sand-200 bg-sand-50/95 px-4 py-3 backdrop-blur">
          <Button
            type="submit"
            isPending={save.isPending}
            isDisabled={!online}
            className="w-full sm:w-auto sm:px-10"
            data-testid="tax-save"
          >
            <Trans>Save the tax settings</Trans>
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** One tax's entry: its code and names, rate, departments, how it is computed, and from when. */
function TaxFields({
  tax,
  index,
  readOnly,
  error,
  set,
  onNewRate,
  onRemove,
}: {
  tax: TaxRowValues;
  index: number;
  readOnly: boolean;
  error: (key: string) => string | undefined;
  set: <K extends keyof TaxRowValues>(field: K, value: TaxRowValues[K]) => void;
  onNewRate: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const key = (field: string) => `taxes.${index}.${field}`;
  const name = (language === 'ar' ? tax.nameAr : tax.nameEn) || tax.code || t`New tax`;
  const headingId = `tax-${tax.key}-heading`;
  return (
    <li
      className="flex flex-col gap-4 rounded-xl border border-sand-200 bg-sand-50 p-3 sm:p-4"
      aria-labelledby={headingId}
      data-testid="tax-entry"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {name}
        </h3>
        {readOnly ? null : (
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onPress={onNewRate} data-testid="tax-new-rate">
              <Trans>New rate from a date</Trans>
            </Button>
            <Button variant="ghost" onPress={onRemove} aria-label={t`Remove ${name}`}>
              <Trans>Remove</Trans>
            </Button>
          </div>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={t`Code`}
          description={t`Lower-case letters, digits and _ (e.g. vat); the same code for each of its rates`}
          value={tax.code}
          onChange={(value) => set('code', value)}
          inputDir="ltr"
          isReadOnly={readOnly}
          isInvalid={!!error(key('code'))}
          errorMessage={error(key('code'))}
        />
        <TextField
          label={t`Rate (%)`}
          value={tax.rate}
          onChange={(value) => set('rate', value)}
          inputMode="decimal"
          inputDir="ltr"
          isReadOnly={readOnly}
          isInvalid={!!error(key('rateBp'))}
          errorMessage={error(key('rateBp'))}
          data-testid="tax-rate"
        />
        <TextField
          label={t`Name in Arabic`}
          value={tax.nameAr}
          onChange={(value) => set('nameAr', value)}
          inputDir="rtl"
          isReadOnly={readOnly}
          isInvalid={!!error(key('nameAr'))}
          errorMessage={error(key('nameAr'))}
        />
        <TextField
          label={t`Name in English`}
          value={tax.nameEn}
          onChange={(value) => set('nameEn', value)}
          inputDir="ltr"
          isReadOnly={readOnly}
          isInvalid={!!error(key('nameEn'))}
          errorMessage={error(key('nameEn'))}
        />
      </div>
      <CheckboxGroup
        label={t`Charged on`}
        value={tax.departments}
        onChange={(value) => set('departments', value as FolioDepartment[])}
        isReadOnly={readOnly}
        isInvalid={!!error(key('departments'))}
        errorMessage={error(key('departments'))}
        optionsClassName="grid grid-cols-2 gap-x-4 sm:grid-cols-3"
      >
        {FOLIO_DEPARTMENTS.map((department) => (
          <Checkbox key={department} value={department}>
            {departmentLabel(i18n, department)}
          </Checkbox>
        ))}
      </CheckboxGroup>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <div className="flex flex-col">
          <Checkbox
            isSelected={tax.onEarlierTaxes}
            onChange={(on) => set('onEarlierTaxes', on)}
            isReadOnly={readOnly}
          >
            <Trans>Also charged on the taxes above it (VAT on the levy)</Trans>
          </Checkbox>
          <Switch isSelected={tax.active} onChange={(on) => set('active', on)} isReadOnly={readOnly}>
            <Trans>Active</Trans>
          </Switch>
        </div>
        <DatePicker
          label={t`Rate in force from`}
          value={tax.effectiveFrom}
          onChange={(value) => set('effectiveFrom', value)}
          isDisabled={readOnly}
          errorMessage={error(key('effectiveFrom'))}
        />
      </div>
    </li>
  );
}
