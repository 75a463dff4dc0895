import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { DocumentType } from '@shared/guest-profile-schemas';
import type { StayCompanion } from '@shared/registration-schemas';
import { hotelToday } from '@shared/dates';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Select, SelectItem } from '@/components/ui/select';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import {
  likelyDocumentType,
  useCountries,
  useDocumentTypeLabel,
} from '@/entities/guest-profile/guest-document-fields';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useLanguage } from '@/hooks/use-language';
import { formatCount } from '@/lib/format';
import { useOnline } from '@/lib/use-online';
import { type CompanionInput, usePutCompanions } from './registrations-api';

/** A companion as the form holds it ('' for none). */
export type CompanionValues = {
  key: string;
  id?: number;
  fullName: string;
  nationality: string;
  dateOfBirth: string;
  documentType: DocumentType | '';
  documentNumber: string;
};

const values = (c: StayCompanion): CompanionValues => ({
  key: String(c.id),
  id: c.id,
  fullName: c.fullName,
  nationality: c.nationality ?? '',
  dateOfBirth: c.dateOfBirth ?? '',
  documentType: c.documentType ?? '',
  documentNumber: c.documentNumber ?? '',
});

const body = (c: CompanionValues): CompanionInput => ({
  ...(c.id !== undefined && { id: c.id }),
  fullName: c.fullName.trim(),
  nationality: c.nationality || null,
  dateOfBirth: c.dateOfBirth || null,
  documentType: c.documentType || null,
  // As typed: the server reads Arabic-Indic digits as their Latin ones.
  documentNumber: c.documentNumber.trim() || null,
});

let added = 0;

/** A row for an adult not recorded yet. */
export function emptyCompanion(): CompanionValues {
  added += 1;
  return {
    key: `new-${added}`,
    fullName: '',
    nationality: '',
    dateOfBirth: '',
    documentType: '',
    documentNumber: '',
  };
}

/** The rows to show: the adults recorded, and an empty one for each adult of the stay not yet. */
export function companionRows(adults: number, companions: readonly StayCompanion[]): CompanionValues[] {
  const known = companions.map(values);
  const wanted = Math.max(adults - 1 - known.length, 0);
  // Keyed by their place: the same rows (and fields) however often they are made.
  return [
    ...known,
    ...Array.from({ length: wanted }, (_, i) => ({ ...emptyCompanion(), key: `wanted-${i}` })),
  ];
}

/** The rows as PUT .../companions takes them: a row left without a name is not an adult recorded yet. */
export const companionBodies = (rows: readonly CompanionValues[]): CompanionInput[] =>
  rows.filter((r) => r.fullName.trim() !== '' || r.id !== undefined).map(body);

/** Whether the rows say anything the server does not have yet. */
export const companionsChanged = (rows: readonly CompanionValues[], companions: readonly StayCompanion[]) =>
  JSON.stringify(companionBodies(rows)) !== JSON.stringify(companions.map(values).map(body));

/**
 * The other adults' fields, row by row (their state is the caller's): the registration's
 * "Complete" dialog saves them with their own button (`CompanionsEditor`), the check-in with the
 * check-in itself. A nationality chosen while no document is: the document its citizens most
 * likely carry.
 */
