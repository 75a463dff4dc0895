// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoManagerProps } from '@/entities/admin/media/photo-manager-slot';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { RoomInventoryScreen } from './room-inventory-screen';

const row = (roomType: string, count: number) => ({
  roomType,
  totalCount: count,
  availableCount: count,
  maxCapacity: count,
});

beforeEach(() => {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const answer = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    switch (url.pathname) {
      // The hotel's types: the suite an admin added after the gold rooms.
      case '/api/room-types':
        return answer([
          { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' },
          { code: 'family-suite', nameAr: 'جناح عائلي', nameEn: 'Family Suite' },
        ]);
      case '/api/room-inventory':
        return answer([row('gold', 36), row('family-suite', 2)]);
      case '/api/room-bed-inventory':
        return answer([{ ...row('family-suite', 2), bedType: 'double' }]);
      case '/api/room-smoking-inventory':
        return answer([{ ...row('family-suite', 2), smokingType: 'non_smoking' }]);
      default:
        return answer(null);
    }
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function PhotoManager({ owner, title }: PhotoManagerProps) {
  return (
    <p data-testid={`photos-${owner.ownerId}`}>
      {title}: {owner.ownerKind}
    </p>
  );
}

describe('the room management screen', () => {
  it('has counters and photos for a type the hotel added, under its name', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(authKeys.me(), { id: 1, email: 'desk@example.com', role: 'staff', fullName: 'Desk' });
    render(
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <RoomInventoryScreen PhotoManager={PhotoManager} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    // The card is drawn once the types and the three counts have answered (seconds on a busy machine).
    const heading = await screen.findByRole('heading', { name: 'Family Suite' }, { timeout: 10_000 });
    const card = heading.closest('section')!;
    expect(within(card).getByTestId('counter-family-suite-rooms')).toBeTruthy();
    expect(within(card).getByTestId('counter-family-suite-double')).toBeTruthy();
    expect(within(card).getByTestId('counter-family-suite-non_smoking')).toBeTruthy();
    expect(screen.getByTestId('photos-family-suite').textContent).toBe('Family Suite: room_type');
  }, 20_000);
});

// Once the desk's journey (e2e/staff-desk.spec.ts): the counter's rule, on the screen.
describe('a staff counter, in Arabic', () => {
  it('raises to the maximum, where + stops, lowers again, and sends each count; 0 of 0 cannot move', async () => {
    // Silver smoking rooms: 4 of at most 5 (admin spec section 9); diamond has no single beds (0 of 0).
    let silverSmoking = 4;
    const sent: { path: string; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      const url = new URL(request.url, 'http://localhost');
      const answer = (body: unknown) => Response.json(body);
      if (request.method === 'PUT') {
        const body = (await request.json()) as { totalCount: number };
        sent.push({ path: url.pathname, body });
        silverSmoking = body.totalCount;
        // The server's answer: the row with its new count (the screen keeps it).
        return answer({ row: { ...row('silver', silverSmoking), maxCapacity: 5, smokingType: 'smoking' } });
      }
      switch (url.pathname) {
        case '/api/room-types':
          return answer([
            { code: 'silver', nameAr: 'الغرفة الفضية', nameEn: 'Silver Room' },
            { code: 'diamond', nameAr: 'الغرفة الماسية', nameEn: 'Diamond Room' },
          ]);
        case '/api/room-inventory':
          return answer([row('silver', 12), row('diamond', 6)]);
        case '/api/room-bed-inventory':
          return answer([{ ...row('diamond', 0), bedType: 'single' }]);
        case '/api/room-smoking-inventory':
          return answer([{ ...row('silver', silverSmoking), maxCapacity: 5, smokingType: 'smoking' }]);
        default:
          return answer(null);
      }
    });
    i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(authKeys.me(), { id: 1, email: 'desk@example.com', role: 'staff', fullName: 'Desk' });
    render(
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <RoomInventoryScreen PhotoManager={PhotoManager} />
        </I18nProvider>
      </QueryClientProvider>,
    );
    const counter = await screen.findByTestId('counter-silver-smoking', undefined, { timeout: 10_000 });
    const value = within(counter).getByTestId('counter-value');
    // Named by the room type's name once the types have arrived (the counts may come first).
    const more = await within(counter).findByRole('button', { name: 'زيادة: الغرفة الفضية · للمدخنين' });
    const fewer = within(counter).getByRole('button', { name: 'إنقاص: الغرفة الفضية · للمدخنين' });
    const disabled = (button: HTMLElement) => button.hasAttribute('disabled');
    expect(value.textContent).toBe('٤');
    expect(counter.textContent).toContain('الحد الأقصى ٥');

    await act(async () => void fireEvent.click(more));
    await waitFor(() => expect(value.textContent).toBe('٥'));
    await waitFor(() => expect(disabled(more)).toBe(true));
    await waitFor(() =>
      expect(sent).toEqual([
        { path: '/api/room-smoking-inventory/silver/smoking', body: { totalCount: 5, availableCount: 5 } },
      ]),
    );

    await act(async () => void fireEvent.click(fewer));
    await waitFor(() => expect(value.textContent).toBe('٤'));
    await waitFor(() => expect(disabled(more)).toBe(false));
    await waitFor(() => expect(sent.at(-1)?.body).toEqual({ totalCount: 4, availableCount: 4 }));

    // A counter at 0 of 0 cannot move at all.
    const diamondSingle = screen.getByTestId('counter-diamond-single');
    expect(disabled(within(diamondSingle).getByRole('button', { name: /^زيادة/ }))).toBe(true);
    expect(disabled(within(diamondSingle).getByRole('button', { name: /^إنقاص/ }))).toBe(true);

    // Rooms are available tonight, so the quick booking form is offered.
    expect(await screen.findByRole('form', { name: 'الحجز السريع' }, { timeout: 10_000 })).toBeTruthy();
  }, 30_000);
});
