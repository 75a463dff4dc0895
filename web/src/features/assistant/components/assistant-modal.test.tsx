// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@shared/constants';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import AssistantModal from './assistant-modal';

/**
 * The assistant's answer to "I want to speak to a person": the front desk's chat offered as a button
 * under it, which opens the chat with the conversation handed over (the server reads the words:
 * modules/assistant; only here does the API stand in for it).
 */

let chatBodies: Record<string, unknown>[] = [];
let messageBodies: Record<string, unknown>[] = [];

beforeEach(() => {
  chatBodies = [];
  messageBodies = [];
  localStorage.clear();
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  // jsdom has no matchMedia (the modal asks whether motion is reduced).
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  vi.stubGlobal(
    'WebSocket',
    class extends EventTarget {
      readyState = 0;
      send() {}
      close() {}
    },
  );
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/chat') {
      chatBodies.push(JSON.parse(String(init?.body)));
      return Response.json({
        response: 'Of course: a member of the front desk team answers you here, in the chat.',
        bookingState: { step: 'idle', data: {}, totalPriceBaisa: null, bookingReference: null },
        offer: 'front_desk',
      });
    }
    if (url.pathname === '/api/messages/unread') return Response.json({ unread: 3 });
    if (url.pathname === '/api/messages' && method === 'POST') {
      messageBodies.push(JSON.parse(String(init?.body)));
      return Response.json({ message: { id: 9 } }, { status: 201 });
    }
    return Response.json({ threadId: null, messages: [], hasMore: false });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en', { desk = false, signedIn = false } = {}) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  // Signed in: the account, and the hint cookie the server sets with the session.
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=${signedIn ? '1; Path=/' : '; Max-Age=0; Path=/'}`;
  if (signedIn)
    client.setQueryData(authKeys.me(), { id: 4, fullName: 'Aisha', email: 'a@example.com', role: 'guest' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <AssistantModal onClose={() => {}} desk={desk} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the assistant’s way to the front desk', () => {
  it.each([
    ['en', 'I want to speak to a person', 'Talk to the front desk', 'Front desk'],
    ['ar', 'أريد التحدث مع موظف', 'تحدث إلى الاستقبال', 'مكتب الاستقبال'],
  ] as const)(
    'offers the front desk under its answer (%s), which hands the conversation over',
    async (language, ask, button, title) => {
      show(language);
      fireEvent.change(screen.getByTestId('chat-input'), { target: { value: ask } });
      fireEvent.click(screen.getByTestId('chat-send'));
      const offered = await screen.findByTestId('chat-offer-desk');
      expect(offered.textContent).toBe(button);
      expect(chatBodies[0]).toMatchObject({ message: ask, language });
      fireEvent.click(offered);
      await screen.findByTestId('guest-chat');
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
      // The guest's first message to the desk carries the assistant's turns.
      fireEvent.change(screen.getByTestId('guest-chat-input'), { target: { value: 'Hello' } });
      fireEvent.click(screen.getByTestId('guest-chat-send'));
      await waitFor(() => expect(messageBodies).toHaveLength(1));
      expect(messageBodies[0]).toMatchObject({
        text: 'Hello',
        handover: [
          { role: 'guest', text: ask },
          { role: 'assistant', text: expect.stringContaining('front desk') },
        ],
      });
    },
  );

  it('shows a signed-in guest the desk’s replies not read yet on "Talk to the front desk"', async () => {
    show('ar', { signedIn: true });
    expect((await screen.findByTestId('chat-unread')).textContent).toBe('٣');
    expect(screen.getByRole('button', { name: 'تحدث إلى الاستقبال، ٣ ردود جديدة من الاستقبال' })).toBe(
      screen.getByTestId('talk-to-desk'),
    );
  });

  it('opens on the front desk’s chat for a reply’s notice or push (/?messages=true)', async () => {
    show('en', { desk: true });
    await screen.findByTestId('guest-chat');
    expect(screen.getByRole('heading', { name: 'Front desk' })).toBeTruthy();
    expect(screen.queryByTestId('assistant-modal')).toBeNull();
  });
});
