// @vitest-environment jsdom
import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, StrictMode, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { messages as wholeArabic } from '@/locales/ar.po';
import { messages as wholeEnglish } from '@/locales/en.po';
import { messages as guestArabic } from '@/locales/ar.po?guest';
import { messages as guestEnglish } from '@/locales/en.po?guest';
import { activateLanguage, loadAllMessages } from '@/lib/i18n';
import { lazy } from '@/lib/lazy';
import { queryClient } from '@/lib/query-client';
import { Router } from '@/lib/router';
import { AppProviders } from './providers';
import { AppLayout } from './app-layout';
import { AppRoutes } from './router';
import { LANDING_ROOTS } from './landing-roots';
import { screen as routeScreen } from './route-screen';

/*
 * The landing page loads its own messages only (every message of the app, 49.5 KB gzip
 * in Arabic, arrived on it): `@/locales/ar.po?landing` (web/build/landing-catalog.ts), what the
 * landing's first script and the parts it shows before a tap use. Every other part waits for the
 * whole catalogue (lib/lazy.ts).
 */

/** The landing's messages, gzip, at most (the whole Arabic catalogue is about 49 KB). */
const LANDING_CATALOGUE_BUDGET_BYTES = 4_000;
/** The landing page uses about 80 messages of the app's 2,360. */
const LANDING_MESSAGES_AT_MOST = 150;

/** Bytes of `text` gzip-compressed. */
const gzipBytes = async (text: string) =>
  (await new Response(new Response(text).body!.pipeThrough(new CompressionStream('gzip'))).arrayBuffer())
    .byteLength;

const languages = [
  ['ar', wholeArabic],
  ['en', wholeEnglish],
] as const;

afterAll(() => queryClient.clear());

describe.each(languages)("the landing page's catalogue (%s)", (language, whole) => {
  it('holds its own messages only, within the budget', async () => {
    await activateLanguage(language, { landingOnly: true });
    const held = Object.keys(i18n.messages);
    expect(held.length).toBeGreaterThan(40);
    expect(held.length).toBeLessThanOrEqual(LANDING_MESSAGES_AT_MOST);
    expect(await gzipBytes(JSON.stringify(i18n.messages))).toBeLessThanOrEqual(
      LANDING_CATALOGUE_BUDGET_BYTES,
    );
    // The same translations as the whole catalogue's.
    for (const id of held) expect(i18n.messages[id]).toEqual(whole[id]);
  });

  it('is enough for the landing page as prerendered: no message missing', async () => {
    await activateLanguage(language, { landingOnly: true });
    expect(Object.keys(i18n.messages).length).toBeLessThan(Object.keys(whole).length);
    const missing: string[] = [];
    const listener = ({ id }: { id: string }) => missing.push(id);
    i18n.on('missing', listener);
    let html: string;
    try {
      html = renderToString(
        <StrictMode>
          <AppProviders restore={false}>
            <Router ssrPath="/">
              <AppLayout>
                <AppRoutes />
              </AppLayout>
            </Router>
          </AppProviders>
        </StrictMode>,
      );
    } finally {
      i18n.removeListener('missing', listener);
    }
    expect(missing).toEqual([]);
    expect(html).toContain(language === 'ar' ? 'الحجز السريع' : 'Quick booking');
  });
});

/** Renders `part` until `text` is on screen: the ids of the messages found missing meanwhile. */
async function missingWhileShowing(part: ReactNode, text: string): Promise<string[]> {
  const missing: string[] = [];
  const listener = ({ id }: { id: string }) => missing.push(id);
  i18n.on('missing', listener);
  try {
    render(
      <I18nProvider i18n={i18n}>
        <Suspense fallback="…">{part}</Suspense>
      </I18nProvider>,
    );
    expect(await screen.findByText(text)).toBeTruthy();
  } finally {
    i18n.removeListener('missing', listener);
  }
  return missing;
}

