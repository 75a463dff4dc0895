// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationKeys } from '@/entities/notifications/notifications';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { NotificationList } from './notification-list';

/** A guest's notices as the worker writes them (modules/messaging, modules/conversations). */
const notice = (id: number, type: string, title: string, titleAr: string, message: string) => ({
  // As the list's pages hold them (entities/notifications: each item with its scope).
  scope: 'mine' as const,
  id,
  userPhone: '',
  title,
  titleAr,
  message,
  messageAr: message,
  type,
  isRead: false,
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
  userId: 4,
  bookingId: null,
  entryType: null,
  entryId: null,
});

beforeEach(() => {
  vi.stubGlobal('fetch', () => new Promise(() => {}));
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(notificationKeys.pages('mine'), {
    pages: [
      {
        items: [
          notice(
            2,
            'conversation_reply',
            'The front desk answered you',
            'ردّ عليك الاستقبال',
            'Towels are at the pool.',
          ),
          notice(1, 'booking_approved', 'Booking approved', 'تمت الموافقة على الحجز', 'See you soon.'),
        ],
        nextCursor: null,
        unread: 2,
      },
    ],
    pageParams: [undefined],
  });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <NotificationList scope="mine" />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('a guest’s notices', () => {
  it.each([
    ['en', 'Open the chat'],
    ['ar', 'افتح المحادثة'],
  ] as const)('open the chat from the desk’s reply (%s), and only from it', (language, open) => {
    show(language);
    const [reply, approved] = screen.getAllByTestId('notification');
    expect(reply!.textContent).toContain('Towels are at the pool.');
    const link = within(reply!).getByRole('link', { name: open });
    expect(link.getAttribute('href')).toBe('/?messages=true');
    expect(within(approved!).queryByRole('link')).toBeNull();
  });
});
