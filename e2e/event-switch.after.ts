import { expect, test } from './fixtures';

/**
 * An admin switches the photography event off and on (a switched-off event is not offered to
 * guests). Runs after every other journey
 * (playwright.config.ts, project "site-settings"): while it is off, the events journeys
 * running beside it would not find the photography card.
 */
const ADMIN = { email: 'admin@example.com', password: 'change-me-admin' };
const ONE_PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4z8AAAAMBAQDJ/pLvAAAAAElFTkSuQmCC',
  'base64',
);

test.describe('the admin on a tablet', () => {
  test.use({ viewport: { width: 820, height: 1180 } });

  test('the admin turns the photography event off and on again', async ({ page }) => {
    const login = await page.request.post('/api/auth/login', { data: ADMIN });
    expect(login.ok(), await login.text()).toBe(true);
    const setting = async () =>
      (
        (await (await page.request.get('/api/event-settings')).json()) as {
          eventType: string;
          isEnabled: boolean;
        }[]
      ).find((s) => s.eventType === 'photography')?.isEnabled;
    try {
      await page.goto('/photography-admin');
      const toggle = page.getByRole('switch', { name: 'فعالية التصوير متاحة للضيوف' });
      // Disabled until the settings load: slow on a busy 2-core machine.
      await expect(toggle).toBeEnabled({ timeout: 15_000 });
      await expect(toggle).toBeChecked();
      await expect(page.getByText('يمكن للمدير فقط')).toHaveCount(0);

      // react-aria hides the input visually: press the visible label.
      await page.getByText('فعالية التصوير متاحة للضيوف').click();
      await expect(page.getByText('تم إيقاف الفعالية')).toBeVisible();
      await expect(toggle).not.toBeChecked();
      await expect(page.getByTestId('event-state')).toHaveText('متوقفة: مغلقة أمام الضيوف');
      expect(await setting()).toBe(false);
      // Guests are now refused.
      const closed = await page.request.put(
        `/api/event-uploads/${crypto.randomUUID()}?eventType=photography`,
        {
          data: ONE_PIXEL_PNG,
          headers: { 'Content-Type': 'image/png' },
        },
      );
      expect(closed.status()).toBe(403);
      // Guests no longer see it offered in the events panel (the other draws stay).
      // A context of its own, made as the config makes them: without a service worker, which
      // would precache the whole app while the panel's code loads (a browser's newPage() allows
      // one; on a busy 2-core machine the panel then took over 5 s to come).
      const guestContext = await page
        .context()
        .browser()!
        .newContext({ baseURL: new URL(page.url()).origin, serviceWorkers: 'block' });
      const guest = await guestContext.newPage();
      await guest.goto('/');
      await guest.getByTestId('landing-card-events').click();
      const panel = guest.getByRole('dialog');
      await expect(panel.getByTestId('event-card-location_sharing')).toBeVisible({ timeout: 15_000 });
      await expect(panel.getByTestId('event-card-photography')).toHaveCount(0);
      await guestContext.close();

      await page.getByText('فعالية التصوير متاحة للضيوف').click();
      await expect(page.getByText('تم تشغيل الفعالية')).toBeVisible();
      await expect(toggle).toBeChecked();
      expect(await setting()).toBe(true);
    } finally {
      await page.request.put('/api/event-settings/photography', { data: { isEnabled: true } });
    }
  });
});