describe('a lazy part outside the landing page', () => {
  it("renders once the guest's messages have arrived, in the language of the page", async () => {
    await activateLanguage('ar', { landingOnly: true });
    // Not a landing message (the not-found screen's): the landing's catalogue does not hold it.
    expect(Object.values(i18n.messages).flat()).not.toContain('ربما حُذفت الصفحة التي تبحث عنها أو نُقلت.');
    const Part = lazy(async () => ({
      default: function Part() {
        return <Trans>The page you are looking for may have been deleted or moved.</Trans>;
      },
    }));
    // Never rendered without its message (the id, or the English, for a moment).
    expect(await missingWhileShowing(<Part />, 'ربما حُذفت الصفحة التي تبحث عنها أو نُقلت.')).toEqual([]);
    // The guest's catalogue: about a third of the whole, none of the back office's own screens.
    expect(Object.keys(i18n.messages).length).toBe(Object.keys(guestArabic).length);
    expect(Object.keys(guestArabic).length).toBeLessThan(Object.keys(wholeArabic).length / 2);
    expect(Object.values(i18n.messages).flat()).not.toContain('أسعار الليالي القادمة');
  });

  it("switches the language with the guest's messages when no screen has wanted more", async () => {
    // (The language switch: components/layout/language-switch.tsx.)
    await activateLanguage('en', { landingOnly: true });
    expect(i18n.locale).toBe('en');
    expect(Object.keys(i18n.messages).length).toBe(Object.keys(guestEnglish).length);
    await activateLanguage('ar', { landingOnly: true });
    expect(Object.keys(i18n.messages).length).toBe(Object.keys(guestArabic).length);
  });

  it("renders a route's screen once every message has arrived (the back office's too)", async () => {
    const Screen = routeScreen(
      async () => ({
        RevenueTitle: function RevenueTitle() {
          return <Trans>Prices of the nights ahead</Trans>;
        },
      }),
      (module) => module.RevenueTitle,
    );
    expect(await missingWhileShowing(<Screen />, 'أسعار الليالي القادمة')).toEqual([]);
    expect(Object.keys(i18n.messages).length).toBe(Object.keys(wholeArabic).length);
  });

  it('leaves the whole catalogue in place when the language is switched', async () => {
    await loadAllMessages();
    await activateLanguage('en');
    expect(Object.keys(i18n.messages).length).toBe(Object.keys(wholeEnglish).length);
    await activateLanguage('ar', { landingOnly: true });
    expect(Object.keys(i18n.messages).length).toBe(Object.keys(wholeArabic).length);
  });
});

// Every landingLazy part loads a module whose messages the landing's catalogue holds.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('landingLazy', () => {
  it('loads only the parts listed in LANDING_ROOTS', () => {
    const loaded: string[] = [];
    for (const [path, code] of Object.entries(sources)) {
      if (path.endsWith('lib/lazy.ts')) continue;
      for (const call of code.matchAll(/landingLazy\(\s*(?:\(\)\s*=>\s*import\('([^']+)'\)|(\w+))/g)) {
        const specifier =
          call[1] ?? code.match(new RegExp(`const ${call[2]} = \\(\\) => import\\('([^']+)'\\)`))?.[1];
        expect(specifier, `${path}: ${call[0]}`).toBeDefined();
        // The file's path under web/src (this test is in web/src/app).
        const from = path.startsWith('./') ? `app/${path.slice(2)}` : path.replace(/^\.\.\//, '');
        const target = specifier!.startsWith('@/')
          ? specifier!.slice(2)
          : new URL(specifier!, `file:///${from}`).pathname.slice(1);
        loaded.push(target.replace(/\.tsx?$/, ''));
      }
    }
    expect(loaded.length).toBeGreaterThanOrEqual(7);
    const roots = LANDING_ROOTS.map((root) => root.replace(/\.tsx?$/, ''));
    for (const target of loaded) expect(roots, target).toContain(target);
  });
});
