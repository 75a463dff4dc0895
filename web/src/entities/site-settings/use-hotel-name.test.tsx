// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { type SiteSettings, siteSettingsKeys, useHotelName } from './get-site-settings';

function Name() {
  return <p>{useHotelName()}</p>;
}

function renderIn(language: 'ar' | 'en', settings?: Partial<SiteSettings>) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  // No fetch: the settings are in the cache (or not yet), and never stale during the test.
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  if (settings) queryClient.setQueryData(siteSettingsKeys.all, settings as SiteSettings);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <Name />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return queryClient;
}

afterEach(cleanup);

describe('useHotelName', () => {
  const settings = { siteName: 'Seaside Inn', siteNameAr: 'نزل الشاطئ' };

  it('gives the name the admin set, in the active language', () => {
    renderIn('ar', settings);
    expect(screen.getByText('نزل الشاطئ')).toBeTruthy();
    cleanup();
    renderIn('en', settings);
    expect(screen.getByText('Seaside Inn')).toBeTruthy();
  });

  it('gives the default name, translated, until the settings arrive, then theirs', () => {
    const queryClient = renderIn('ar');
    expect(screen.getByText('فندق المعبيلة')).toBeTruthy();
    act(() => void queryClient.setQueryData(siteSettingsKeys.all, settings as SiteSettings));
    return screen.findByText('نزل الشاطئ');
  });
});
