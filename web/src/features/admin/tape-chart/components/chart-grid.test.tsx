// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { labelInNameMismatches } from '@/lib/label-in-name';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { TapeChart } from '../api/tape-chart';
import { ChartGrid } from './chart-grid';

beforeEach(() => {
  vi.stubGlobal('fetch', (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
    const answer = (body: unknown) =>
      Promise.resolve(
        new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
      );
    // The hotel's types in its order: the suite an admin added after the gold rooms.
    if (url.pathname === '/api/room-types')
      return answer([
        { code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room' },
        { code: 'family-suite', nameAr: 'جناح عائلي', nameEn: 'Family Suite' },
      ]);
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const room = (id: number, number: string, roomType: string) => ({
  id,
  number,
  roomType,
  floor: 5,
  status: 'clean',
});

describe('the tape chart grid', () => {
  it('shows the rooms of a type the hotel added, under its name, in the hotel’s order', async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    const chart = {
      days: ['2031-03-01', '2031-03-02'],
      rooms: [room(1, '501', 'family-suite'), room(2, '502', 'family-suite'), room(3, '201', 'gold')],
      stays: [],
      blocks: [],
      unassigned: [],
    } as unknown as TapeChart;
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
          <ChartGrid chart={chart} onOpenStay={() => undefined} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    // Named once the hotel's types have loaded.
    await waitFor(() =>
      expect(screen.getByTestId('tape-group-family-suite').textContent).toContain('Family Suite (2)'),
    );
    const groups = [...document.querySelectorAll('tbody[data-testid^="tape-group-"]')];
    expect(groups.map((g) => g.getAttribute('data-testid'))).toEqual([
      'tape-group-gold',
      'tape-group-family-suite',
    ]);
  });

  it("on a tablet's screen, a 120-room hotel draws the rows on screen, and every type's name", async () => {
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    // A tablet held upright (820 x 1180).
    window.innerHeight = 1180;
    const days = Array.from({ length: 14 }, (_, i) => `2031-03-${String(i + 1).padStart(2, '0')}`);
    const rooms = Array.from({ length: 120 }, (_, i) =>
      room(i + 1, String(100 + i), i < 96 ? 'gold' : 'family-suite'),
    );
    // Every room sold every night: one stay a room over the fortnight.
    const stays = rooms.map((r) => ({
      bookingId: 1000 + r.id,
      reference: `K7MQ${r.id}`,
      roomId: r.id,
      roomType: r.roomType,
      guestName: `Guest ${r.number}`,
      status: 'confirmed',
      checkInDate: days[0],
      checkOutDate: '2031-03-15',
      firstNight: days[0],
      lastNight: days[13],
      checkedIn: false,
      checkedOut: false,
    }));
    const chart = { days, rooms, stays, blocks: [], unassigned: [] } as unknown as TapeChart;
    try {
      render(
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <ChartGrid chart={chart} onOpenStay={() => undefined} />
          </QueryClientProvider>
        </I18nProvider>,
      );
      // Named once the hotel's types have loaded (a whole chart drawn at once takes a while in a test's DOM).
      await waitFor(
        () =>
          expect(screen.getByTestId('tape-group-family-suite').textContent).toContain('Family Suite (24)'),
        { timeout: 10_000 },
      );
      const drawn = document.querySelectorAll('tr[data-testid^="tape-row-"]');
      // About a screenful of rows of 57 px (1180 px) and a few either side: not 120.
      expect(drawn.length).toBeGreaterThan(10);
      expect(drawn.length).toBeLessThan(40);
      expect(screen.getAllByTestId('tape-stay')).toHaveLength(drawn.length);
      expect(screen.queryByTestId('tape-row-219')).toBeNull();
      // Each type's name is there, and the rows not drawn keep their place.
      expect(screen.getByTestId('tape-group-gold').textContent).toContain('Gold Room (96)');
      expect(screen.getAllByTestId('tape-rows-not-drawn').length).toBeGreaterThan(0);
    } finally {
      window.innerHeight = 768;
    }
  }, 30_000);

  it.each(['en', 'ar'] as const)(
    'names each bar by its guest and state, the words it shows in its name (%s)',
    async (language) => {
      i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
      const days = ['2031-03-01', '2031-03-02', '2031-03-03'];
      const stay = (id: number, guestName: string, over: Record<string, unknown>) => ({
        bookingId: 100 + id,
        reference: `K7MQ${id}`,
        roomId: id,
        roomType: 'gold',
        guestName,
        status: 'approved',
        checkInDate: days[0],
        checkOutDate: '2031-03-04',
        firstNight: days[0],
        lastNight: days[2],
        checkedIn: false,
        checkedOut: false,
        ...over,
      });
      const chart = {
        days,
        rooms: [room(1, '201', 'gold'), room(2, '202', 'gold'), room(3, '203', 'gold')],
        stays: [
          stay(1, 'Salim Al-Harthi', { checkedIn: true }),
          stay(2, 'مريم البلوشية', { checkedIn: true, checkedOut: true, status: 'completed' }),
          stay(3, 'Aisha', { status: 'confirmed' }),
        ],
        blocks: [],
        unassigned: [],
      } as unknown as TapeChart;
      render(
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
            <ChartGrid chart={chart} onOpenStay={() => undefined} />
          </QueryClientProvider>
        </I18nProvider>,
      );
      const bars = await screen.findAllByTestId('tape-stay');
      const names = bars.map((bar) => bar.getAttribute('aria-label'));
      const words =
        language === 'ar'
          ? ['Salim Al-Harthi، في الفندق: افتح الإقامة', 'مريم البلوشية، تمت المغادرة: افتح الإقامة']
          : ['Salim Al-Harthi, In house: open the stay', 'مريم البلوشية, Checked out: open the stay'];
      expect(names.slice(0, 2)).toEqual(words);
      // No state left empty ("Guest, : open the stay").
      for (const name of names) expect(name).not.toMatch(/[,،] ?:/);
      expect(labelInNameMismatches(document.body).join('\n')).toBe('');
    },
  );
});
