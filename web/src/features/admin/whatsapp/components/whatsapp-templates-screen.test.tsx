// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { WhatsAppTemplatesScreen } from './whatsapp-templates-screen';

/** GET /api/admin/whatsapp/templates as the server answers it: one approved, one awaiting approval. */
const templates = {
  provider: 'fake',
  templates: [
    {
      id: 1,
      name: 'booking_confirmation',
      language: 'ar',
      appLanguage: 'ar',
      category: 'UTILITY',
      body: 'أهلاً {{1}}، حجزك رقم {{2}} مؤكد',
      parameterCount: 2,
      status: 'APPROVED',
      purpose: 'confirmation',
      refreshedAt: '2026-11-27T08:00:00.000Z',
    },
    {
      id: 2,
      name: 'seasonal_offer',
      language: 'en_GB',
      appLanguage: 'en',
      category: 'MARKETING',
      body: 'A special offer for our guests: {{1}}',
      parameterCount: 1,
      status: 'PENDING',
      purpose: null,
      refreshedAt: '2026-11-27T08:00:00.000Z',
    },
  ],
};

let posts: string[] = [];
beforeEach(() => {
  posts = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, code = 200) =>
      new Response(JSON.stringify(body), { status: code, headers: { 'content-type': 'application/json' } });
    if (request.method === 'POST') {
      posts.push(url.pathname);
      return answer({ refreshed: 2 });
    }
    if (url.pathname === '/api/admin/whatsapp/templates') return answer(templates);
    return answer([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 1, email: 'desk@example.com', role: 'staff', fullName: 'Desk' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <WhatsAppTemplatesScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the WhatsApp templates screen', () => {
  it('lists each template with its use, language, fields and approval, and reads the approvals again', async () => {
    show('en');
    const table = await screen.findByRole('table', { name: 'WhatsApp templates' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('booking_confirmation');
    expect(rows[0]!.textContent).toContain('Booking confirmation');
    expect(rows[0]!.textContent).toContain('Arabic');
    expect(rows[0]!.textContent).toContain('Approved');
    expect(rows[1]!.textContent).toContain('Sent by staff');
    expect(rows[1]!.textContent).toContain('Awaiting approval');
    fireEvent.click(screen.getByRole('button', { name: 'Read the approvals again' }));
    await waitFor(() => expect(posts).toEqual(['/api/admin/whatsapp/templates/refresh']));
  });

  it('speaks Arabic, with the body in its own language and direction', async () => {
    show('ar');
    const table = await screen.findByRole('table', { name: 'قوالب واتساب' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.textContent).toContain('تأكيد الحجز');
    expect(rows[0]!.textContent).toMatch(/تمت الموافقة|مقبولة/);
    expect(rows[1]!.textContent).toContain('بانتظار الموافقة');
    expect(
      within(rows[1]!)
        .getByText(/special offer/)
        .getAttribute('dir'),
    ).toBe('ltr');
    // Counts in Arabic-Indic digits, as every number in Arabic copy.
    expect(rows[0]!.textContent).toContain('٢');
  });
});
