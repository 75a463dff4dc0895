// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { labelInNameMismatches } from '@/lib/label-in-name';
import { notificationKeys } from '@/entities/notifications/notifications';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import NotificationBell from './notification-bell';

/** The bell with this unread count already known (no fetch while the test runs). */
function renderBell(language: 'ar' | 'en', unread: number) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(notificationKeys.unread('mine'), { unread });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <NotificationBell scope="mine" />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return screen.getByTestId('notification-bell');
}

afterEach(cleanup);

describe('the notifications bell', () => {
  it('shows the unread count in Arabic-Indic digits, and its name says the digits it shows', () => {
    // The badge's digits are in the name (WCAG 2.5.3, label in name): "إشعار واحد" beside a badge
    // reading "١" was a name a voice-control user could not say.
    const cases: [number, string, string][] = [
      [1, '١', 'الإشعارات، غير المقروءة: ١'],
      [2, '٢', 'الإشعارات، غير المقروءة: ٢'],
      [3, '٣', 'الإشعارات، غير المقروءة: ٣'],
      [11, '١١', 'الإشعارات، غير المقروءة: ١١'],
    ];
    for (const [unread, badge, name] of cases) {
      const bell = renderBell('ar', unread);
      expect(screen.getByTestId('notification-count').textContent).toBe(badge);
      expect(bell.getAttribute('aria-label')).toBe(name);
      expect(labelInNameMismatches(document.body)).toEqual([]);
      cleanup();
    }
  });

  it('in English, and "99+" past the server cap; no badge when all are read', () => {
    expect(renderBell('en', 1).getAttribute('aria-label')).toBe('Notifications, 1 unread');
    cleanup();
    expect(renderBell('en', 100).getAttribute('aria-label')).toBe('Notifications, 99+ unread');
    expect(screen.getByTestId('notification-count').textContent).toBe('99+');
    cleanup();
    renderBell('ar', 100);
    expect(screen.getByTestId('notification-count').textContent).toBe('٩٩+');
    cleanup();
    expect(renderBell('ar', 0).getAttribute('aria-label')).toBe('الإشعارات، لا شيء غير مقروء');
    expect(screen.queryByTestId('notification-count')).toBeNull();
  });
});
