// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { focusManager, onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as en } from '@/locales/en.po';
import { SuggestionDialog } from './suggestion-dialog';

const arrival = (bookingId: number, guestName: string, roomId: number, number: string) => ({
  bookingId,
  reference: `REF-${bookingId}`,
  guestName,
  roomType: 'gold',
  checkInDate: '2031-03-01',
  checkOutDate: '2031-03-02',
  roomId,
  candidates: [{ roomId, number, status: 'clean' }],
});

let suggestionsRead = 0;
beforeEach(() => {
  suggestionsRead = 0;
  // react-aria's modal reads CSS.escape, which jsdom lacks.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const answer = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    if (url.pathname === '/api/admin/room-assignments/suggestion') {
      suggestionsRead += 1;
      return answer({
        assignments: [arrival(1, 'Salim Al Harthy', 11, '201'), arrival(2, 'Huda Al Lawati', 12, '202')],
        unplaceable: [],
      });
    }
    if (url.pathname === '/api/admin/room-assignments') return answer({ assigned: 1 });
    if (url.pathname === '/api/room-types')
      return answer([{ code: 'gold', nameAr: 'ذهبية', nameEn: 'Gold Room' }]);
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
  onlineManager.setOnline(true);
});

describe('the suggested rooms dialog', () => {
  it('keeps what staff untick while the tablet leaves the app and comes back, or loses the Wi-Fi', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SuggestionDialog date="2031-03-01" onClose={() => undefined} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    const ticked = (name: string) => (screen.getByRole('checkbox', { name }) as HTMLInputElement).checked;
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Salim Al Harthy' }));
    expect(ticked('Salim Al Harthy')).toBe(false);

    // Another app, then back to this one; the Wi-Fi gone and back.
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
      // A refetch would have been asked for by now, and answered.
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await waitFor(() => expect(suggestionsRead).toBe(1));
    expect(ticked('Salim Al Harthy')).toBe(false);
    expect(ticked('Huda Al Lawati')).toBe(true);
  });

  it('closes when the rooms are saved, though saving refreshes the tape chart (and not the review)', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    const closed = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <SuggestionDialog date="2031-03-01" onClose={closed} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Salim Al Harthy' }));
    fireEvent.click(screen.getByTestId('suggestion-save'));
    await waitFor(() => expect(closed).toHaveBeenCalledTimes(1));
    expect(suggestionsRead).toBe(1);
  });
});
