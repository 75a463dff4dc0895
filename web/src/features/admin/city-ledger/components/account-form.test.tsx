// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { CityLedgerAccount } from '@shared/day-close';
import { AccountForm } from './account-form';

/**
 * The company profile form: a travel agent's commission and IATA code (only for agents), a
 * contact typed in Arabic-Indic digits sent as typed, the negotiated plans chosen from the
 * hotel's (a private one marked), and the server's refusal shown on its field.
 */

const posted: Record<string, unknown>[] = [];
let refuse = false;

beforeEach(() => {
  posted.length = 0;
  refuse = false;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/admin/rate-plans') {
      return answer({
        ratePlans: [
          { code: 'standard', nameAr: 'القياسية', nameEn: 'Standard', public: true, active: true },
          { code: 'corporate', nameAr: 'الشركات', nameEn: 'Corporate', public: false, active: true },
        ],
      });
    }
    if (url.pathname.startsWith('/api/admin/city-ledger/') && request.method === 'PATCH') {
      posted.push((await request.json()) as Record<string, unknown>);
      return answer({ message: 'Saved', account: { id: 9 } });
    }
    if (url.pathname === '/api/admin/city-ledger' && request.method === 'POST') {
      posted.push((await request.json()) as Record<string, unknown>);
      if (refuse) {
        return answer(
          {
            error: {
              code: 'validation_failed',
              message: 'Check the fields',
              fields: { commissionPercent: 'العمولة من ٠ إلى ٥٠' },
            },
          },
          400,
        );
      }
      return answer({ message: 'Saved', account: { id: 7 } }, 201);
    }
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(locale: 'ar' | 'en', account?: CityLedgerAccount) {
  i18n.loadAndActivate({ locale, messages: (locale === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <AccountForm account={account} onDone={() => undefined} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return screen.getByTestId('city-ledger-form');
}

describe('the company profile form', () => {
  it('sends a travel agent with its commission, IATA code, contact and plans as typed', async () => {
    const form = renderForm('en');
    const field = (label: string) => within(form).getByLabelText(label, { exact: false, selector: 'input' });
    expect(within(form).queryByTestId('city-ledger-commission')).toBeNull();
    fireEvent.click(within(form).getByRole('radio', { name: 'Travel agent' }));
    fireEvent.change(field('Agency name'), { target: { value: 'Gulf Journeys' } });
    fireEvent.change(field('Commission on room revenue'), { target: { value: '١٠' } });
    fireEvent.change(field('IATA code'), { target: { value: 'ab1234' } });
    fireEvent.change(field('Contact phone'), { target: { value: '٩١٢٣ ٤٥٦٧' } });
    expect(field('Contact phone').getAttribute('dir')).toBe('ltr');
    const corporate = await within(form).findByRole('checkbox', { name: /Corporate/ });
    expect(within(form).getByText('(private)')).toBeTruthy();
    fireEvent.click(corporate);
    fireEvent.submit(form);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      name: 'Gulf Journeys',
      kind: 'travel_agent',
      commissionPercent: '١٠',
      iata: 'ab1234',
      contactPhone: '٩١٢٣ ٤٥٦٧',
      ratePlanCodes: ['corporate'],
    });
  });

  it('a company sends no commission; the server’s refusal shows on its field, in Arabic', async () => {
    refuse = true;
    const form = renderForm('ar');
    const field = (label: string) => within(form).getByLabelText(label, { exact: false, selector: 'input' });
    fireEvent.change(field('اسم الشركة'), { target: { value: 'العمانية للغاز' } });
    fireEvent.submit(form);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ kind: 'company', commissionPercent: null, iata: '' });
    fireEvent.click(within(form).getByRole('radio', { name: 'وكيل سفر' }));
    await waitFor(() => expect(within(form).getByText('العمولة من ٠ إلى ٥٠')).toBeTruthy());
  });

  it('an online travel agency’s account keeps its kind: no kind, plans or commission offered or sent', async () => {
    const form = renderForm('ar', {
      id: 9,
      name: 'booking.com',
      vatNumber: '',
      address: '',
      creditLimitBaisa: null,
      balanceBaisa: 26_400,
      active: true,
      kind: 'ota',
      ratePlanCodes: [],
      commissionPercent: null,
      iata: '',
      contactName: '',
      contactPhone: '',
      contactEmail: '',
    });
    expect(within(form).queryAllByRole('radio')).toHaveLength(0);
    expect(within(form).queryByTestId('city-ledger-commission')).toBeNull();
    expect(within(form).queryAllByRole('checkbox')).toHaveLength(0);
    expect(within(form).getByTestId('city-ledger-ota-note').textContent).toContain('وكالة سفر إلكترونية');
    fireEvent.submit(form);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ name: 'booking.com' });
    expect(posted[0]).not.toHaveProperty('kind');
    expect(posted[0]).not.toHaveProperty('ratePlanCodes');
  });
});
