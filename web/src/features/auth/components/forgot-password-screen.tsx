import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-aria-components';
import { useSearchParams } from '@/lib/router';
import { forgotPasswordSchema, resetWithCodeSchema } from '@shared/auth-schemas';
import { AUTH_RULES, TIMING } from '@shared/constants';
import { digitsOnly } from '@shared/digits';
import { AccountPasswordField, EmailField } from '@/components/account-fields';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { useLanguage } from '@/hooks/use-language';
import { ApiRequestError, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { fieldMessage } from '@/lib/field-messages';
import { useFormFields } from '@/lib/use-form-fields';
import { useForgotPassword } from '../api/forgot-password';
import { useResetPassword } from '../api/reset-password';
import { AuthPage, inlineLinkClass } from './auth-page';
import { minutesCount } from '@/lib/counts';
import { landingAfterSignIn } from '@/lib/back-office-landing';

/** Answers about the code itself, shown under the code field as well as in the toast. */
const CODE_ERRORS = new Set(['code_invalid', 'code_expired', 'code_locked']);

/**
 * /forgot-password (reached from /login): first the e-mail address, which gets a
 * six-digit code (the same answer whether or not it has an account); then the code
 * and a new password. The server ends every other session and signs this one in.
 */
export function ForgotPasswordScreen() {
  const { t, i18n } = useLingui();
  const [params] = useSearchParams();
  const navigateLater = useDelayedNavigate();
  const forgot = useForgotPassword();
  const reset = useResetPassword();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const minutes = minutesCount(AUTH_RULES.codeTtlMs / 60_000, useLanguage());
  const { values, errors, setErrors, change, validate, setValues } = useFormFields({
    email: params.get('email') ?? '',
    code: '',
    password: '',
  });

  function sendCode(event?: FormEvent<HTMLFormElement>) {
    event?.preventDefault();
    const data = validate(forgotPasswordSchema);
    if (!data) return;
    forgot.mutate(data, {
      onSuccess: (result) => {
        setStep('reset');
        setValues((v) => ({ ...v, code: '' }));
        showToast({ variant: 'success', title: t`Check your e-mail`, description: result.message });
      },
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        showToast({
          variant: 'error',
          title: t`Sending error`,
          description: errorMessage(error, t`The code could not be sent. Please try again.`),
        });
      },
    });
  }

  function submitReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = validate(resetWithCodeSchema);
    if (!data) return;
    reset.mutate(data, {
      onSuccess: (result) => {
        showToast({ variant: 'success', title: t`Password changed`, description: result.message });
        navigateLater(landingAfterSignIn(result.user.role), TIMING.loginRedirect);
      },
      onError: (error) => {
        const code = error instanceof ApiRequestError ? error.body?.error.code : undefined;
        setErrors({
          ...fieldErrorsOf(error),
          ...(code && CODE_ERRORS.has(code) && { code: error.message }),
        });
        showToast({
          variant: 'error',
          title: t`The password was not changed`,
          description: errorMessage(error, t`Please check the code and try again.`),
        });
      },
    });
  }

  const footer = (
    <p className="text-center text-slate-700">
      <Trans>Remembered it?</Trans>{' '}
      <Link href="/login" className={inlineLinkClass}>
        <Trans>Log in</Trans>
      </Link>
    </p>
  );

  if (step === 'email') {
    return (
      <AuthPage
        title={<Trans>Forgot your password?</Trans>}
        intro={<Trans>Enter the e-mail address of your account and we will send you a six-digit code.</Trans>}
        footer={footer}
      >
        <form noValidate onSubmit={sendCode} className="flex flex-col gap-4">
          <EmailField
            autoComplete="username"
            value={values.email}
            onChange={change('email')}
            error={fieldMessage(i18n, errors.email)}
          />
          <Button type="submit" isPending={forgot.isPending} className="w-full">
            {forgot.isPending ? <Trans>Sending…</Trans> : <Trans>Send the code</Trans>}
          </Button>
        </form>
      </AuthPage>
    );
  }

  const busy = reset.isPending || reset.isSuccess;
  return (
    <AuthPage
      title={<Trans>Choose a new password</Trans>}
      intro={
        <Trans>
          If an account uses{' '}
          <bdi dir="ltr" className="font-semibold text-slate-900">
            {values.email}
          </bdi>
          , we sent it a six-digit code.
        </Trans>
      }
      footer={footer}
    >
      <form noValidate onSubmit={submitReset} className="flex flex-col gap-4">
        <TextField
          label={t`Code from the e-mail`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          inputDir="ltr"
          inputClassName="text-center! text-2xl font-semibold tracking-[0.4em]"
          value={values.code}
          onChange={(value) => change('code')(digitsOnly(value, AUTH_RULES.codeLength))}
          description={t`Six digits; Arabic or English numerals both work.`}
          isInvalid={!!errors.code}
          errorMessage={fieldMessage(i18n, errors.code)}
          isRequired
        />
        <AccountPasswordField
          mode="new"
          label={t`New password`}
          value={values.password}
          onChange={change('password')}
          error={fieldMessage(i18n, errors.password)}
        />
        <Button type="submit" isPending={busy} className="w-full">
          {reset.isPending ? <Trans>Saving…</Trans> : <Trans>Change the password</Trans>}
        </Button>
      </form>
      <div className="flex flex-col gap-3 rounded-xl bg-sand-50 p-4 text-sm text-slate-700">
        <p>
          <Trans>
            A code works once, for {minutes}. Changing the password signs the account out on every other
            device.
          </Trans>
        </p>
        <div className="flex flex-wrap gap-3">
          <Button variant="secondary" onPress={() => sendCode()} isPending={forgot.isPending}>
            <Trans>Send a new code</Trans>
          </Button>
          <Button variant="secondary" onPress={() => setStep('email')}>
            <Trans>Use another e-mail</Trans>
          </Button>
        </div>
      </div>
    </AuthPage>
  );
}
