import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { queryClient } from '@/lib/query-client';
import { whenIdle } from '@/lib/tasks';
import { LAST_KNOWN_ATTRIBUTE, showsLastKnownAccount } from '@/lib/last-known-flag';
import { DRAWN_PLACES, drawnPartLive } from '@/lib/drawn-parts';

/*
 * The app's side of the header drawn from what the phone last knew (lib/last-known-account.ts,
 * app/last-known-draw.ts; docs/decisions/099-landing-first-second.md): it starts from the same
 * values, draws its own header in one frame once every part of it can render, and keeps the
 * values for the next visit (remember-account.ts, a chunk of its own started at idle).
 */

/**
 * On a page whose header was drawn from the last known account, before the app's first render:
 * the app starts from the same values (last-known-seed.ts, a chunk of its own, fetched only then).
 */
export function seedFromLastKnownAccount(): Promise<void> {
  if (!showsLastKnownAccount()) return Promise.resolve();
  return import('./last-known-seed').then(
    (module) => module?.seedFromLastKnownAccount(),
    () => undefined, // the app then starts from the server's answers alone
  );
}

/** Starts keeping the signed-in guest's header for the next visit, once the page is idle. */
export function rememberAccountWhenIdle(): void {
  whenIdle(() => void import('./remember-account').then((module) => module?.rememberAccount(queryClient)));
}

/**
 * For the app's layout: whether its account parts may render. On a page whose header was drawn
 * from the last known account, not before `ready` (their code has arrived, so they render in one
 * frame without suspending): until then the drawn header stays, and the app's first render (which
 * takes the prerendered page over) has none of them, as the prerendered page has none. In the
 * frame where they appear, the drawn ones are taken away; once the server has answered the
 * sign-in lookup, the values are no longer marked as the last known.
 */
export function useAccountPartsLive({
  ready,
  confirmed,
}: {
  /** Prepares the account parts' code; resolves once they render at once. */
  ready: () => Promise<unknown>;
  /** Whether the server has answered the sign-in lookup on this page. */
  confirmed: boolean;
}): boolean {
  const [drawn] = useState(showsLastKnownAccount);
  const [live, setLive] = useState(!drawn);
  // Taking the prerendered page over, the account parts render as the prerender did (none): the
  // sign-in lookup may already be answered then (a booking form opened before the takeover asked,
  // app/panel-first.tsx), and a log-in link the page does not have would make React throw the
  // page away (hydration error 418). They render right after.
  const takenOver = useSyncExternalStore(subscribeNothing, isClient, isServer);
  useEffect(() => {
    if (live) return;
    let current = true;
    const go = () => current && setLive(true);
    ready().then(go, go);
    return () => {
      current = false;
    };
  }, [live, ready]);
  useLayoutEffect(() => {
    if (!drawn || !live) return;
    for (const id of DRAWN_PLACES.header) document.getElementById(id)?.replaceChildren();
    // A tap on the drawn header's bell, My bookings or Log out is given to the app's own now.
    drawnPartLive('header');
  }, [drawn, live]);
  useEffect(() => {
    if (confirmed) document.documentElement.removeAttribute(LAST_KNOWN_ATTRIBUTE);
  }, [confirmed]);
  return live && takenOver;
}

const subscribeNothing = () => () => {};
const isClient = () => true;
const isServer = () => false;
