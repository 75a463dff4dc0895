import { chromium } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';

// The service worker is part of what this journey checks (the config blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

test('Chromium reports the app installable, with a bilingual manifest', async ({
  baseURL,
  launchOptions,
}) => {
  // Installability is never reported in an incognito context, so use a real profile.
  const profile = mkdtempSync(join(tmpdir(), 'pwa-profile-'));
  const context = await chromium.launchPersistentContext(profile, { ...launchOptions, baseURL });
  try {
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[];
    };
    expect(installabilityErrors).toEqual([]);

    const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await (await page.request.get(manifestUrl!)).json();
    expect(manifest.name).toContain('فندق المعبيلة');
    expect(manifest.name).toContain('Al Maabila Hotel');
    expect(manifest.translations.en.name).toBe('Al Maabila Hotel');
    expect(manifest.dir).toBe('rtl');
    expect(manifest.icons.some((i: { sizes: string }) => i.sizes === '512x512')).toBe(true);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});
