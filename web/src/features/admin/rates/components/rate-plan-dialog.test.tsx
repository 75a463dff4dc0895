// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { AdminRatePlan } from '../api/rates';
import RatePlanDialog from './rate-plan-dialog';

const posted: Record<string, unknown>[] = [];
const patched: Record<string, unknown>[] = [];

beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  posted.length = 0;
  patched.length = 0;
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
    if (url.pathname.startsWith('/api/admin/rate-plans/') && request.method === 'PATCH') {
      patched.push((await request.json()) as Record<string, unknown>);
      return answer({ message: 'Plan saved', ratePlan: {} });
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

const STANDARD = {
  code: 'standard',
  nameAr: 'السعر المرن',
  nameEn: 'Flexible rate',
  roomTypes: ['gold', 'family-suite'],
  breakfastIncluded: false,
  cancellation: { kind: 'free_until', hours: 24 },
  deposit: { kind: 'none' },
  confirmOnDeposit: false,
  parentCode: null,
  parentAdjustmentPercent: null,
  extraGuestPriceBaisa: null,
  active: true,
  public: true,
  sortOrder: 0,
} as AdminRatePlan;
const NON_REFUNDABLE = {
  ...STANDARD,
  code: 'non_refundable',
  nameAr: 'غير قابل للاسترداد',
  nameEn: 'Non-refundable',
  cancellation: { kind: 'non_refundable' },
  parentCode: 'standard',
  parentAdjustmentPercent: -10,
  extraGuestPriceBaisa: 1_500,
  sortOrder: 1,
} as AdminRatePlan;

function openPlan(plan: AdminRatePlan | null, language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RatePlanDialog plan={plan} plans={[STANDARD, NON_REFUNDABLE]} onClose={() => undefined} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return screen.getByTestId('rate-plan-form');
}
const extraField = () => screen.getByTestId('plan-extra-guest-price').querySelector('input')!;

describe('a plan’s extra-guest price', () => {
  it('is typed in rials in either digit system, written back in the page’s digits, and sent in baisa', async () => {
    const form = openPlan(null, 'en');
    await within(form).findByRole('checkbox', { name: 'Family Suite' });
    const field = (label: string) => within(form).getByLabelText(label, { exact: false, selector: 'input' });
    fireEvent.change(field('Code'), { target: { value: 'family_deal' } });
    fireEvent.change(field('Name in Arabic'), { target: { value: 'عرض العائلة' } });
    fireEvent.change(field('Name in English'), { target: { value: 'Family deal' } });
    // With no parent: empty is each room type's own.
    expect(screen.getByTestId('plan-extra-guest-price').textContent).toContain("each room type's own");
    fireEvent.change(extraField(), { target: { value: '٢٫٥' } });
    fireEvent.blur(extraField());
    expect(extraField().value).toBe('2.500');
    fireEvent.submit(form);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ code: 'family_deal', extraGuestPriceBaisa: 2_500 });
  });

  it('is on the house plan too, in Arabic digits, and sent with its edit', async () => {
    const form = openPlan({ ...STANDARD, extraGuestPriceBaisa: 3_000 }, 'ar');
    expect(extraField().value).toBe('٣٫٠٠٠');
    fireEvent.change(extraField(), { target: { value: '4' } });
    fireEvent.blur(extraField());
    expect(extraField().value).toBe('٤٫٠٠٠');
    fireEvent.submit(form);
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]).toMatchObject({ extraGuestPriceBaisa: 4_000 });
    expect(patched[0]).not.toHaveProperty('parentCode');
  });

  it('says a child plan follows its parent’s extras when empty, sends null once emptied, and refuses a word', async () => {
    const form = openPlan(NON_REFUNDABLE, 'en');
    expect(extraField().value).toBe('1.500');
    expect(screen.getByTestId('plan-extra-guest-price').textContent).toContain(
      'Empty: as the parent plan, extras included, by the percentage',
    );
    fireEvent.change(extraField(), { target: { value: 'two' } });
    fireEvent.submit(form);
    expect(
      await within(form).findByText('Enter an amount in rials, with at most three decimals (e.g. 2.500)'),
    ).toBeTruthy();
    expect(patched).toEqual([]);
    fireEvent.change(extraField(), { target: { value: '' } });
    fireEvent.submit(form);
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]).toMatchObject({ extraGuestPriceBaisa: null, parentCode: 'standard' });
  });
});
