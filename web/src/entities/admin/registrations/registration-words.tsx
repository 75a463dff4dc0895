import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type {
  RegistrationField,
  RegistrationMissing,
  RegistrationState,
  StayCompanion,
} from '@shared/registration-schemas';

/** A registration's state in words, and its badge's colours (contrast AA on white). */
export const REGISTRATION_STATE_LABELS: Record<RegistrationState, MessageDescriptor> = {
  due: msg({ message: 'To send', context: 'police registration' }),
  incomplete: msg({ message: 'Incomplete', context: 'police registration' }),
  sent: msg({ message: 'Sent', context: 'police registration' }),
  failed: msg({ message: 'Refused', context: 'police registration' }),
  corrected: msg({ message: 'Corrected: to send again', context: 'police registration' }),
};

const BADGE: Record<RegistrationState, string> = {
  due: 'bg-sky-100 text-sky-900',
  incomplete: 'bg-amber-100 text-amber-950',
  sent: 'bg-teal-100 text-teal-900',
  failed: 'bg-red-100 text-red-900',
  corrected: 'bg-violet-100 text-violet-900',
};

export const REGISTRATION_FIELD_LABELS: Record<RegistrationField, MessageDescriptor> = {
  nationality: msg`Nationality`,
  documentType: msg`Document type`,
  documentNumber: msg`Document number`,
  dateOfBirth: msg`Date of birth`,
};

export function RegistrationStateBadge({ state }: { state: RegistrationState }) {
  const { i18n } = useLingui();
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-sm font-semibold whitespace-nowrap ${BADGE[state]}`}
      data-state={state}
    >
      {i18n._(REGISTRATION_STATE_LABELS[state])}
    </span>
  );
}

/**
 * "Missing: date of birth, nationality" in the language: the lead guest's fields, the other
 * adults not recorded, and each companion's fields with their name (`companions` of the stay).
 */
export function useMissingWords() {
  const { i18n, t } = useLingui();
  const list = new Intl.ListFormat(i18n.locale === 'ar' ? 'ar' : 'en', { type: 'conjunction' });
  const word = (m: RegistrationMissing, companions: readonly Pick<StayCompanion, 'fullName'>[]) => {
    if (m === 'adults') return t`the other adults' details`;
    const companion = /^companions\.(\d+)\.(\w+)$/.exec(m);
    if (!companion) return i18n._(REGISTRATION_FIELD_LABELS[m as RegistrationField]);
    const field = i18n._(REGISTRATION_FIELD_LABELS[companion[2] as RegistrationField]);
    // The name as typed, isolated (a Latin name in Arabic copy, or the reverse).
    const name = `\u2068${companions[Number(companion[1]) - 1]?.fullName ?? ''}\u2069`;
    return t`${field} of ${name}`;
  };
  return (
    missing: readonly RegistrationMissing[],
    companions: readonly Pick<StayCompanion, 'fullName'>[] = [],
  ) => list.format(missing.map((m) => word(m, companions)));
}
