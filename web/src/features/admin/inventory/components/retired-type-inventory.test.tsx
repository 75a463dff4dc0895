// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
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
const gold = { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room', active: true };
const garden = { code: 'garden-room', nameAr: 'غرفة الحديقة', nameEn: 'Garden Room', active: false };

// The API stands in for the server: the guests' answers leave the retired Garden Room out,
// ?all=1 (the staff's) keeps it.
let asked: string[] = [];
beforeEach(() => {
  asked = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    asked.push(url.pathname + url.search);
    const all = url.searchParams.get('all') === '1';
    const answer = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    switch (url.pathname) {
      case '/api/room-types':
        return answer(all ? [gold, garden] : [gold]);
      case '/api/room-inventory':
        return answer(all ? [row('gold', 36), row('garden-room', 3)] : [row('gold', 36)]);
      case '/api/room-bed-inventory':
        return answer(all ? [{ ...row('garden-room', 3), bedType: 'double' }] : []);
      case '/api/room-smoking-inventory':
        return answer(all ? [{ ...row('garden-room', 3), smokingType: 'non_smoking' }] : []);
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
  return <p data-testid={`photos-${owner.ownerId}`}>{title}</p>;
}

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 1, email: 'desk@example.com', role: 'staff', fullName: 'Desk' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <RoomInventoryScreen PhotoManager={PhotoManager} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('a retired room type on the room management screen', () => {
  it('keeps its counters under its name, marked retired, and leaves it out of tonight’s total', async () => {
    show('en');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Garden Room' })).toBeTruthy());
    const card = screen.getByRole('heading', { name: 'Garden Room' }).closest('section')!;
    expect(within(card).getByTestId('retired-garden-room').textContent).toBe(
      'Retired: no longer offered to guests',
    );
    expect(within(card).getByTestId('counter-garden-room-rooms')).toBeTruthy();
    const goldCard = screen.getByRole('heading', { name: 'Gold Room' }).closest('section')!;
    expect(within(goldCard).queryByTestId('retired-gold')).toBeNull();
    // The staff's counts are asked with ?all=1.
    expect(asked).toContain('/api/room-inventory?all=1');
    expect(screen.getByTestId('available-tonight').textContent).toContain('36');
  });

  it('in Arabic, names it and says it is retired', async () => {
    show('ar');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'غرفة الحديقة' })).toBeTruthy());
    expect(screen.getByTestId('retired-garden-room').textContent).not.toMatch(/[A-Za-z]/);
  });
});
