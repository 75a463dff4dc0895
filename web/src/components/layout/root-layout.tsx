import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link } from 'react-aria-components';
import { Outlet, ScrollRestoration } from 'react-router';
import { HOTEL } from '../../../../shared/src/constants';
import { AppToastRegion } from '../ui/toast';
import { LanguageSwitch } from './language-switch';

/**
 * Header (hotel name, account, language), the screen, and the footer (address
 * and contacts). The account part and the footer's extra buttons come from
 * the app (app/app-layout.tsx), which also mounts react-aria's routing and
 * locale around it, so this shell knows nothing of features or of the app.
 */
export function RootLayout({
  account,
  footerActions,
  compactBrand = false,
  headerAside,
}: {
  account?: ReactNode;
  footerActions?: ReactNode;
  /**
   * More of the account (the points badge): a second header row on phones,
   * where one row cannot hold it; after the account part from 768 px.
   */
  headerAside?: ReactNode;
  /** On phones, the logo alone (room for a signed-in user's name in the header). */
  compactBrand?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        <Trans>Skip to content</Trans>
      </a>
      <header className="app-header sticky top-0 z-30 border-b border-sand-200 bg-sand-50/95 backdrop-blur">
        <div
          className={`mx-auto max-w-6xl items-center gap-2 px-4 py-3 ${
            headerAside
              ? 'grid grid-cols-[auto_minmax(0,1fr)] md:flex md:justify-between'
              : 'flex justify-between'
          }`}
        >
          <Link
            href="/"
            aria-label={compactBrand ? t`Al Maabila Hotel` : undefined}
            className="flex shrink-0 items-center gap-2 text-lg font-bold text-teal-800 no-underline outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-gold-700"
          >
            <img src="/icon.svg" alt="" width={36} height={36} className="rounded-lg" />
            <span className={compactBrand ? 'hidden md:inline' : undefined}>{t`Al Maabila Hotel`}</span>
          </Link>
          <nav aria-label={t`Main`} className="flex min-w-0 items-center justify-end gap-1">
            {account}
            <LanguageSwitch />
          </nav>
          {headerAside ? (
            <div className="col-span-2 flex min-w-0 items-center justify-between gap-2 md:shrink-0 md:justify-end md:border-s md:border-sand-200 md:ps-2">
              {headerAside}
            </div>
          ) : null}
        </div>
      </header>
      <div id="main" tabIndex={-1} className="outline-none">
        <Outlet />
      </div>
      <footer className="mt-12 bg-teal-800 text-sand-50">
        <div className="mx-auto grid max-w-6xl gap-4 px-4 py-8 sm:grid-cols-3">
          <div>
            <p className="text-lg font-bold">{t`Al Maabila Hotel`}</p>
            <p className="text-sm text-sand-100">
              <Trans>Comfortable rooms in the heart of Seeb, minutes from the sea and the airport.</Trans>
            </p>
          </div>
          <address className="text-sm not-italic">
            <p>{t`Seeb, Muscat, Oman`}</p>
            <p>
              <a className="underline" href={`tel:${HOTEL.phone}`} dir="ltr">
                {HOTEL.phone}
              </a>
            </p>
            <p>
              <a className="underline" href={`mailto:${HOTEL.email}`}>
                {HOTEL.email}
              </a>
            </p>
          </address>
          {footerActions ? <div className="flex flex-col gap-2">{footerActions}</div> : null}
        </div>
      </footer>
      <AppToastRegion />
      <ScrollRestoration />
    </>
  );
}
