import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { Link } from 'react-aria-components';
import { registerSchema } from '@shared/auth-schemas';
import { TIMING } from '@shared/constants';
import { Button } from '@/components/ui/button';
import { AccountPasswordField, EmailField } from '@/components/account-fields';
import { FullNameField } from '@/components/guest-fields';
import { showToast } from '@/components/ui/toast-queue';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useRegister } from '../api/register';
import { AuthPage, inlineLinkClass } from './auth-page';
import { useFormFields } from '@/lib/use-form-fields';

/** /register: spec section 2 (Register), the rules of section 5 and the register row of section 8. */
export function RegisterScreen() {
  const { t } = useLingui();
  const registration = useRegister();
  const navigateLater = useDelayedNavigate();
  const { values, change, validate, refuse, message, formRef } = useFormFields({
    fullName: '',
    email: '',
    password: '',
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = validate(registerSchema);
    if (!data) return;
    registration.mutate(data, {
      onSuccess: (result) => {
        showToast({ variant: 'success', title: t`Welcome!`, description: result.message });
        const next =
          result.requiresVerification && result.email
            ? `/verify-email?email=${encodeURIComponent(result.email)}`
            : '/login';
        navigateLater(next, TIMING.registrationRedirect);
      },
      onError: (error) => {
        refuse(fieldErrorsOf(error));
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
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        <FullNameField value={values.fullName} onChange={change('fullName')} error={message('fullName')} />
        <EmailField value={values.email} onChange={change('email')} error={message('email')} />
        <AccountPasswordField
          mode="new"
          value={values.password}
          onChange={change('password')}
          error={message('password')}
        />
        <Button type="submit" isPending={busy} className="mt-2 w-full">
          {registration.isPending ? <Trans>Creating your account…</Trans> : <Trans>Create account</Trans>}
        </Button>
      </form>
    </AuthPage>
  );
}
