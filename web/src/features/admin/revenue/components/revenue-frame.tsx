import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { AdminPageHeader } from '@/components/admin/admin-page-header';
import type { RevenueScreen } from '../api/revenue';

/** Revenue management's screens, in the order the tabs list them (the price calendar first, at /admin/revenue). */
export const REVENUE_PATHS: { screen: RevenueScreen; href: string }[] = [
  { screen: 'prices', href: '/admin/revenue' },
  { screen: 'settings', href: '/admin/revenue/settings' },
  { screen: 'history', href: '/admin/revenue/history' },
  { screen: 'events', href: '/admin/revenue/events' },
  { screen: 'backtest', href: '/admin/revenue/backtest' },
];

export function RevenueTitle({ screen }: { screen: RevenueScreen }) {
  switch (screen) {
    case 'prices':
      return <Trans>Prices of the nights ahead</Trans>;
    case 'settings':
      return <Trans>Price settings</Trans>;
    case 'history':
      return <Trans>The hotel's history</Trans>;
    case 'events':
      return <Trans>The Gulf's calendar</Trans>;
    case 'backtest':
      return <Trans>The forecast against what happened</Trans>;
  }
}

const tabClass =
  'rounded-full border px-4 py-2 text-sm font-semibold no-underline outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-offset-2 data-[focus-visible]:outline-gold-700';

/** A revenue screen: its title, the tabs to the others, then its body. */
export function RevenueFrame({
  screen,
  subtitle,
  children,
  wide = false,
}: {
  screen: RevenueScreen;
  subtitle: ReactNode;
  children: ReactNode;
  /** The whole width of a desktop (the price calendar's seven columns). */
  wide?: boolean;
}) {
  const { t } = useLingui();
  return (
    <main
      className={`mx-auto flex w-full ${wide ? 'max-w-7xl' : 'max-w-6xl'} flex-col gap-5 px-4 py-8`}
      data-testid={`revenue-${screen}`}
    >
      <AdminPageHeader title={<RevenueTitle screen={screen} />} subtitle={subtitle} />
      <nav aria-label={t`Revenue management`}>
        <ul className="flex flex-wrap gap-2">
          {REVENUE_PATHS.map(({ screen: other, href }) => (
            <li key={other}>
              <Link
                href={href}
                aria-current={other === screen ? 'page' : undefined}
                className={`${tabClass} ${
                  other === screen
                    ? 'border-teal-800 bg-teal-800 text-white'
                    : 'border-sand-200 bg-white text-teal-800 data-[hovered]:border-teal-700'
                }`}
              >
                <RevenueTitle screen={other} />
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </main>
  );
}
