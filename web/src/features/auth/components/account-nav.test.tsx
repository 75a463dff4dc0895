// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '@shared/constants';
import { authKeys } from '@/entities/session/auth-keys';
import { getCurrentUser } from '@/entities/session/use-current-user';
import { i18n } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { messages as en } from '@/locales/en.po';
import { AccountIdentityOnBar, AccountNav } from './account-nav';

/**
 * The header's account on a phone that loses and finds the network (decision 005): a guest
 * stays signed in offline while the session can be valid, never after it ended, and the header
 * learns who is signed in by itself when the network returns.
 */

// The page is opened with no network: set before the app's modules load (lib/query-client.ts
// reads it as it starts).
const network = vi.hoisted(() => {
  const state = { online: false };
  Object.defineProperty(globalThis.navigator, 'onLine', { configurable: true, get: () => state.online });
  return state;
});

const GUEST = { id: 42, fullName: 'Salim Al Harthy', email: 'salim@example.com', role: 'guest' as const };
const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60_000).toISOString();

/** The server: no answer while offline; the guest's session when online. */
let asked = 0;
beforeEach(() => {
  asked = 0;
  network.online = false;
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=1; path=/`;
  i18n.loadAndActivate({ locale: 'en', messages: en as never });
  // A phone: the guest's name is in the bar under the header.
  vi.stubGlobal('matchMedia', (media: string) => ({
    media,
    matches: false,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
  vi.stubGlobal('fetch', async () => {
    asked += 1;
    if (!network.online) throw new TypeError('Failed to fetch');
    return Response.json({ user: GUEST, sessionExpiresAt: inDays(30) });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The header and the bar under it, with what an earlier visit left on the phone (restored before the page renders). */
function header(restored?: unknown) {
  // The app's own defaults (lib/query-client.ts): offline, a query still asks once.
  const client = new QueryClient({ defaultOptions: queryClient.getDefaultOptions() });
  if (restored !== undefined)
    client.setQueryData(authKeys.me(), restored, { updatedAt: Date.now() - 60_000 });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <AccountNav />
        <AccountIdentityOnBar />
      </I18nProvider>
    </QueryClientProvider>,
  );
  return client;
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('the header offline', () => {
  it('keeps a guest signed in when the check gets no answer while the session can be valid, never after it ended', async () => {
    header({ ...GUEST, sessionExpiresAt: inDays(3) });
    await settle();
    expect((await screen.findByTestId('header-user-name', {}, { timeout: 5_000 })).textContent).toBe(
      'Salim Al Harthy',
    );
    // Asked, and no answer.
    await vi.waitFor(() => expect(asked).toBe(1), { timeout: 5_000 });
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    cleanup();

    // Restored a month later (the persisted cache keeps who is signed in that long): nobody.
    header({ ...GUEST, sessionExpiresAt: inDays(-1) });
    await settle();
    expect(await screen.findByRole('link', { name: 'Log in' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.queryByTestId('header-user-name')).toBeNull();
  });

  it('learns who is signed in by itself when the network returns, without a reload', async () => {
    // Nothing kept (the check failed and nobody was known): "Log in" while offline.
    header();
    await settle();
    expect(await screen.findByRole('link', { name: 'Log in' }, { timeout: 5_000 })).toBeTruthy();
    expect(asked).toBe(1);

    network.online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    expect((await screen.findByTestId('header-user-name', {}, { timeout: 5_000 })).textContent).toBe(
      'Salim Al Harthy',
    );
    expect(asked).toBe(2);
  });
});

describe('getCurrentUser with no answer', () => {
  it('keeps the known guest (throws, the query keeps its data) until the session ends, then says nobody', async () => {
    const client = new QueryClient();
    client.setQueryData(authKeys.me(), { ...GUEST, sessionExpiresAt: inDays(1) });
    await expect(getCurrentUser({ client })).rejects.toThrow('Failed to fetch');
    client.setQueryData(authKeys.me(), { ...GUEST, sessionExpiresAt: inDays(-1) });
    expect(await getCurrentUser({ client })).toBeNull();
  });
});
