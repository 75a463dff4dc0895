import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { activateLanguage, initialLanguage, preloadAllMessages } from '@/lib/i18n';
import { setRoutePreloader } from '@/lib/router';
import { holdIdleWork, nextTask, whenIdle } from '@/lib/tasks';
import { startWhenIdle } from '@/offline/start-when-idle';
import { AppLayout, preloadSignedInParts } from './app-layout';
import { rememberAccountWhenIdle, seedFromLastKnownAccount } from './last-known-account';
import {
  forgetAskedAddress,
  openBookFirst,
  openPanelFirst,
  takeAskedBook,
  takeAskedPanel,
} from './panel-first';
import { AppProviders, loadPersistence } from './providers';
import { AppRoutes, preloadMoreRoutes, preloadScreen } from './router';

/** Starts the app in #root: the second half of main.tsx, a chunk of its own (see there). */
export function startApp(): void {
  const language = initialLanguage();
  const container = document.getElementById('root')!;
  // A card tapped before the app started (the boot script's `__bootPanel`), or an address asking
  // for something (/?quick=true, /?admin=true): the guest waits for it, so the idle work below
  // waits until the app has started and taken it in hand (app/landing-screen.tsx holds it then).
  const asked =
    (window as { __bootPanel?: unknown }).__bootPanel ||
    (window as { __bootBook?: unknown }).__bootBook ||
    [...new URLSearchParams(location.search).keys()].some((key) => key !== 'lang');
  if (asked) addEventListener('app-started', holdIdleWork(), { once: true });
  // Such a panel is drawn first, and the page taken over after it (app/panel-first.tsx).
  const panel = takeAskedPanel();
  // So is the booking form of a room card's Book Now drawn before the app and tapped before it.
  const book = panel ? null : takeAskedBook();
  // The landing page arrives rendered at build time (web/build/prerender.ts) in the language the
  // worker chose; React takes it over (hydration) when this visit shows the same page in the same
  // language, and otherwise renders afresh in its place (decision 012). Whatever its address asks
  // for (a panel, the back office) it opens after that first render (app/landing-screen.tsx).
  const hydrate = container.dataset.prerendered === language && location.pathname === '/';

  // The language catalog loads before React starts, so no text flashes in the wrong language; meanwhile
  // IndexedDB says whether there is a cached visit to restore. React then starts in a task of its
  // own, apart from evaluating the catalog (lib/tasks.ts).
  // The landing page's first screen needs its own messages only (lib/i18n.ts); any other address
  // all of them. (A panel its address asks for, /?events=true, waits for them itself, lib/lazy.ts,
  // and the boot script has fetched them beside the app.) Online, it reads nothing from storage
  // before it is idle either (app/providers.tsx): its screen asks the network at once.
  const landingOnly = location.pathname === '/' || location.pathname === '/hotel';
  const restore: Promise<boolean | 'at-idle'> =
    landingOnly && navigator.onLine
      ? Promise.resolve('at-idle')
      : loadPersistence().then(
          (module) => module?.hasPersistedQueries() ?? false,
          () => true,
        );
  // On the landing page, the boot script links the whole stylesheet as it imports the app: the app
  // renders once it has loaded, so it shows nothing the first screen's inlined rules do not cover.
  const sheet = (window as { __bootSheet?: Promise<unknown> }).__bootSheet;
  // A header drawn from what the phone last knew: the app starts from the same values.
  const started = Promise.all([
    activateLanguage(language, { landingOnly }),
    restore,
    sheet,
    seedFromLastKnownAccount(),
  ]);
  // The screen of the address the app opens on asks for its first data and its code now, beside the
  // catalog, rather than once React has rendered its route (app/more-routes.tsx, preloadRoute);
  // links about to be followed use the same (lib/router.tsx). The header's signed-in parts come
  // after: over HTTP/1.1 a browser opens six connections to a server, and requests queue in the
  // order they are made.
  setRoutePreloader((path) => {
    preloadAllMessages();
    void preloadScreen(path);
  });
  void preloadScreen(location.pathname + location.search)
    .then(preloadSignedInParts)
    .catch(() => undefined); // met again as they render
  void started.then(async ([, restore]) => {
    await nextTask();
    if (panel) {
      // (Not longer than a few seconds: the page is taken over after that whatever the panel does.)
      await Promise.race([openPanelFirst(panel), new Promise((resolve) => setTimeout(resolve, 5_000))]);
      forgetAskedAddress(panel);
      await nextTask();
    } else if (book) {
      await Promise.race([openBookFirst(book), new Promise((resolve) => setTimeout(resolve, 5_000))]);
      await nextTask();
    }
    const app = (
      <StrictMode>
        <AppProviders restore={restore}>
          <AppLayout>
            <AppRoutes />
          </AppLayout>
        </AppProviders>
        <Started />
      </StrictMode>
    );
    // As a transition, React renders in slices of a few milliseconds and lets the browser answer
    // taps in between, rather than in one long task (Lighthouse's total blocking time).
    startTransition(() => {
      if (hydrate) hydrateRoot(container, app);
      else createRoot(container).render(app);
    });
    // The service worker's registration is a small chunk of its own, out of the first script, and
    // waits until the page is idle: its install fetches the whole precache (about 150 files), which
    // then does not share the connection and the cores with the app's start (decision 086).
    whenIdle(
      () => void import('@/offline/register-service-worker').then((module) => module.registerServiceWorker()),
    );
    // The live announcer's tidying matters only once something is announced: a chunk of its own,
    // out of the first script, started when the page is idle.
    whenIdle(() => void import('@/lib/announcer-tidy').then((module) => module.keepAnnouncerTidy()));
    // The offline outbox (Dexie) starts once the page is idle: not part of the landing's first load.
    startWhenIdle();
    // So is the table of the other pages' routes: a link from the landing page then opens at once.
    whenIdle(preloadMoreRoutes);
    // And the keeping of a signed-in guest's header for the next visit (app/last-known-account.tsx).
    rememberAccountWhenIdle();
  });
}

/**
 * Tells the landing page's boot script (web/build/prerender.ts, writeBoot) that the app has taken the
 * page over, once its first render is on the page: a tap the boot answered before then is given
 * to the app now. Renders nothing (the prerendered markup stays the same).
 */
function Started() {
  useEffect(() => {
    dispatchEvent(new Event('app-started'));
  }, []);
  return null;
}
