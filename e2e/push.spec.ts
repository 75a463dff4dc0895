import { expect, test } from './fixtures';

/** What the journey touches of the service worker's global scope (the e2e types have no webworker lib). */
type Worker = EventTarget & {
  registration: ServiceWorkerRegistration;
  NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
};

// The service worker is what this journey checks (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/**
 * Web Push in the installed app: a push message is delivered to the
 * service worker through the DevTools protocol (`ServiceWorker.deliverPushMessage`, as the
 * browser does when its push service hands one over; the worker's encryption and the push
 * service are covered by worker/src/modules/messaging/push.test.ts), shown as a notification in its language,
 * and its click opens the screen it is about. DevTools cannot click a notification, so the
 * click is the service worker's own `notificationclick` event, dispatched in it (a test hook).
 */
// @full-browser: Chromium's headless shell shows no notifications (scripts/chromium.mjs).
test(
  'a pushed message is shown in Arabic and its click opens the draws',
  { tag: '@full-browser' },
  async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL });
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // The page is controlled once the worker has claimed it (clientsClaim, web/src/sw.ts).
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const message = {
      title: 'تمت الموافقة على مشاركتك',
      body: 'صورك مشاركة في سحب هذا الشهر.',
      url: '/?events=true',
      tag: 'entry-photography-1',
      lang: 'ar',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL!).origin,
      registrationId: await registrationId,
      data: JSON.stringify(message),
    });

    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    const shown = () =>
      worker!.evaluate(async () =>
        (await (self as unknown as Worker).registration.getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          lang: n.lang,
          dir: n.dir,
          data: n.data as unknown,
        })),
      );
    await expect.poll(shown).toEqual([
      {
        title: message.title,
        body: message.body,
        tag: message.tag,
        lang: 'ar',
        dir: 'rtl',
        data: { url: '/?events=true' },
      },
    ]);

    // The click (dispatched in the worker: see above) opens the screen in the open window.
    await worker!.evaluate(async () => {
      const scope = self as unknown as Worker;
      const [notification] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: notification! }));
    });
    await expect(page.getByRole('dialog', { name: 'الفعاليات والأنشطة المميزة' })).toBeVisible();
    await expect.poll(shown).toEqual([]);
  },
);
