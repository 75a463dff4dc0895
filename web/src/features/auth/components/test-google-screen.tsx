import { Trans } from '@lingui/react/macro';
import { buttonClass } from '@/components/ui/button';
import { AuthPage } from './auth-page';
import { GoogleIcon } from '@/components/more-icons';

/** /test-google: spec section 2 (Google test) and the app's Google sign-in. */
export function TestGoogleScreen() {
  return (
    <AuthPage title={<Trans>Google sign-in test</Trans>}>
      {/* A full page load, not a router link: /auth/google is served by the worker. */}
      <a href="/auth/google" className={buttonClass('primary', 'w-full')}>
        <GoogleIcon />
        <Trans>Sign in with Google</Trans>
      </a>
      <p className="text-sm text-slate-700">
        <Trans>
          For this to work, the site's domain must be registered with the sign-in provider (Google) as an
          authorised origin and redirect address. Otherwise Google refuses the request and you come back to
          the login page.
        </Trans>
      </p>
    </AuthPage>
  );
}
