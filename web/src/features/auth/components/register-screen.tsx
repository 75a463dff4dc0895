import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-aria-components';
import { registerSchema } from '../../../../../shared/src/auth-schemas';
import { TIMING } from '../../../../../shared/src/constants';
import { Button } from '../../../components/ui/button';
import { PasswordField } from '../../../components/ui/password-field';
import { TextField } from '../../../components/ui/text-field';
import { showToast } from '../../../components/ui/toast';
import { useDelayedNavigate } from '../../../hooks/use-delayed-navigate';
import { errorMessage, fieldErrorsOf } from '../../../lib/api-client';
import { type FieldErrors, fieldMessage, validateWith } from '../../../lib/field-messages';
import { useRegister } from '../api/register';
import { AuthPage, inlineLinkClass } from './auth-page';

/** /register: spec section 2 (Register), the rules of section 5 and the register row of section 8. */
export function Component() {
  const { t, i18n } = useLingui();
  const registration = useRegister();
  const navigateLater = useDelayedNavigate();
  const [values, setValues] = useState({ fullName: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});

  const change = (field: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = validateWith(registerSchema, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    registration.mutate(checked.data, {
      onSuccess: (result) => {
        showToast({ variant: 'success', title: t`Welcome!`, description: result.message });
        const next =
          result.requiresVerification && result.email
            ? `/verify-email?email=${encodeURIComponent(result.email)}`
            : '/login';
        navigateLater(next, TIMING.registrationRedirect);
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        showToast({
          variant: 'error',
          title: t`Error creating account`,
          description: errorMessage(error, t`Account creation failed`),
        });
      },
    });
  }

  const busy = registration.isPending || registration.isSuccess;
  return (
    <AuthPage
      title={<Trans>Create an account</Trans>}
      intro={<Trans>Your bookings earn points you can spend on a free night.</Trans>}
      footer={
        <p className="text-center text-slate-700">
          <Trans>Already have an account?</Trans>{' '}
          <Link href="/login" className={inlineLinkClass}>
            <Trans>Log in</Trans>
          </Link>
        </p>
      }
    >
      <form noValidate onSubmit={submit} className="flex flex-col gap-4">
        <TextField
          label={t`Full name`}
          name="fullName"
          autoComplete="name"
          value={values.fullName}
          onChange={change('fullName')}
          isInvalid={!!errors.fullName}
          errorMessage={fieldMessage(i18n, errors.fullName)}
          isRequired
        />
        <TextField
          label={t`E-mail`}
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={change('email')}
          isInvalid={!!errors.email}
          errorMessage={fieldMessage(i18n, errors.email)}
          isRequired
        />
        <PasswordField
          label={t`Password`}
          name="password"
          autoComplete="new-password"
          placeholder={t`At least 6 characters`}
          value={values.password}
          onChange={change('password')}
          isInvalid={!!errors.password}
          errorMessage={fieldMessage(i18n, errors.password)}
          isRequired
        />
        <Button type="submit" isPending={busy} className="mt-2 w-full">
          {registration.isPending ? <Trans>Creating your account…</Trans> : <Trans>Create account</Trans>}
        </Button>
      </form>
    </AuthPage>
  );
}
