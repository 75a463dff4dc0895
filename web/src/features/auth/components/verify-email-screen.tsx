import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-aria-components';
import { useNavigate, useSearchParams } from '@/lib/router';
import { resendVerificationSchema, verifyEmailSchema } from '@shared/auth-schemas';
import { AUTH_RULES } from '@shared/constants';
import { digitsOnly } from '@shared/digits';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { showToast } from '@/components/ui/toast-queue';
import { errorCode, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useResendVerification } from '../api/resend-verification';
import { useVerifyEmail } from '../api/verify-email';
import { AuthPage, inlineLinkClass } from './auth-page';
import { EmailField } from '@/components/account-fields';
import { useFormFields } from '@/lib/use-form-fields';
import { useLanguage } from '@/hooks/use-language';
import { minutesCount } from '@/lib/counts';

/** Answers about the code itself, shown under the code field as well as in the toast. */
const CODE_ERRORS = new Set(['code_invalid', 'code_expired', 'code_locked']);

/** /verify-email?email=: spec section 2 (Verify e-mail), section 5 (the code) and section 8. */
export function VerifyEmailScreen() {
  const { t } = useLingui();
  const minutes = minutesCount(AUTH_RULES.codeTtlMs / 60_000, useLanguage());
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const given = (params.get('email') ?? '').trim();
  // The address from the link is shown as text; without one (or a broken one) the guest types it.
  const [askForEmail] = useState(() => !resendVerificationSchema.safeParse({ email: given }).success);
  const { values, setValues, errors, setErrors, change, validate, refuse, message, formRef } = useFormFields({
    email: given,
    verificationCode: '',
  });
  const verify = useVerifyEmail();
  const resend = useResendVerification();

  function emailMissing() {
    if (values.email.trim()) return false;
    refuse({ ...errors, email: 'email_required' });
    showToast({
      variant: 'error',
      title: t`E-mail required`,
      description: t`Enter the e-mail address you registered with.`,
    });
    return true;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (emailMissing()) return;
    const data = validate(verifyEmailSchema);
    if (!data) return;
    verify.mutate(data, {
      onSuccess: (result) => {
        showToast({ variant: 'success', title: t`E-mail confirmed`, description: result.message });
        void navigate('/', { replace: true });
      },
      onError: (error) => {
        const code = errorCode(error);
        refuse({
          ...fieldErrorsOf(error),
          ...(code && CODE_ERRORS.has(code) && { verificationCode: error.message }),
        });
        showToast({
          variant: 'error',
          title: t`Verification error`,
          description: errorMessage(error, t`Verification failed`),
        });
      },
    });
  }

  function sendAgain() {
    if (emailMissing()) return;
    const data = validate(resendVerificationSchema, { email: values.email });
    if (!data) return;
    resend.mutate(data, {
      onSuccess: (result) => {
        setValues((v) => ({ ...v, verificationCode: '' }));
        setErrors({});
        showToast({ variant: 'success', title: t`New code sent`, description: result.message });
      },
      onError: (error) =>
        showToast({
          variant: 'error',
          title: t`Sending error`,
          description: errorMessage(error, t`Resend failed`),
        }),
    });
  }

  const busy = verify.isPending || verify.isSuccess;
  return (
    <AuthPage
      title={<Trans>Confirm your e-mail</Trans>}
      intro={
        askForEmail ? (
          <Trans>Enter your e-mail address and the six-digit code we sent to it.</Trans>
        ) : (
          <Trans>
            We sent a six-digit code to{' '}
            <bdi dir="ltr" className="font-semibold text-slate-900" data-testid="verify-email-address">
              {given}
            </bdi>
          </Trans>
        )
      }
      footer={
        <p className="text-center text-slate-700">
          <Trans>Already confirmed?</Trans>{' '}
          <Link href="/login" className={inlineLinkClass}>
            <Trans>Log in</Trans>
          </Link>
        </p>
      }
    >
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {askForEmail ? (
          <EmailField value={values.email} onChange={change('email')} error={message('email')} />
        ) : null}
        <TextField
          label={t`Verification code`}
          name="verificationCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          inputDir="ltr"
          inputClassName="text-center! text-2xl font-semibold tracking-[0.4em]"
          value={values.verificationCode}
          onChange={(value) => change('verificationCode')(digitsOnly(value, AUTH_RULES.codeLength))}
          description={t`Six digits; Arabic or English numerals both work.`}
          isInvalid={!!errors.verificationCode}
          errorMessage={message('verificationCode')}
          isRequired
        />
        <Button type="submit" isPending={busy} className="w-full">
          {verify.isPending ? <Trans>Confirming…</Trans> : <Trans>Confirm</Trans>}
        </Button>
      </form>
      <div className="flex flex-col gap-3 rounded-xl bg-sand-50 p-4 text-sm text-slate-700">
        <p>
          <Trans>
            Check your inbox. If the e-mail is not there, look in your spam or junk folder. A code works once,
            for {minutes}.
          </Trans>
        </p>
        <Button variant="secondary" onPress={sendAgain} isPending={resend.isPending} className="self-start">
          {resend.isPending ? <Trans>Sending…</Trans> : <Trans>Send a new code</Trans>}
        </Button>
      </div>
    </AuthPage>
  );
}
