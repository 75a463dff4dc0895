import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import { onOwnServer } from './support/own-server';
import { savedQueryCache } from './support/query-cache';

/**
 * Maintenance mode: while it is on, every guest page is the maintenance page and every guest write
 * is refused, so on the journeys' own server it would need a stage of its own after all of them,
 * one worker idle. It runs on a server of its own instead, beside the other journeys
 * (e2e/support/own-server.ts).
 */

const test = onOwnServer('maintenance', 0);

// The installed app's service worker is checked here (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

async function signedIn(browser: Browser, email: string, password: string, width = 820): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 1180 } });
  const page = await context.newPage();
  const login = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(login.ok()).toBe(true);
  return page;
}

async function setMaintenance(page: Page, on: boolean) {
  const settings = await (await page.request.get('/api/site-settings')).json();
  const { updatedAt: _stamp, ...body } = settings as Record<string, unknown>;
  const res = await page.request.put('/api/admin/site-settings', { data: { ...body, maintenanceMode: on } });
  expect(res.ok()).toBe(true);
}

test('maintenance: guests see the maintenance page and cannot write; staff keep working under a banner', async ({
  browser,
}) => {
  // A guest who installed the app before maintenance: its service worker controls the page and
  // the settings (maintenance off) sit in the persisted query cache. The page's clock is
  // installed so the test can move it past the settings' 5-minute check.
  const installedContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const installed = await installedContext.newPage();
  await installed.clock.install();
  await installed.goto('/');
  await expect(installed.getByTestId('landing-card-offers')).toBeVisible();
  await installed.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await installed.reload();
  expect(await installed.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(installed.getByTestId('landing-card-offers')).toBeVisible();
  // The app starts at the guest's first intent (decision 086): a move of the mouse, then the app
  // has taken the page over (its boot's overlay gone) with the settings of before maintenance.
  await installed.mouse.move(10, 10);
  await expect(installed.locator('#boot-busy')).toHaveCount(0, { timeout: 20_000 });

  const admin = await signedIn(browser, 'admin@example.com', 'change-me-admin');
  await admin.goto('/admin/settings');
  const form = admin.getByTestId('settings-form');
  await form.getByTestId('maintenance-switch').click();
  await form.getByRole('button', { name: 'حفظ الإعدادات' }).click();
  await expect(admin.getByTestId('settings-saved')).toHaveText('تم حفظ إعدادات الموقع');
  await expect(admin.getByTestId('maintenance-banner')).toBeVisible();
  try {
    // A guest's phone, in Arabic and then English.
    const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const guest = await guestContext.newPage();
    await guest.goto('/');
    await expect(guest.getByTestId('maintenance-screen')).toBeVisible();
    await expect(guest.getByRole('heading', { level: 1, name: 'سنعود قريباً' })).toBeVisible();
    await guest.getByRole('button', { name: 'تغيير اللغة' }).click();
    await expect(guest.getByRole('heading', { level: 1, name: 'We will be back shortly' })).toBeVisible();
    const write = await guest.request.post('/api/location-sharing-submissions', {
      data: { participantPhone: '+968 9555 7711' },
    });
    expect(write.status()).toBe(503);
    expect(write.headers()['retry-after']).toBe('900');
    await guestContext.close();

    // The installed app, left open: its next settings check shows the maintenance page without
    // a reload; opened again (from the service worker's copy of the page), and then offline,
    // it shows the page too.
    await expect(installed.getByTestId('maintenance-screen')).toHaveCount(0);
    await installed.clock.fastForward('05:01');
    await expect(installed.getByTestId('maintenance-screen')).toBeVisible();
    const reopened = await installedContext.newPage();
    await reopened.goto('/');
    await expect(reopened.getByRole('heading', { level: 1, name: 'سنعود قريباً' })).toBeVisible();
    // Offline, the page reads the settings from the persisted query cache, which is written at
    // most once a second: going offline before it holds maintenance would reopen the old settings.
    await expect.poll(() => savedQueryCache(reopened)).toContain('"maintenanceMode":true');
    await installedContext.setOffline(true);
    await reopened.reload();
    await expect(reopened.getByRole('heading', { level: 1, name: 'سنعود قريباً' })).toBeVisible();
    await installedContext.close();

    // Staff sign in and keep working: the inventory screen, under the banner.
    const staff = await signedIn(browser, 'staff@example.com', 'change-me-staff');
    await staff.goto('/admin/inventory');
    await expect(staff.getByTestId('maintenance-banner')).toBeVisible();
    await expect(staff.getByTestId('maintenance-screen')).toHaveCount(0);
    const offers = await staff.request.get('/api/admin/offers');
    const first = ((await offers.json()) as { offers: { id: number; isActive: boolean }[] }).offers[0]!;
    const toggle = await staff.request.patch(`/api/admin/offers/${first.id}/active`, {
      data: { isActive: first.isActive },
    });
    expect(toggle.status()).toBe(200);
    await staff.context().close();
  } finally {
    await setMaintenance(admin, false);
  }
  const guestContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const guest = await guestContext.newPage();
  await guest.goto('/');
  await expect(guest.getByTestId('landing-card-offers')).toBeVisible();
  await expect(guest.getByTestId('maintenance-screen')).toHaveCount(0);
  await guestContext.close();
  await admin.context().close();
});
