import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-aria-components';
import { useNavigate, useSearchParams } from '@/lib/router';
import { loginSchema } from '@shared/auth-schemas';
import { TIMING } from '@shared/constants';
import { HotelPhoneLink } from '@/components/hotel-phone-link';
import { useHotelName, useSiteSettings } from '@/entities/site-settings/get-site-settings';
import { useLanguage } from '@/hooks/use-language';
import { Button, buttonClass } from '@/components/ui/button';
import { showToast } from '@/components/ui/toast-queue';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { ApiRequestError, errorCode, errorMessage, fieldErrorsOf } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { AuthPage, inlineLinkClass } from './auth-page';
import { GoogleIcon } from '@/components/more-icons';
import { useProviders } from '../api/providers';
import { AccountPasswordField, EmailField } from '@/components/account-fields';
import { useFormFields } from '@/lib/use-form-fields';
import { landingAfterSignIn } from '@/lib/back-office-landing';

/**
 * /login: spec section 2 (Login) and the login rows of section 8. The
 * designated admin account (role admin, decided by the server) goes to the
 * /admin-welcome splash; everyone else to the hotel page.
 */
export function LoginScreen() {
  const { t } = useLingui();
  const language = useLanguage();
  const settings = useSiteSettings().data;
  const address = settings && (language === 'ar' ? settings.addressAr : settings.address);
  const hotelName = useHotelName();
  const [params] = useSearchParams();
  const loginCall = useLogin();
  const navigateLater = useDelayedNavigate();
  const { values, change, validate, refuse, message, formRef } = useFormFields({
    email: params.get('email') ?? '',
    password: '',
  });
  const google = params.get('google');
  const providers = useProviders();
  const navigate = useNavigate();
  const [refused, setRefused] = useState(false);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = validate(loginSchema);
    if (!data) return;
    setRefused(false);
    loginCall.mutate(data, {
      onSuccess: (result) => {
        showToast({
          variant: 'success',
          title: t`Welcome!`,
          description: result.message || t`Logged in successfully`,
        });
        navigateLater(landingAfterSignIn(result.user.role), TIMING.loginRedirect);
      },
      onError: (error) => {
        refuse(fieldErrorsOf(error));
        if (errorCode(error) === 'invalid_credentials') {
          setRefused(true);
          return;
        }
        // Not verified yet (spec: requiresVerification): on to the code screen with the address.
        if (errorCode(error) === 'verify_required') {
          navigate(`/verify-email?email=${encodeURIComponent(data.email)}`);
          return;
        }
        if (error instanceof ApiRequestError || error instanceof TypeError || error.name === 'TimeoutError') {
          showToast({
            variant: 'error',
            title: t`Login error`,
            description: errorMessage(error, t`Login failed`),
          });
        } else {
          showToast({ variant: 'error', title: t`Error`, description: t`An unexpected error occurred` });
        }
      },
    });
  }

  // Between a successful answer and the redirect, the form stays locked.
  const busy = loginCall.isPending || loginCall.isSuccess;
  return (
    <AuthPage
      title={<Trans>Log in</Trans>}
      intro={<Trans>Welcome back to {hotelName}.</Trans>}
      footer={
        <footer className="flex flex-col items-center gap-1 text-center text-sm text-slate-700">
          {address ? <p>{address}</p> : null}
          <p>
            <HotelPhoneLink className="font-semibold text-teal-800 underline" />
          </p>
        </footer>
      }
    >
      {google === 'failed' || google === 'unavailable' ? (
        <p
          role="alert"
          className="rounded-xl bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-700/30"
        >
          {google === 'failed' ? (
            <Trans>Google sign-in did not complete. Please try again, or log in with your e-mail.</Trans>
          ) : (
            <Trans>Google sign-in is not available right now. Please log in with your e-mail.</Trans>
          )}
        </p>
      ) : null}
      <form ref={formRef} noValidate onSubmit={submit} className="flex flex-col gap-4">
        {refused ? (
          <div
            role="alert"
            data-testid="login-refused"
            className="rounded-xl bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-700/30"
          >
            {/* The spec's title for a refused login ("خطأ في تسجيل الدخول"), then why. */}
            <p className="font-bold">
              <Trans>Login error</Trans>
            </p>
            <p className="font-semibold">
              <Trans>The e-mail or password is wrong.</Trans>
            </p>
          </div>
        ) : null}
        <EmailField
          autoComplete="username"
          value={values.email}
          onChange={change('email')}
          error={message('email')}
        />
        <AccountPasswordField
          mode="current"
          value={values.password}
          onChange={change('password')}
          error={message('password')}
        />
        <Link
          href={`/forgot-password${values.email ? `?email=${encodeURIComponent(values.email)}` : ''}`}
          className={`${inlineLinkClass} -mt-2 self-start text-sm`}
        >
          <Trans>Forgot password?</Trans>
        </Link>
        <Button type="submit" isPending={busy} className="mt-2 w-full">
          {loginCall.isPending ? <Trans>Logging in…</Trans> : <Trans>Log in</Trans>}
        </Button>
      </form>
      {/* Google only where the hotel configured it: a button that always fails is worse than none. */}
      {providers.data?.google ? (
        <>
          <div className="flex items-center gap-3 text-sm text-slate-600" aria-hidden="true">
            <span className="h-px flex-1 bg-sand-200" />
            <Trans>or</Trans>
            <span className="h-px flex-1 bg-sand-200" />
          </div>
          {/* A full page load, not a router link: /auth/google is served by the worker. */}
          <a href="/auth/google" className={buttonClass('secondary', 'w-full')}>
            <GoogleIcon />
            <Trans>Continue with Google</Trans>
          </a>
        </>
      ) : null}
      <p className="text-center text-slate-700">
        <Trans>No account yet?</Trans>{' '}
        <Link href="/register" className={inlineLinkClass}>
          <Trans>Create an account</Trans>
        </Link>
      </p>
    </AuthPage>
  );
}
