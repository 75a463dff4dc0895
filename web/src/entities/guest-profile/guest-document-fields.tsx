import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { DocumentType } from '@shared/guest-profile-schemas';
import { NATIONALITY_GROUP_OF } from '@shared/nationality-groups';
import { REGION_CODES } from '@shared/region-codes';
import type { Language } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { useLanguage } from '@/hooks/use-language';

/** A guest's registration details as the forms hold them ('' for none). */
export type GuestDocumentValues = {
  nationality: string;
  dateOfBirth: string;
  documentType: DocumentType | '';
  documentNumber: string;
  documentExpiry: string;
};

export const EMPTY_GUEST_DOCUMENT: GuestDocumentValues = {
  nationality: '',
  dateOfBirth: '',
  documentType: '',
  documentNumber: '',
  documentExpiry: '',
};

/** The values as the API takes them: '' becomes null (cleared). */
export function guestDocumentBody(values: GuestDocumentValues) {
  return {
    nationality: values.nationality || null,
    dateOfBirth: values.dateOfBirth || null,
    documentType: values.documentType || null,
    documentNumber: values.documentNumber.trim() || null,
    documentExpiry: values.documentExpiry || null,
  };
}

/** A profile's details as the form holds them. */
export function guestDocumentValues(p: {
  nationality: string | null;
  dateOfBirth: string | null;
  documentType: string | null;
  documentNumber: string | null;
  documentExpiry: string | null;
}): GuestDocumentValues {
  return {
    nationality: p.nationality ?? '',
    dateOfBirth: p.dateOfBirth ?? '',
    documentType: (p.documentType as DocumentType | null) ?? '',
    documentNumber: p.documentNumber ?? '',
    documentExpiry: p.documentExpiry ?? '',
  };
}

const displayNames = new Map<Language, Intl.DisplayNames>();

/** A country's name in the language (CLDR, through Intl.DisplayNames); the code when unknown. */
export function countryName(code: string, language: Language): string {
  let names = displayNames.get(language);
  if (!names) {
    names = new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
    displayNames.set(language, names);
  }
  return names.of(code) ?? code;
}

/**
 * Where a country stands in the nationality lists: Oman first (most of an Omani hotel's guests),
 * then the other GCC states (who come on their national ID cards), then every other country.
 */
const nationalityRank = (code: string) =>
  code === 'OM' ? 0 : (NATIONALITY_GROUP_OF as Record<string, string>)[code] === 'gcc' ? 1 : 2;

/**
 * Every country, Oman first, then the GCC, then the rest, each part by its name in the language.
 * (Oman in an alphabetical list of 250 was option 173 in Arabic.)
 */
export function useCountries() {
  const language = useLanguage();
  return useMemo(() => {
    const collator = new Intl.Collator(language);
    return REGION_CODES.map((code) => ({ id: code, name: countryName(code, language) })).sort(
      (a, b) => nationalityRank(a.id) - nationalityRank(b.id) || collator.compare(a.name, b.name),
    );
  }, [language]);
}

/**
 * The document a guest of `nationality` most likely shows, for a form to start from (the desk
 * still checks it against the document in hand): a citizen of Oman or the GCC their national ID
 * card, anyone else their passport; nothing before the nationality is known.
 */
export function likelyDocumentType(nationality: string): DocumentType | '' {
  if (!nationality) return '';
  return nationalityRank(nationality) < 2 ? 'national_id' : 'passport';
}

/** A document type's name. */
export function useDocumentTypeLabel() {
  const { t } = useLingui();
  return (type: string | null) =>
    type === 'passport'
      ? t`Passport`
      : type === 'national_id'
        ? t`National ID card`
        : type === 'resident_card'
          ? t`Resident card`
          : '';
}

/**
 * Nationality, date of birth and the identity document (type, number, expiry): the registration
 * details hotels in Oman report, for the desk's profile, a guest's account and their online
 * check-in. Country names from CLDR in the active language.
 */
export function GuestDocumentFields({
  values,
  onChange,
  errors = {},
  isDisabled,
}: {
  values: GuestDocumentValues;
  onChange: (values: GuestDocumentValues) => void;
  errors?: Partial<Record<keyof GuestDocumentValues, string>>;
  isDisabled?: boolean;
}) {
  const { t } = useLingui();
  const countries = useCountries();
  const documentTypeLabel = useDocumentTypeLabel();
  const set = <K extends keyof GuestDocumentValues>(key: K, value: GuestDocumentValues[K]) =>
    onChange({ ...values, [key]: value });
  // A nationality chosen while no document is: the document its citizens most likely carry.
  const setNationality = (nationality: string) =>
    onChange({
      ...values,
      nationality,
      documentType: values.documentType || likelyDocumentType(nationality),
    });
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        label={t`Nationality`}
        items={countries}
        selectedKey={values.nationality || null}
        onSelectionChange={(key) => setNationality(key ? String(key) : '')}
        errorMessage={errors.nationality}
        isInvalid={Boolean(errors.nationality)}
        isDisabled={isDisabled}
        placeholder={t`Choose a country`}
      >
        {(country) => (
          <SelectItem id={country.id} textValue={country.name}>
            {country.name}
          </SelectItem>
        )}
      </Select>
      <DatePicker
        label={t`Date of birth`}
        value={values.dateOfBirth}
        onChange={(v) => set('dateOfBirth', v)}
        maxValue={hotelToday()}
        errorMessage={errors.dateOfBirth}
        isDisabled={isDisabled}
      />
      <Select
        label={t`Document type`}
        selectedKey={values.documentType || null}
        onSelectionChange={(key) => set('documentType', (key ? String(key) : '') as DocumentType | '')}
        errorMessage={errors.documentType}
        isInvalid={Boolean(errors.documentType)}
        isDisabled={isDisabled}
        placeholder={t`Choose a document`}
      >
        {(['passport', 'national_id', 'resident_card'] as const).map((type) => (
          <SelectItem key={type} id={type}>
            {documentTypeLabel(type)}
          </SelectItem>
        ))}
      </Select>
      <TextField
        label={t`Document number`}
        value={values.documentNumber}
        onChange={(v) => set('documentNumber', v)}
        errorMessage={errors.documentNumber}
        isInvalid={Boolean(errors.documentNumber)}
        isDisabled={isDisabled}
        autoComplete="off"
        inputDir="ltr"
      />
      <DatePicker
        label={t`Document expiry`}
        value={values.documentExpiry}
        onChange={(v) => set('documentExpiry', v)}
        errorMessage={errors.documentExpiry}
        isDisabled={isDisabled}
      />
    </div>
  );
}