export function CompanionRows({
  rows,
  onChange,
  errors = {},
}: {
  rows: CompanionValues[];
  onChange: (rows: CompanionValues[]) => void;
  /** The server's refusals, by `companions.<i>.<field>`. */
  errors?: Record<string, string>;
}) {
  const { t } = useLingui();
  const language = useLanguage();
  const countries = useCountries();
  const documentTypeLabel = useDocumentTypeLabel();
  const set = (i: number, change: Partial<CompanionValues>) =>
    onChange(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  return (
    <>
      {rows.length === 0 ? (
        <p className="text-slate-700">
          <Trans>No other adult is booked in this room.</Trans>
        </p>
      ) : null}
      {rows.map((row, i) => {
        const n = formatCount(i + 2, language);
        const error = (field: string) => errors[`companions.${i}.${field}`];
        return (
          <div
            key={row.key}
            role="group"
            aria-label={t`Adult ${n}`}
            className="grid gap-3 rounded-lg border border-sand-200 p-3 sm:grid-cols-2"
            data-testid="companion-row"
          >
            <TextField
              label={t`Full name of adult ${n}`}
              value={row.fullName}
              onChange={(v) => set(i, { fullName: v })}
              errorMessage={error('fullName')}
              isInvalid={Boolean(error('fullName'))}
              autoComplete="off"
            />
            <Select
              label={t`Nationality`}
              items={countries}
              selectedKey={row.nationality || null}
              onSelectionChange={(key) => {
                const nationality = key ? String(key) : '';
                set(i, { nationality, documentType: row.documentType || likelyDocumentType(nationality) });
              }}
              errorMessage={error('nationality')}
              isInvalid={Boolean(error('nationality'))}
              placeholder={t`Choose a country`}
            >
              {(country) => (
                <SelectItem id={country.id} textValue={country.name}>
                  {country.name}
                </SelectItem>
              )}
            </Select>
            <Select
              label={t`Document type`}
              selectedKey={row.documentType || null}
              onSelectionChange={(key) =>
                set(i, { documentType: (key ? String(key) : '') as DocumentType | '' })
              }
              errorMessage={error('documentType')}
              isInvalid={Boolean(error('documentType'))}
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
              value={row.documentNumber}
              onChange={(v) => set(i, { documentNumber: v })}
              errorMessage={error('documentNumber')}
              isInvalid={Boolean(error('documentNumber'))}
              autoComplete="off"
              inputDir="ltr"
            />
            <DatePicker
              label={t`Date of birth`}
              value={row.dateOfBirth}
              onChange={(v) => set(i, { dateOfBirth: v })}
              maxValue={hotelToday()}
              errorMessage={error('dateOfBirth')}
            />
            <div className="flex items-end justify-end">
              <Button
                variant="secondary"
                onPress={() => onChange(rows.filter((_, j) => j !== i))}
                data-testid="companion-remove"
              >
                <Trans>Remove adult {n}</Trans>
              </Button>
            </div>
          </div>
        );
      })}
      <div className="flex justify-end">
        <Button variant="secondary" onPress={() => onChange([...rows, emptyCompanion()])}>
          <Trans>Add an adult</Trans>
        </Button>
      </div>
    </>
  );
}

/**
 * The other adults of a stay (docs/decisions/093): name, nationality, document and date of birth of
 * each, for the police. As many rows as the stay's adults less the lead guest are offered; the desk
 * saves them all at once (the server keeps the unchanged ones as they are). In the registration's
 * "Complete" dialog and the correction of a refused one (the check-in saves its rows with the
 * check-in: `CompanionRows`).
 */
export function CompanionsEditor({
  bookingId,
  adults,
  companions,
  onSaved,
  onChange,
  errors: formErrors,
}: {
  bookingId: number;
  /** The stay's adults, the lead guest among them. */
  adults: number;
  companions: readonly StayCompanion[];
  onSaved?: () => void;
  /**
   * The rows as part of a larger form (the correction of a refused registration, sent in one
   * request): no save of their own, the rows given as they would be sent.
   */
  onChange?: (companions: CompanionInput[]) => void;
  /** The field errors the larger form's request answered. */
  errors?: Record<string, string>;
}) {
  const { t } = useLingui();
  const online = useOnline();
  const save = usePutCompanions();
  const errors = formErrors ?? fieldErrorsOf(save.error);
  const [rows, setRows] = useState<CompanionValues[]>(() => companionRows(adults, companions));
  useEffect(() => onChange?.(companionBodies(rows)), [rows, onChange]);
  const submit = () =>
    save.mutate(
      { bookingId, companions: companionBodies(rows) },
      {
        onSuccess: () => {
          showToast({ title: t`The other adults of the stay are saved`, variant: 'success' });
          onSaved?.();
        },
      },
    );
  return (
    <fieldset className="flex flex-col gap-3" data-testid="companions-editor">
      <legend className="font-bold text-teal-800">
        <Trans>The other adults in the room</Trans>
      </legend>
      <CompanionRows rows={rows} onChange={setRows} errors={errors} />
      {save.isError && Object.keys(errors).length === 0 ? (
        <p role="alert" className="text-red-700">
          {errorMessage(save.error, t`The details were not saved.`)}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onChange ? null : (
          <Button
            onPress={submit}
            isPending={save.isPending}
            isDisabled={!online}
            data-testid="companions-save"
          >
            <Trans>Save the other adults</Trans>
          </Button>
        )}
      </div>
    </fieldset>
  );
}
