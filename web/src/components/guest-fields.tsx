import { useLingui } from '@lingui/react/macro';
import { TextField } from './ui/text-field';
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

export function PhoneField({ value, onChange, error, autoComplete = 'tel' }: FieldProps) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`Phone number`}
      name="phoneNumber"
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      value={value}
      onChange={onChange}
      isInvalid={!!error}
      errorMessage={error}
      isRequired
    />
  );
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
