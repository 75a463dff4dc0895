import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import type { AccountKind } from '@shared/company-schemas';
import type { CityLedgerAccount } from '@shared/day-close';
import { omrDecimal } from '@shared/money';
import { OfflineNote } from '@/components/admin/admin-page-header';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { CheckboxGroup } from '@/components/ui/checkbox-group';
import { RadioGroup, RadioOption } from '@/components/ui/radio-group';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useLanguage } from '@/hooks/use-language';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { baisaOfTyped } from '@/lib/money-input';
import { useOnline } from '@/lib/use-online';
import { usePlanChoices, useSaveAccount } from '../api/city-ledger';

/**
 * A new account, or an account's details: the company's one profile (a company or a travel
 * agent, its negotiated plans, an agent's commission and IATA code, a contact) and whether it
 * takes new transfers. Digits may be typed in Arabic-Indic; the server reads them.
 */
export function AccountForm({
  account,
  onDone,
}: {
  account?: CityLedgerAccount;
  onDone: (createdId?: number) => void;
}) {
  const { t, i18n } = useLingui();
  const language = useLanguage();
  const online = useOnline();
  const save = useSaveAccount();
  const plans = usePlanChoices();
  const [name, setName] = useState(account?.name ?? '');
  // An online travel agency's account (the channel opened it) keeps its kind: no choice offered.
  const ota = account?.kind === 'ota';
  const [kind, setKind] = useState<AccountKind>(
    account?.kind === 'travel_agent' ? 'travel_agent' : 'company',
  );
  const [vatNumber, setVatNumber] = useState(account?.vatNumber ?? '');
  const [address, setAddress] = useState(account?.address ?? '');
  const [limit, setLimit] = useState(
    account?.creditLimitBaisa != null ? omrDecimal(account.creditLimitBaisa) : '',
  );
  const [planCodes, setPlanCodes] = useState<string[]>(account?.ratePlanCodes ?? []);
  const [commission, setCommission] = useState(
    account?.commissionPercent != null ? String(account.commissionPercent) : '',
  );
  const [iata, setIata] = useState(account?.iata ?? '');
  const [contactName, setContactName] = useState(account?.contactName ?? '');
  const [contactPhone, setContactPhone] = useState(account?.contactPhone ?? '');
  const [contactEmail, setContactEmail] = useState(account?.contactEmail ?? '');
  const [active, setActive] = useState(account?.active ?? true);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const error = (key: string) => fieldMessage(i18n, errors[key]);
  const agent = !ota && kind === 'travel_agent';

  function submit(event: FormEvent) {
    event.preventDefault();
    const limitBaisa = limit.trim() === '' ? null : baisaOfTyped(limit);
    if (limitBaisa !== null && Number.isNaN(limitBaisa)) {
      setErrors({ creditLimitBaisa: t`Enter an amount in rials, e.g. 500 or 1250.500, or leave it empty` });
      return;
    }
    const body = {
      name,
      vatNumber,
      address,
      creditLimitBaisa: limitBaisa,
      ...(ota ? {} : { kind, ratePlanCodes: planCodes }),
      // Typed as it is (Arabic-Indic digits too): the server reads the percentage.
      commissionPercent: agent && commission.trim() !== '' ? commission : null,
      iata: agent ? iata : '',
      contactName,
      contactPhone,
      contactEmail,
    };
    save.mutate(
      { id: account?.id, body: (account ? { ...body, active } : body) as never },
      {
        onSuccess: (result) => {
          showToast({ variant: 'success', title: result.message });
          onDone(account ? undefined : result.account.id);
        },
        onError: (failure) => {
          setErrors(fieldErrorsOf(failure));
          showToast({
            variant: 'error',
            title: t`The account was not saved`,
            description: errorMessage(failure, t`Please try again.`),
          });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="city-ledger-form">
      {ota ? (
        <p className="text-sm text-slate-700 sm:col-span-2" data-testid="city-ledger-ota-note">
          <Trans>
            An online travel agency: its account takes only the stays it collects for the hotel, never a
            company's or an agent's bookings.
          </Trans>
        </p>
      ) : (
        <RadioGroup
          label={t`Kind of account`}
          value={kind}
          onChange={(value) => setKind(value as AccountKind)}
          isInvalid={!!error('kind')}
          errorMessage={error('kind')}
          className="sm:col-span-2"
        >
          <RadioOption value="company">
            <Trans>Company</Trans>
          </RadioOption>
          <RadioOption value="travel_agent">
            <Trans>Travel agent</Trans>
          </RadioOption>
        </RadioGroup>
      )}
      <TextField
        label={agent || ota ? t`Agency name` : t`Company name`}
        value={name}
        onChange={setName}
        isRequired
        isInvalid={!!error('name')}
        errorMessage={error('name')}
      />
      <TextField
        label={t`VAT number`}
        description={t`OM followed by ten digits; empty if not registered`}
        value={vatNumber}
        onChange={setVatNumber}
        inputDir="ltr"
        isInvalid={!!error('vatNumber')}
        errorMessage={error('vatNumber')}
      />
      <TextField
        label={t`Address`}
        value={address}
        onChange={setAddress}
        multiline
        rows={2}
        isInvalid={!!error('address')}
        errorMessage={error('address')}
      />
      <TextField
        label={t`Credit limit in rials`}
        description={t`Empty: no limit. Moving a bill above it is refused.`}
        value={limit}
        onChange={setLimit}
        inputMode="decimal"
        inputDir="ltr"
        isInvalid={!!error('creditLimitBaisa')}
        errorMessage={error('creditLimitBaisa')}
      />
      {agent ? (
        <>
          <TextField
            label={t`Commission on room revenue (%)`}
            description={t`From 0 to 50, e.g. 10 or 12.5; empty: none`}
            value={commission}
            onChange={setCommission}
            inputMode="decimal"
            inputDir="ltr"
            isInvalid={!!error('commissionPercent')}
            errorMessage={error('commissionPercent')}
            data-testid="city-ledger-commission"
          />
          <TextField
            label={t`IATA code`}
            description={t`3 to 8 letters or digits; empty if none`}
            value={iata}
            onChange={setIata}
            inputDir="ltr"
            isInvalid={!!error('iata')}
            errorMessage={error('iata')}
          />
        </>
      ) : null}
      <TextField
        label={t`Contact person`}
        value={contactName}
        onChange={setContactName}
        isInvalid={!!error('contactName')}
        errorMessage={error('contactName')}
      />
      <TextField
        label={t`Contact phone`}
        value={contactPhone}
        onChange={setContactPhone}
        type="tel"
        inputMode="tel"
        inputDir="ltr"
        isInvalid={!!error('contactPhone')}
        errorMessage={error('contactPhone')}
      />
      <TextField
        label={t`Contact e-mail`}
        value={contactEmail}
        onChange={setContactEmail}
        type="email"
        inputDir="ltr"
        isInvalid={!!error('contactEmail')}
        errorMessage={error('contactEmail')}
      />
      {ota ? null : (
        <CheckboxGroup
          label={t`Negotiated rate plans`}
          description={t`A private plan is sold only to bookings of an account that has it.`}
          value={planCodes}
          onChange={setPlanCodes}
          isInvalid={!!error('ratePlanCodes')}
          errorMessage={error('ratePlanCodes')}
          className="sm:col-span-2"
        >
          {(plans.data ?? []).map((plan) => (
            <Checkbox key={plan.code} value={plan.code}>
              {language === 'ar' ? plan.nameAr : plan.nameEn}
              {plan.public ? null : (
                <>
                  {' '}
                  <span className="text-sm text-amber-900">
                    <Trans>(private)</Trans>
                  </span>
                </>
              )}
            </Checkbox>
          ))}
        </CheckboxGroup>
      )}
      {account ? (
        <Switch isSelected={active} onChange={setActive}>
          <Trans>Open: takes new bills at check-out</Trans>
        </Switch>
      ) : null}
      {!online ? (
        <OfflineNote>
          <Trans>You are offline. The account can be saved once the connection is back.</Trans>
        </OfflineNote>
      ) : null}
      <div className="flex gap-3 sm:col-span-2">
        <Button type="submit" isPending={save.isPending} isDisabled={!online} data-testid="city-ledger-save">
          <Trans>Save the account</Trans>
        </Button>
        <Button variant="ghost" onPress={() => onDone()}>
          <Trans>Cancel</Trans>
        </Button>
      </div>
    </form>
  );
}
