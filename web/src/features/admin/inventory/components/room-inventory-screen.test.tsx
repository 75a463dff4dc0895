// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoManagerProps } from '@/entities/admin/media/photo-manager-slot';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
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
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Family Suite' })).toBeTruthy());
    const card = screen.getByRole('heading', { name: 'Family Suite' }).closest('section')!;
    expect(within(card).getByTestId('counter-family-suite-rooms')).toBeTruthy();
    expect(within(card).getByTestId('counter-family-suite-double')).toBeTruthy();
    expect(within(card).getByTestId('counter-family-suite-non_smoking')).toBeTruthy();
    expect(screen.getByTestId('photos-family-suite').textContent).toBe('Family Suite: room_type');
  });
});
