// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as en } from '@/locales/en.po';
import { RoomsScreen } from './rooms-screen';

const posted: Record<string, unknown>[] = [];
const type = (code: string, nameEn: string, active = true) => ({ code, nameAr: nameEn, nameEn, active });

beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/admin/rooms' && request.method === 'POST') {
      posted.push((await request.json()) as Record<string, unknown>);
      return answer({ message: 'Room added', room: {} }, 201);
    }
    if (url.pathname === '/api/admin/rooms')
      return answer({
        today: '2031-03-01',
        rooms: [
          {
            id: 1,
            number: '501',
            roomType: 'family-suite',
            floor: 5,
            status: 'clean',
            notes: null,
            outOfOrder: [],
          },
        ],
      });
    // Every type, retired ones too: a retired type with no rooms left is not shown.
    if (url.pathname === '/api/admin/room-types')
      return answer({
        roomTypes: [
          type('gold', 'Gold Room'),
          type('family-suite', 'Family Suite'),
          type('old-annex', 'Annex', false),
        ],
      });
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the numbered rooms screen', () => {
  it('groups the rooms by the hotel’s types and adds a room of a type an admin added', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <RoomsScreen />
        </QueryClientProvider>
      </I18nProvider>,
    );
    await waitFor(() =>
      expect(screen.getByTestId('admin-rooms-family-suite').textContent).toContain('Family Suite'),
    );
    const sections = [...document.querySelectorAll('section[data-testid^="admin-rooms-"]')];
    expect(sections.map((s) => s.getAttribute('data-testid'))).toEqual([
      'admin-rooms-gold',
      'admin-rooms-family-suite',
    ]);
    expect(within(screen.getByTestId('admin-rooms-family-suite')).getByTestId('admin-room-501')).toBeTruthy();

    const form = screen.getByTestId('add-room-form');
    const select = form.querySelector('select')!;
    expect([...select.options].map((o) => o.value).filter(Boolean)).toEqual(['gold', 'family-suite']);
    fireEvent.change(select, { target: { value: 'family-suite' } });
    fireEvent.change(within(form).getByLabelText('Room number', { exact: false, selector: 'input' }), {
      target: { value: '502' },
    });
    fireEvent.submit(form);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ number: '502', roomType: 'family-suite' });
  });
});
