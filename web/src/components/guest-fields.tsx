import { useMemo, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import {
  Button,
  Input,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  TextField as AriaTextField,
} from 'react-aria-components';
import {
  callingCodeOf,
  GCC_PHONE_COUNTRIES,
  HOME_PHONE_COUNTRY,
  joinPhone,
  PHONE_COUNTRIES,
  splitPhone,
  type PhoneCountry,
} from '@shared/phone-countries';
import { useLanguage } from '@/hooks/use-language';
import { ChevronDownIcon } from './more-icons';
import { controlClass, FieldHelp, fieldLabelClass, TextField } from './ui/text-field';
import { formatEmail } from '@/lib/format-email';

/**
 * The guest's identity fields, defined once for every booking form (guest,
 * quick, points, staff desk): the same label, keyboard and direction
 * everywhere. Phone and ID are typed left to right, and a phone opens the
 * telephone keypad; Arabic-Indic digits are accepted (the shared schemas
 * convert them).
 */
type FieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** The error text to show, already in the active language; none means valid. */
  error?: string | undefined;
  /** Off on the staff desk, where the browser would suggest the clerk's own details. */
  autoComplete?: string;
};

export function FullNameField({ value, onChange, error, autoComplete = 'name' }: FieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Full name`}
      name="fullName"
      autoComplete={autoComplete}
      value={value}
      onChange={onChange}
      isInvalid={!!error}
      errorMessage={error}
      isRequired
    />
  );
}

/**
 * The phone: its country's calling code (Oman first and by default, the GCC next, then every other
 * country by its name in the reader's language) and the number as the guest types it. The value is
 * `+<code> <number>` (or the number alone when typed in full with + or 00): the server reads it in
 * the country chosen, so a Kuwaiti's local number is not taken for an Omani one. The row reads left
 * to right in both languages, as a phone number does.
 */
export function PhoneField({
  value,
  onChange,
  error,
  autoComplete = 'tel',
  label,
  description,
}: FieldProps & { label?: string; description?: string }) {
  const { t } = useLingui();
  const language = useLanguage();
  const [chosen, setChosen] = useState<PhoneCountry>(() => splitPhone(value).country);
  const { country, national } = splitPhone(value, chosen);
  const countries = usePhoneCountries();
  const name = countries.find((c) => c.id === country)?.name ?? country;
  return (
    <AriaTextField
      name="phoneNumber"
      value={national}
      onChange={(typed) => {
        const joined = joinPhone(country, typed);
        // A number typed in full ("+44 7700…") chooses its country.
        const parsed = splitPhone(joined, country).country;
        if (parsed !== chosen) setChosen(parsed);
        onChange(joined);
      }}
      isInvalid={!!error}
      isRequired
      autoComplete={autoComplete}
      validationBehavior="aria"
      className="flex flex-col gap-1.5"
    >
      <Label className={fieldLabelClass}>{label ?? t`Phone number`}</Label>
      <div dir="ltr" className="flex gap-2">
        <AriaSelect
          aria-label={t`Country code`}
          selectedKey={country}
          onSelectionChange={(key) => {
            if (!key) return;
            const next = key as PhoneCountry;
            setChosen(next);
            onChange(joinPhone(next, national));
          }}
          className="shrink-0"
          data-testid="phone-country"
        >
          <Button className="flex min-h-11 cursor-pointer items-center gap-1.5 rounded-xl border border-slate-400 bg-white px-2.5 py-2.5 text-base text-slate-900 outline-none transition-colors data-[hovered]:border-teal-700 data-[pressed]:bg-sand-50 data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-1 data-[focus-visible]:outline-gold-700">
            {/* In the select's value, which its button's name reads after "Country code" (WCAG 2.5.3:
                the code shown is part of the name). */}
            <SelectValue className="flex items-center">
              <span className="tabular-nums">+{callingCodeOf(country)}</span>
              <span className="sr-only">{name}</span>
            </SelectValue>
            <ChevronDownIcon className="size-4 shrink-0 text-teal-800" />
          </Button>
          <Popover
            placement="bottom start"
            className="w-72 max-w-[calc(100vw-2rem)] overflow-auto rounded-xl border border-sand-200 bg-white p-1 shadow-lg outline-none"
          >
            <ListBox
              items={countries}
              className="max-h-72 outline-none"
              dir={language === 'ar' ? 'rtl' : 'ltr'}
            >
              {(c) => (
                <ListBoxItem
                  id={c.id}
                  textValue={`${c.name} +${c.code}`}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-start text-base text-slate-900 outline-none data-[focused]:bg-sand-100 data-[selected]:font-semibold data-[selected]:text-teal-800 data-[focus-visible]:outline-3 data-[focus-visible]:-outline-offset-2 data-[focus-visible]:outline-gold-700"
                >
                  <span className="flex-1">{c.name}</span>
                  <bdi dir="ltr" className="tabular-nums text-slate-600">
                    +{c.code}
                  </bdi>
                </ListBoxItem>
              )}
            </ListBox>
          </Popover>
        </AriaSelect>
        <Input type="tel" inputMode="tel" dir="ltr" className={`${controlClass} min-w-0 flex-1`} />
      </div>
      <FieldHelp description={description} errorMessage={error} />
    </AriaTextField>
  );
}

const regionNames = new Map<string, Intl.DisplayNames>();

/** The phone picker's countries: Oman, the GCC, then the rest by their names in the reader's language. */
function usePhoneCountries() {
  const language = useLanguage();
  return useMemo(() => {
    let names = regionNames.get(language);
    if (!names) {
      names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
      regionNames.set(language, names);
    }
    const collator = new Intl.Collator(language);
    const all = PHONE_COUNTRIES.map(([id, code]) => ({ id, code, name: names.of(id) ?? id }));
    const first = [HOME_PHONE_COUNTRY, ...GCC_PHONE_COUNTRIES];
    return [
      ...first.map((id) => all.find((c) => c.id === id)!),
      ...all.filter((c) => !first.includes(c.id)).sort((a, b) => collator.compare(a.name, b.name)),
    ];
  }, [language]);
}

export function IdNumberField({ value, onChange, error }: Omit<FieldProps, 'autoComplete'>) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`ID number`}
      name="idNumber"
      inputDir="ltr"
      autoComplete="off"
      value={value}
      onChange={onChange}
      isInvalid={!!error}
      errorMessage={error}
      isRequired
    />
  );
}

/**
 * Where the booking's e-mails go: optional. Signed out, without it no e-mail is
 * sent; signed in, the account's address is used when it is left empty.
 */
export function ConfirmationEmailField({
  value,
  onChange,
  error,
  accountEmail: account,
}: Omit<FieldProps, 'autoComplete'> & { accountEmail?: string | null | undefined }) {
  const { t } = useLingui();
  const accountEmail = account ? formatEmail(account) : null;
  return (
    <TextField
      label={t`E-mail for confirmation (optional)`}
      name="email"
      type="email"
      inputMode="email"
      inputDir="ltr"
      autoComplete="email"
      description={
        accountEmail
          ? t`Leave it empty to get the e-mails at ${accountEmail}.`
          : t`We send the booking's confirmation and any change to it here.`
      }
      value={value}
      onChange={onChange}
      isInvalid={!!error}
      errorMessage={error}
    />
  );
}
