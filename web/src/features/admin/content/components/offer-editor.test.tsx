// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as en } from '@/locales/en.po';
import { OfferEditor } from './offer-editor';

// The date fields as plain inputs (not what is tested here).
vi.mock('@/components/ui/date-picker', () => ({
  DatePicker: ({
    label,
    value,
    onChange,
  }: {
    label: string;
    value: string;
    onChange: (v: string) => void;
  }) => <input aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

const posted: Record<string, unknown>[] = [];

beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  posted.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/admin/offers' && request.method === 'POST') {
      posted.push((await request.json()) as Record<string, unknown>);
      return answer({ message: 'Offer saved', offer: {} }, 201);
    }
    if (url.pathname === '/api/room-types')
      return answer([
        { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' },
        { code: 'family-suite', nameAr: 'جناح عائلي', nameEn: 'Family Suite' },
      ]);
    if (url.pathname === '/api/rooms') return answer([]);
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the offer editor', () => {
  it('offers every room type the hotel sells, and saves an offer of a type an admin added', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <OfferEditor offer={null} today="2031-03-01" onClose={() => undefined} PhotoManager={() => null} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    const form = screen.getByTestId('offer-form');
    const select = form.querySelector('select')!;
    await waitFor(() =>
      expect([...select.options].map((o) => o.value).filter(Boolean)).toEqual(['gold', 'family-suite']),
    );
    fireEvent.change(select, { target: { value: 'family-suite' } });
    const field = (label: string) => within(form).getByLabelText(label, { exact: false, selector: 'input' });
    fireEvent.change(field('Title (Arabic)'), { target: { value: 'عرض العائلة' } });
    fireEvent.change(field('Title (English)'), { target: { value: 'Family offer' } });
    fireEvent.submit(form);
    await waitFor(() => expect(posted).toHaveLength(1));
    // The card's colours follow the offer's room type.
    expect(posted[0]).toMatchObject({ roomType: 'family-suite', theme: 'family-suite', discount: 10 });
  });
});
