import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { AUTH_RULES } from '@shared/constants';
import { useLanguage } from '@/hooks/use-language';
import { charactersCount } from '@/lib/counts';
import { PasswordField } from './ui/password-field';
import { TextField } from './ui/text-field';

/**
 * The e-mail and password fields, defined once for log in, register, e-mail
 * verification and the staff screens that create accounts or take an
 * e-mail: the same label, keyboard and browser hints everywhere. The name
 * field is `FullNameField` (guest-fields.tsx).
 */
type FieldProps = {
  value: string;
  onChange: (value: string) => void;
  /** The error text to show, already in the active language; none means valid. */
  error?: string | undefined;
};

export function EmailField({
  value,
  onChange,
  error,
  autoComplete = 'email',
  isRequired = true,
  description,
}: FieldProps & { autoComplete?: string; isRequired?: boolean; description?: ReactNode }) {
  const { t } = useLingui();
  return (
    <TextField
      label={t`E-mail`}
      name="email"
      type="email"
      autoComplete={autoComplete}
      description={description}
      value={value}
      onChange={onChange}
      isInvalid={!!error}
      errorMessage={error}
      isRequired={isRequired}
    />
  );
}

/**
 * `new`: a password being chosen, with the minimum as a hint (guests 8, staff 12:
 * `minLength`); `current`: logging in.
 */
export function AccountPasswordField({
  value,
  onChange,
  error,
  mode,
  label,
  minLength = AUTH_RULES.passwordMin,
}: FieldProps & { mode: 'new' | 'current'; label?: string; minLength?: number }) {
  const { t } = useLingui();
  const language = useLanguage();
  const minimum = charactersCount(minLength, language);
  return (
    <PasswordField
      label={label ?? t`Password`}
      name="password"
      autoComplete={mode === 'new' ? 'new-password' : 'current-password'}
      placeholder={mode === 'new' ? t`At least ${minimum}` : undefined}
      value={value}
      onChange={onChange}
      isInvalid={!!error}
      errorMessage={error}
      isRequired
    />
  );
}
