// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as en } from '@/locales/en.po';
import { roomTypesQueryOptions, useRoomTypes } from './get-room-types';
import { useRoomName } from './room-names';
import { testRoomType } from './test-room-type';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const gold = testRoomType('gold', { nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' });
const familySuite = testRoomType('family-suite', { nameAr: 'جناح عائلي', nameEn: 'Family Suite' });

function TypeNames() {
  const types = useRoomTypes().data ?? [];
  const roomName = useRoomName();
  return (
    <ul>
      {types.map((type) => (
        <li key={type.code}>{roomName(type.code)}</li>
      ))}
    </ul>
  );
}

describe('the room types kept on the phone', () => {
  it('a type the hotel added while the phone was offline appears once it is online again', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    // As the app's client: never stale by default, offline first; the types as last loaded (fresh).
    const client = new QueryClient({
      defaultOptions: { queries: { retry: false, staleTime: Infinity, networkMode: 'offlineFirst' } },
    });
    client.setQueryData(roomTypesQueryOptions().queryKey, [gold]);
    const fetch = vi.fn(
      async (_input: RequestInfo | URL) =>
        new Response(JSON.stringify([gold, familySuite]), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <TypeNames />
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Gold Room']);

    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));

    expect(await screen.findByText('Family Suite')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Gold Room',
      'Family Suite',
    ]);
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/api/room-types');
  });

  it('names a type by its code while the types are not known', () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    vi.stubGlobal('fetch', () => new Promise(() => {}));
    function Name() {
      return <p>{useRoomName()('family-suite')}</p>;
    }
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <Name />
        </QueryClientProvider>
      </I18nProvider>,
    );
    expect(screen.getByText('family-suite')).toBeTruthy();
  });
});
