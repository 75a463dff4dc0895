// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { Router } from '@/lib/router';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { ManagedBooking } from '../../api/managed-booking';
import { MessageDeskSection } from './message-desk-section';

/**
 * The booking page's way to the front desk while its chat is shut: the desk's replies not read
 * yet are a badge on "Message the front desk" (its count in the page's digits, said to a screen
 * reader); opening the chat reads them, and the badge is gone (only here does the API stand in for
 * the server: modules/conversations has its own tests).
 */

let unread = 0;
const asked: string[] = [];

beforeEach(() => {
  unread = 2;
  asked.length = 0;
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal(
    'WebSocket',
    class extends EventTarget {
      readyState = 0;
      send() {}
      close() {}
    },
  );
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/messages/unread') return Response.json({ unread });
    if (url.pathname === '/api/messages') {
      // Reading the thread marks the desk's replies read, as the server does.
      unread = 0;
      return Response.json({ threadId: 5, messages: [], hasMore: false });
    }
    return Response.json({});
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <Router ssrPath="/booking/K7MQ4PX">
          <MessageDeskSection booking={{ id: 7, status: 'approved' } as ManagedBooking} />
        </Router>
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the desk’s replies not read yet, on the booking page', () => {
  it.each([
    ['en', '2', 'Message the front desk, 2 new replies from the front desk'],
    ['ar', '٢', 'راسل الاستقبال، ردّان جديدان من الاستقبال'],
  ] as const)(
    'are a badge on the way to the chat (%s), gone once the chat is opened',
    async (language, badge, name) => {
      show(language);
      const count = await screen.findByTestId('chat-unread');
      expect(count.textContent).toBe(badge);
      expect(asked).toContain('/api/messages/unread?bookingId=7');
      // Named with its visible words first, then the count in words.
      const button = screen.getByTestId('open-guest-chat');
      expect(screen.getByRole('button', { name })).toBe(button);
      fireEvent.click(button);
      await screen.findByTestId('guest-chat');
      await waitFor(() => expect(asked).toContain('/api/messages?bookingId=7'));
      // Closed again: nothing unread, no badge.
      // Escape on the dialog itself: where the focus is a frame later is the browser's business,
      // and a busy machine once pressed it on the page before the focus arrived.
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
      await waitFor(() => expect(screen.queryByTestId('guest-chat')).toBeNull(), { timeout: 5000 });
      expect(screen.queryByTestId('chat-unread')).toBeNull();
    },
  );
});
