// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { roomTypesQueryOptions, useRoomTypes } from './get-room-types';
import { useRoomName } from './room-names';
import { testRoomType } from './test-room-type';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const gold = testRoomType('gold', { nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' });
const garden = {
  ...testRoomType('garden-room', { nameAr: 'غرفة الحديقة', nameEn: 'Garden Room' }),
  active: false,
};

/** A booking card's type name, and the types a form offers. */
function Names({ booked }: { booked: string }) {
  const roomName = useRoomName();
  const offered = useRoomTypes().data ?? [];
  return (
    <>
      <p data-testid="booked">{roomName(booked)}</p>
      <ul>
        {offered.map((type) => (
          <li key={type.code}>{type.code}</li>
        ))}
      </ul>
    </>
  );
}

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    asked.push(url.pathname + url.search);
    const body = url.searchParams.get('all') === '1' ? [gold, garden] : [gold];
    return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(roomTypesQueryOptions().queryKey, [gold]);
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Names booked="garden-room" />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return asked;
}

describe('the name of a retired room type', () => {
  it('is read from every type the hotel has had (?all=1), in both languages; forms still offer the active ones', async () => {
    const asked = show('en');
    expect(await screen.findByText('Garden Room')).toBeTruthy();
    expect(asked).toContain('/api/room-types?all=1');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['gold']);
    cleanup();
    show('ar');
    expect(await screen.findByText('غرفة الحديقة')).toBeTruthy();
  });
});
