// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as en } from '@/locales/en.po';
import RatePlanDialog from './rate-plan-dialog';

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
    if (url.pathname === '/api/admin/rate-plans' && request.method === 'POST') {
      posted.push((await request.json()) as Record<string, unknown>);
      return answer({ message: 'Plan saved', ratePlan: {} }, 201);
    }
    if (url.pathname === '/api/room-types')
      return answer([
        { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' },
        { code: 'family-suite', nameAr: 'جناح عائلي', nameEn: 'Family Suite' },
      ]);
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('a new rate plan', () => {
  it('sells every room type the hotel sells unless the admin takes some off, a type added at run time too', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RatePlanDialog plan={null} plans={[]} onClose={() => undefined} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    const form = screen.getByTestId('rate-plan-form');
    const suite = await within(form).findByRole('checkbox', { name: 'Family Suite' });
    expect((suite as HTMLInputElement).checked).toBe(true);
    const field = (label: string) => within(form).getByLabelText(label, { exact: false, selector: 'input' });
    fireEvent.change(field('Code'), { target: { value: 'family_deal' } });
    fireEvent.change(field('Name in Arabic'), { target: { value: 'عرض العائلة' } });
    fireEvent.change(field('Name in English'), { target: { value: 'Family deal' } });
    fireEvent.submit(form);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ code: 'family_deal', roomTypes: ['gold', 'family-suite'] });
  });
});

describe('a private plan', () => {
  it('is public unless the admin switches it off, then sent as `public: false`', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RatePlanDialog plan={null} plans={[]} onClose={() => undefined} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    const form = screen.getByTestId('rate-plan-form');
    await within(form).findByRole('checkbox', { name: 'Family Suite' });
    const field = (label: string) => within(form).getByLabelText(label, { exact: false, selector: 'input' });
    fireEvent.change(field('Code'), { target: { value: 'corporate' } });
    fireEvent.change(field('Name in Arabic'), { target: { value: 'الشركات' } });
    fireEvent.change(field('Name in English'), { target: { value: 'Corporate' } });
    const publicSwitch = within(form).getByRole('switch', { name: /Public/ });
    expect((publicSwitch as HTMLInputElement).checked).toBe(true);
    fireEvent.click(publicSwitch);
    fireEvent.submit(form);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ code: 'corporate', public: false });
  });
});
