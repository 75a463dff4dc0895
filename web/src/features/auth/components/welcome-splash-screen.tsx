import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-aria-components';
import { useNavigate } from '@/lib/router';
import { TIMING } from '@shared/constants';
import { useCurrentUser } from '@/entities/session/use-current-user';

function prefersReducedMotion() {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * /admin-welcome: the splash after the administrator signs in (spec section
 * 2): the logo, then the hotel's name, then a greeting fade in at 0.5, 1.5
 * and 2.5 s; at 4.5 s the main page opens (spec), its footer's Admin button leads to the back office.
 * With reduced motion everything
 * shows at once, without fading. (Not named admin-*: that prefix marks the
 * back-office chunks the service worker leaves out of the precache.)
 */
export function WelcomeSplashScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const user = useCurrentUser().data;
  const [calm] = useState(prefersReducedMotion);
  const [stage, setStage] = useState(calm ? 3 : 0);

  useEffect(() => {
    const timers = calm
      ? []
      : TIMING.splashSteps.map((ms, i) => window.setTimeout(() => setStage(i + 1), ms));
    timers.push(window.setTimeout(() => void navigate('/', { replace: true }), TIMING.splash));
    return () => timers.forEach((id) => window.clearTimeout(id));
  }, [calm, navigate]);

  const fade = (shownFrom: number) =>
    `motion-safe:transition-all motion-safe:duration-1000 ${
      stage >= shownFrom ? 'opacity-100 translate-y-0' : 'opacity-0 motion-safe:translate-y-2'
    }`;

  return (
    <main className="flex min-h-[75dvh] flex-col items-center justify-center gap-6 px-4 py-12 text-center">
      <img
        src="/icon.svg"
        alt={t`Al Maabila Hotel logo`}
        width={128}
        height={128}
        className={`rounded-3xl shadow-lg ${fade(1)}`}
        data-testid="splash-logo"
      />
      <h1 className={`text-4xl font-bold text-teal-800 ${fade(2)}`}>
        <Trans>Al Maabila Hotel</Trans>
      </h1>
      <p className={`text-xl text-slate-700 ${fade(3)}`}>
        {user ? <Trans>Welcome, {user.fullName}</Trans> : <Trans>Welcome</Trans>}
      </p>
      <Link
        href="/"
        className="mt-4 text-sm font-semibold text-teal-800 underline underline-offset-4 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
      >
        <Trans>Skip</Trans>
      </Link>
    </main>
  );
}
