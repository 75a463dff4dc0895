// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChainManager } from '@shared/chain-schemas';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { ChainManagersSection } from './chain-managers-section';

/**
 * "Chain managers" on /admin/chain: the list for whoever reads the chain; for the deployment's
 * admin (the server's `canGrant`) a form to add an e-mail and a remove with a confirmation, the
 * server's refusals said in the page's language. The API stands in for the server, keeping the
 * list between calls (worker/src/modules/chain/managers.test.ts checks the server's rules).
 */

let canGrant = true;
let managers: ChainManager[] = [];
const calls: string[] = [];

beforeEach(() => {
  canGrant = true;
  calls.length = 0;
  managers = [
    { email: 'salim@example.com', fullName: 'Salim Al Harthy', since: Date.UTC(2026, 9, 4, 8) },
    { email: 'by-hand@example.com', fullName: null, since: Date.UTC(2026, 10, 1, 8) },
  ];
  // jsdom has no CSS.escape, which react-aria's modal asks for.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    const arabic = request.headers.get('accept-language') === 'ar';
    calls.push(`${request.method} ${decodeURIComponent(url.pathname)}`);
    if (request.method === 'GET') return json(200, { managers, canGrant });
    if (request.method === 'POST') {
      const { email } = (await request.json()) as { email: string };
      if (email === 'nobody@example.com') {
        const message = arabic
          ? 'لا يوجد حساب في السلسلة بهذا البريد الإلكتروني: على صاحبه أن يسجّل أولاً'
          : 'No account of the chain has this e-mail address: the person signs up first';
        return json(404, { error: { code: 'account_not_in_chain', message } });
      }
      managers = [...managers, { email, fullName: 'Maha Al Balushi', since: Date.now() }];
      return json(200, { email, changed: true, message: 'ok' });
    }
    const email = decodeURIComponent(url.pathname.split('/').at(-1)!);
    managers = managers.filter((m) => m.email !== email);
    return json(200, { email, changed: true, message: 'ok' });
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
        <ChainManagersSection />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const text = (el: Element) => (el.textContent ?? '').replace(/\s+/g, ' ');
const rows = () => screen.getAllByTestId('chain-manager');

describe('Chain managers', () => {
  it('lists the managers to a chain manager, with nothing to add or remove', async () => {
    canGrant = false;
    show('en');
    await screen.findAllByTestId('chain-manager');
    expect(rows().map((r) => r.dataset.email)).toEqual(['salim@example.com', 'by-hand@example.com']);
    expect(text(rows()[0]!)).toContain('Salim Al Harthy');
    expect(text(rows()[0]!)).toContain('Chain manager since');
    // An address the chain has no account of is said so, not left blank.
    expect(text(rows()[1]!)).toContain('No account of the chain has this address');
    expect(screen.queryByRole('button', { name: /Remove/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /E-mail/ })).toBeNull();
  });

  it('lets the deployment’s admin add an e-mail, refused ones said in Arabic under the field', async () => {
    show('ar');
    await screen.findAllByTestId('chain-manager');
    const field = screen.getByRole('textbox', { name: /البريد الإلكتروني/ });
    const add = screen.getByRole('button', { name: 'إضافة إلى مديري السلسلة' });

    // Checked on the device first: nothing sent.
    fireEvent.change(field, { target: { value: 'not-an-email' } });
    fireEvent.click(add);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(calls.filter((c) => c.startsWith('POST'))).toEqual([]);

    // The server's refusal, in the page's language, under the field.
    fireEvent.change(field, { target: { value: 'nobody@example.com' } });
    fireEvent.click(add);
    await screen.findByText('لا يوجد حساب في السلسلة بهذا البريد الإلكتروني: على صاحبه أن يسجّل أولاً', {
      selector: '[slot="errorMessage"]',
    });
    expect(managers).toHaveLength(2);

    fireEvent.change(field, { target: { value: ' Maha@Example.com ' } });
    fireEvent.click(add);
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(calls).toContain('POST /api/admin/chain/managers');
    expect(managers.at(-1)!.email).toBe('maha@example.com');
    expect((field as HTMLInputElement).value).toBe('');
  });

  it('removes a manager only once the admin confirms', async () => {
    show('en');
    await screen.findAllByTestId('chain-manager');
    fireEvent.click(screen.getByRole('button', { name: 'Remove Salim Al Harthy from the chain managers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove this chain manager?' });
    expect(text(dialog)).toContain('Salim Al Harthy will no longer read the chain');
    // Cancelled: nothing sent.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.startsWith('DELETE'))).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Salim Al Harthy from the chain managers' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(rows().map((r) => r.dataset.email)).toEqual(['by-hand@example.com']));
    expect(calls).toContain('DELETE /api/admin/chain/managers/salim@example.com');
  });
});
