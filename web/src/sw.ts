/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { LANGUAGE_COOKIE } from '@shared/constants';
import { db } from '@/offline/db';
import { runOutbox } from '@/offline/sender';
import { fetchTransport } from '@/offline/transport-fetch';

/**
 * The service worker (vite-plugin-pwa injectManifest; decision 007).
 * Caching is what the generated worker did before: precache the guest shell
 * (admin-* chunks left out), SPA navigations answered with /index.html except
 * /api/ and /auth/, admin chunks cached on first use, and an update takes
 * over at once. Added: Background Sync tag 'outbox' runs the outbox sender, and staff
 * photos under /media/ are cached on first use.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Parameters<typeof precacheAndRoute>[0] };

// registerType 'autoUpdate': the new worker activates and controls open pages at once.
void self.skipWaiting();
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * A page opened offline (or before the network answers): the prerendered file the worker would
 * send (worker/src/lib/pages.ts; decision 012), in the language of `?lang=` or else of the `lang`
 * cookie, from the precache. A stale choice costs one repaint: the app renders afresh when the
 * page's language is not the stored one (web/src/app/start.tsx), and never keeps a wrong one.
 */
async function pageLanguage(url: URL): Promise<'ar' | 'en'> {
  const asked = url.searchParams.get('lang');
  if (asked === 'ar' || asked === 'en') return asked;
  const store = (self as { cookieStore?: { get(name: string): Promise<{ value: string } | null> } })
    .cookieStore;
  const stored = await store?.get(LANGUAGE_COOKIE).catch(() => null);
  return stored?.value === 'en' ? 'en' : 'ar';
}

registerRoute(
  new NavigationRoute(
    async ({ url }) => {
      const english = (await pageLanguage(url)) === 'en';
      const file =
        url.pathname === '/'
          ? english
            ? '/index-en.html'
            : '/index.html'
          : english
            ? '/shell-en.html'
            : '/shell.html';
      return (await matchPrecache(file)) ?? (await matchPrecache('/index.html')) ?? Response.error();
    },
    // The worker's own pages: a tax invoice's printable page is HTML it makes, not the app's.
    { denylist: [/^\/api\//, /^\/auth\//, /^\/invoices\//] },
  ),
);

// A tax invoice's printable page: the worker's, made each time and never kept on the device (a
// guest's own document, sent `no-store`). With no network the app answers instead, and says why
// (features/bookings/components/manage/invoice-offline-screen.tsx), not the browser's error page.
registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.pathname.startsWith('/invoices/'),
  async ({ request, url }) => {
    try {
      return await fetch(request);
    } catch {
      const file = (await pageLanguage(url)) === 'en' ? '/shell-en.html' : '/shell.html';
      return (await matchPrecache(file)) ?? Response.error();
    }
  },
);

// Admin chunks: cached after the first visit so an offline tablet still opens them.
registerRoute(
  ({ url }) => url.pathname.startsWith('/assets/admin-'),
  new CacheFirst({ cacheName: 'admin-chunks', plugins: [new ExpirationPlugin({ maxEntries: 60 })] }),
  'GET',
);

// Staff photos (/media/, immutable URLs; decision 011) and the demo pictures (/images/demo/,
// hashed names; decision 033): kept once seen, so the app browses offline.
registerRoute(
  ({ url }) => url.pathname.startsWith('/media/') || url.pathname.startsWith('/images/demo/'),
  new CacheFirst({
    cacheName: 'media',
    plugins: [new ExpirationPlugin({ maxEntries: 120, maxAgeSeconds: 60 * 24 * 60 * 60 })],
  }),
  'GET',
);

type SyncEvent = ExtendableEvent & { readonly tag: string; readonly lastChance?: boolean };

self.addEventListener('sync', (event: Event) => {
  const sync = event as SyncEvent;
  if (sync.tag !== 'outbox') return;
  sync.waitUntil(syncOutbox());
});

/**
 * Background Sync fired (the browser thinks it is online, maybe with no page
 * open): send what is due, tell open pages, and fail the event while entries
 * still wait, so the browser fires it again later.
 */
async function syncOutbox() {
  await runOutbox({ transport: fetchTransport, force: true });
  const clients = await self.clients.matchAll({ type: 'window' });
  for (const client of clients) client.postMessage({ type: 'outbox' });
  // A booking waiting for its account to sign in is not the network's to fix: not counted.
  const stillWaiting = await db.outbox
    .where('state')
    .anyOf('waiting', 'sending')
    .filter((entry) => entry.lastError?.status !== 401)
    .count();
  if (stillWaiting > 0) throw new Error('outbox: entries still waiting');
}

/**
 * Web Push (docs/decisions/038-web-push.md): the worker sends a small JSON
 * message, already in the device's language ({ title, body, url, tag, lang }, shared/src/
 * push-schemas.ts); it is shown as a notification written in that language and direction.
 */
type PushPayload = { title: string; body: string; url: string; tag: string; lang: 'ar' | 'en' };

function pushPayloadOf(data: PushMessageData | null): PushPayload | null {
  try {
    const value = data?.json() as Partial<PushPayload> | undefined;
    if (!value || typeof value.title !== 'string') return null;
    return {
      title: value.title,
      body: typeof value.body === 'string' ? value.body : '',
      url: typeof value.url === 'string' && value.url.startsWith('/') ? value.url : '/',
      tag: typeof value.tag === 'string' ? value.tag : 'hotel',
      lang: value.lang === 'en' ? 'en' : 'ar',
    };
  } catch {
    return null;
  }
}

self.addEventListener('push', (event: PushEvent) => {
  const message = pushPayloadOf(event.data);
  if (!message) return;
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      lang: message.lang,
      dir: message.lang === 'ar' ? 'rtl' : 'ltr',
      icon: '/pwa-192x192.png',
      data: { url: message.url },
    }),
  );
});

/**
 * A notification tapped: the screen it is about, in an open window of the app if there is one
 * (brought forward), else in a new one. Only this origin's paths are opened.
 */
async function openScreen(path: unknown) {
  const url = new URL(typeof path === 'string' && path.startsWith('/') ? path : '/', self.location.origin);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  // navigate() works on the windows this worker controls; otherwise a new window opens.
  const navigated = open ? await open.navigate(url.href).catch(() => null) : null;
  if (navigated) {
    await navigated.focus().catch(() => undefined);
    return;
  }
  await self.clients.openWindow(url.href);
}

self.addEventListener('notificationclick', (event: NotificationEvent) => {
  event.notification.close();
  const opening = openScreen((event.notification.data as { url?: unknown } | null)?.url);
  // A click the browser made waits for the screen; a test's own event cannot wait (untrusted).
  try {
    event.waitUntil(opening);
  } catch {
    void opening;
  }
});
