import { useLingui } from '@lingui/react/macro';
import { memo, Suspense, type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { landingLazy, lazy } from '@/lib/lazy';
import { Link, ScrollToTopOnNavigate } from '@/lib/router';
import { AriaScope, preloadAriaScope, useAriaScopeLoaded } from '../aria-scope/aria-scope';
import { onToastWanted, toastWanted } from '../ui/toast-queue';
import { useHotelName } from '@/entities/site-settings/get-site-settings';
import { useIdle } from '@/hooks/use-idle';
import { useWideScreen } from '@/hooks/use-wide-screen';
import { LanguageSwitch } from './language-switch';
// Below the fold: its own chunk, so the landing's first script does not carry it.
const loadSiteFooter = () => import('./site-footer');
const SiteFooter = landingLazy(loadSiteFooter);
// Toasts wait in their queue (ui/toast-queue.ts) until the region has loaded: with react-aria
// (the first tap, screen, panel or dialog, so it is there before the network may drop), or when
// the first toast comes.
const AppToastRegion = lazy(() => import('../ui/toast'));

/**
 * Header (hotel name, account, language), the screen, and the footer (address
 * and contacts, from the site settings). The account part and the footer's extra buttons come from
 * the app (app/app-layout.tsx), which also mounts react-aria's routing and
 * locale around it, so this shell knows nothing of features or of the app.
 */
export const RootLayout = memo(function RootLayout({
  account,
  footerActions,
  compactBrand = false,
  screenNeedsAria = true,
  headerAside,
  headerNotice,
  notice,
  replaceScreen,
  children,
}: {
  /** The route's screen. */
  children: ReactNode;
  account?: ReactNode;
  footerActions?: ReactNode;
  /**
   * More of the account (the points badge): a second header row on phones,
   * where one row cannot hold it; after the account part from 768 px.
   */
  headerAside?: ReactNode;
  /** On phones, the logo alone (room for a signed-in user's name in the header). */
  compactBrand?: boolean;
  /**
   * The screen renders inside react-aria's providers (components/aria-scope): every screen but
   * the landing page, whose first script holds no react-aria (decision 020).
   */
  screenNeedsAria?: boolean;
  /** A line under the header (staff: "the site is in maintenance"). */
  notice?: ReactNode;
  /** A line inside the sticky header, in view wherever the page is scrolled ("you are offline"). */
  headerNotice?: ReactNode;
  /** Shown instead of the route's screen (guests: the maintenance page). */
  replaceScreen?: ReactNode;
}) {
  const { t } = useLingui();
  // The footer is below the fold: fetched once the page is idle (not in the prerendered HTML).
  const footerReady = useIdle(loadSiteFooter);
  // react-aria's providers load at the guest's first tap or key (or a card's hover, in the
  // landing page): then the next screen, panel or dialog opens without waiting, and a visit
  // that only looks costs nothing.
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const preload = () => {
      for (const event of events) window.removeEventListener(event, preload, true);
      preloadAriaScope();
    };
    for (const event of events) window.addEventListener(event, preload, { capture: true, passive: true });
    return () => {
      for (const event of events) window.removeEventListener(event, preload, true);
    };
  }, []);
  const toastsWanted = useSyncExternalStore(onToastWanted, toastWanted, () => false);
  const wide = useWideScreen();
  const ariaLoaded = useAriaScopeLoaded();
  const footerSpace = <div className="mt-12 min-h-48 bg-teal-800" />;
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        {t`Skip to content`}
      </a>
      <header className="app-header sticky top-0 z-30 border-b border-sand-200 bg-sand-50/95 backdrop-blur">
        {/* One row at every width: the hotel's name (any length an admin sets) and the signed-in
            user's name are cut with an ellipsis rather than widening the page or wrapping. */}
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-2 px-4 py-3">
          <BrandLink compact={compactBrand} />
          <nav aria-label={t`Main`} className="flex min-w-0 items-center justify-end gap-1">
            {account}
            <LastKnownSlot name="row" />
            <LanguageSwitch />
          </nav>
          {headerAside && wide ? <HeaderAsideRow>{headerAside}</HeaderAsideRow> : null}
          <LastKnownSlot name="aside" />
        </div>
        {headerNotice}
      </header>
      <LastKnownSlot name="bar" />
      {headerAside && !wide ? <HeaderAsideBar>{headerAside}</HeaderAsideBar> : null}
      {notice}
      <div id="main" tabIndex={-1} className="outline-none">
        {replaceScreen ??
          (screenNeedsAria ? (
            <AriaScope fallback={<div className="min-h-screen" />}>{children}</AriaScope>
          ) : (
            children
          ))}
      </div>
      {footerReady ? (
        <Suspense fallback={footerSpace}>
          <SiteFooter actions={footerActions} />
        </Suspense>
      ) : (
        footerSpace
      )}
      {toastsWanted || ariaLoaded ? (
        <AriaScope>
          <AppToastRegion />
        </AriaScope>
      ) : null}
      <ScrollToTopOnNavigate />
    </>
  );
});

/** The rest of the account (the points badge) in the header's row, from 768 px. */
export function HeaderAsideRow({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-w-0 shrink-0 items-center justify-end gap-2 border-s border-sand-200 ps-2">
      {children}
    </div>
  );
}

/** On phones the rest of the account (the points badge) is a bar under the header, not a second header row. */
export function HeaderAsideBar({ children }: { children: ReactNode }) {
  return (
    <div className="border-b border-sand-200 bg-sand-50">
      <div className="mx-auto flex max-w-6xl min-w-0 items-center justify-between gap-2 px-4 py-1.5">
        {children}
      </div>
    </div>
  );
}

// The same object each render: React never writes into the places below (see LastKnownSlot).
const EMPTY = { __html: '' };

/**
 * An empty place in the header for what the landing page's second inline script draws from the
 * last known account before the app has started (app/last-known-draw.ts; decision 099): its
 * contents are not React's (an element whose HTML React is given is neither hydrated nor written
 * again while that HTML is the same), and the app empties it in the frame where its own account
 * parts appear (app/last-known-account.tsx). It takes no room of its own (`display: contents`).
 */
function LastKnownSlot({ name }: { name: 'row' | 'aside' | 'bar' }) {
  return <div id={`last-known-${name}`} className="contents" dangerouslySetInnerHTML={EMPTY} />;
}

/**
 * The logo and the hotel's name (from the site settings), a link home; on phones, when `compact`,
 * the logo alone. Its own component: the settings' arrival renders this link again, not the layout.
 */
function BrandLink({ compact }: { compact: boolean }) {
  const hotelName = useHotelName();
  return (
    <Link
      to="/"
      aria-label={compact ? hotelName : undefined}
      title={hotelName}
      className="flex min-w-9 flex-1 items-center gap-2 text-lg font-bold text-teal-800 no-underline outline-none focus-visible:outline-3 focus-visible:outline-gold-700"
    >
      <img src="/icon.svg" alt="" width={36} height={36} className="shrink-0 rounded-lg" />
      {/* (A header drawn from the last known account compacts it too: styles/app.css, data-last-known.) */}
      <span className={`brand-name min-w-0 truncate ${compact ? 'hidden md:block' : ''}`}>{hotelName}</span>
    </Link>
  );
}
