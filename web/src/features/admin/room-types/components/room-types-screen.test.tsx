// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoManagerProps } from '@/entities/admin/media/photo-manager-slot';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { RoomTypesScreen } from './room-types-screen';

/** A room type as GET /api/admin/room-types answers it. */
const view = (over: Record<string, unknown>) => ({
  descriptionAr: '',
  descriptionEn: '',
  baseOccupancy: 2,
  maxAdults: 4,
  maxChildren: 3,
  maxOccupancy: 4,
  extraBeds: 0,
  bedTypes: ['single', 'double'],
  smokingOptions: ['smoking', 'non_smoking'],
  amenities: [],
  sizeM2: null,
  priceBaisa: 18_000,
  originalPriceBaisa: null,
  pointsPerStay: 10,
  freeNightPoints: 160,
  vipEligible: true,
  sortOrder: 1,
  active: true,
  roomCount: 36,
  listedRooms: 10,
  lowStock: { red: 5, yellow: 15 },
  imageUrl: null,
  photos: [],
  lowestPriceBaisa: 18_000,
  upcomingBookings: 0,
  ...over,
});
let roomTypes: Record<string, unknown>[] = [];
const sent: { method: string; path: string; body: Record<string, unknown> }[] = [];
let patchAnswer: { status: number; body: unknown } = { status: 200, body: { message: 'Saved' } };
let postAnswer: { status: number; body: unknown } = { status: 201, body: { message: 'Saved', roomType: {} } };

beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  sent.length = 0;
  patchAnswer = { status: 200, body: { message: 'Saved' } };
  postAnswer = { status: 201, body: { message: 'Saved', roomType: {} } };
  roomTypes = [
    view({ code: 'gold', nameAr: 'الغرفة الذهبية', nameEn: 'Gold Room', upcomingBookings: 3 }),
    view({
      code: 'family-suite',
      nameAr: 'جناح عائلي',
      nameEn: 'Family Suite',
      maxAdults: 2,
      maxChildren: 3,
      maxOccupancy: 5,
      priceBaisa: 45_000,
      freeNightPoints: null,
      sortOrder: 4,
    }),
  ];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname.startsWith('/api/admin/room-types') && request.method !== 'GET') {
      sent.push({
        method: request.method,
        path: url.pathname,
        body: (await request.json()) as Record<string, unknown>,
      });
      return request.method === 'PATCH'
        ? answer(patchAnswer.body, patchAnswer.status)
        : answer(postAnswer.body, postAnswer.status);
    }
    if (url.pathname === '/api/admin/room-types') return answer({ roomTypes });
    // Gold's bookings still to come: the next ones by arrival, and how many more.
    if (url.pathname === '/api/admin/room-types/gold/bookings') {
      return answer({
        total: 23,
        more: 20,
        bookings: [
          {
            id: 7,
            reference: 'K7MQ4PX',
            fullName: 'Aisha Al Rawahi',
            checkInDate: '2027-03-14',
            checkOutDate: '2027-03-16',
            status: 'approved',
          },
          {
            id: 9,
            reference: 'B2CD3FG',
            fullName: 'Salim Al Harthy',
            checkInDate: '2027-03-20',
            checkOutDate: '2027-03-21',
            status: 'pending',
          },
          {
            id: 8,
            reference: 'H5JK6LM',
            fullName: 'Maryam Al Busaidi',
            checkInDate: '2027-04-02',
            checkOutDate: '2027-04-05',
            status: 'confirmed',
          },
        ],
      });
    }
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

function PhotoManager({ owner }: PhotoManagerProps) {
  return <p>Photos of {owner.ownerId}</p>;
}

async function renderScreen(language: 'ar' | 'en' = 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RoomTypesScreen PhotoManager={PhotoManager} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  // The types have loaded.
  await waitFor(() => expect(screen.getByTestId('room-type-family-suite')).toBeTruthy());
}

describe('the room types screen', () => {
  it('lists every type with who it takes and what is still booked', async () => {
    await renderScreen();
    const suite = screen.getByTestId('room-type-family-suite');
    expect(within(suite).getByRole('heading', { name: 'Family Suite' })).toBeTruthy();
    expect(suite.textContent).toContain('2 in the price; up to 2 adults and 3 children, 5 in all');
    expect(suite.textContent).toContain('no free night with points');
    expect(screen.getByTestId('room-type-gold-upcoming').textContent).toContain('3');
  });

  it('speaks Arabic first: the type’s Arabic name, Arabic-Indic digits', async () => {
    await renderScreen('ar');
    const suite = screen.getByTestId('room-type-family-suite');
    expect(within(suite).getByRole('heading', { name: 'جناح عائلي' })).toBeTruthy();
    expect(suite.textContent).toContain('الحد الأقصى للبالغين: ٢');
    expect(suite.textContent).toContain('٤٥٫٠٠٠');
    expect(suite.textContent).not.toMatch(/[0-9]/);
  });

  it('adds a type: its code, names, price and limits as the shared schema reads them', async () => {
    await renderScreen();
    fireEvent.click(screen.getByTestId('new-room-type'));
    // The dialog is a lazy chunk of its own.
    const form = await screen.findByTestId('room-type-form', {}, { timeout: 10_000 });
    const field = (label: string) => within(form).getByLabelText(label, { exact: false, selector: 'input' });
    fireEvent.change(field('Code'), { target: { value: 'garden-twin' } });
    fireEvent.change(field('Name in Arabic'), { target: { value: 'غرفة الحديقة' } });
    fireEvent.change(field('Name in English'), { target: { value: 'Garden Twin' } });
    // Arabic-Indic digits and the Arabic decimal separator, as a tablet in Arabic types them.
    fireEvent.change(field('Price a night (OMR)'), { target: { value: '٢٢٫٥٠٠' } });
    await settle();
    fireEvent.submit(form);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/admin/room-types',
        body: expect.objectContaining({
          code: 'garden-twin',
          nameAr: 'غرفة الحديقة',
          nameEn: 'Garden Twin',
          priceBaisa: 22_500,
          baseOccupancy: 2,
          maxAdults: 2,
          maxChildren: 0,
          maxOccupancy: 2,
          bedTypes: ['double'],
          smokingOptions: ['non_smoking'],
          roomCount: 1,
          freeNightPoints: null,
          sortOrder: 5,
        }),
      },
    ]);
  }, 30_000);

  it('says what is still booked instead of retiring a type with bookings to come', async () => {
    await renderScreen();
    const gold = screen.getByTestId('room-type-gold');
    fireEvent.click(within(gold).getByRole('button', { name: /Retire/ }));
    const dialog = await screen.findByTestId('retire-room-type');
    expect(dialog.textContent).toContain('3 bookings of this type are still to come');
    expect(within(dialog).queryByTestId('confirm-retire')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('names the bookings still to come before retiring: reference, dates, guest, and how many more', async () => {
    await renderScreen();
    fireEvent.click(within(screen.getByTestId('room-type-gold')).getByRole('button', { name: /Retire/ }));
    const rows = await screen.findAllByTestId('upcoming-booking');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('K7M-Q4PX');
    expect(rows[0]!.textContent).toContain('Aisha Al Rawahi');
    expect(rows[0]!.textContent).toMatch(/14 Mar 2027 to 16 Mar 2027/);
    expect(screen.getByTestId('upcoming-more').textContent).toBe('and 20 more');
  });

  it('names them in Arabic, with Arabic-Indic digits', async () => {
    await renderScreen('ar');
    fireEvent.click(
      within(screen.getByTestId('room-type-gold')).getByRole('button', { name: /سحب|إيقاف|تقاعد/ }),
    );
    const rows = await screen.findAllByTestId('upcoming-booking');
    expect(rows[1]!.textContent).toContain('Salim Al Harthy');
    expect(screen.getByTestId('upcoming-more').textContent).toContain('٢٠');
    expect(screen.getByTestId('upcoming-more').textContent).not.toMatch(/[A-Za-z0-9]/);
  });

  it('retires a type with nothing booked, and shows the refusal when a booking came meanwhile', async () => {
    patchAnswer = {
      status: 409,
      body: { error: { code: 'room_type_in_use', message: 'Bookings of this room type are still to come.' } },
    };
    await renderScreen();
    const suite = screen.getByTestId('room-type-family-suite');
    fireEvent.click(within(suite).getByRole('button', { name: /Retire/ }));
    fireEvent.click(await screen.findByTestId('confirm-retire'));
    await waitFor(() =>
      expect(within(screen.getByTestId('retire-room-type')).getByRole('alert').textContent).toBe(
        'Bookings of this room type are still to come.',
      ),
    );
    expect(sent).toEqual([
      { method: 'PATCH', path: '/api/admin/room-types/family-suite', body: { active: false } },
    ]);
  });

  it('says under the code when another type already has it', async () => {
    postAnswer = {
      status: 409,
      body: { error: { code: 'room_type_taken', message: 'Another room type has this code.' } },
    };
    await renderScreen();
    fireEvent.click(screen.getByTestId('new-room-type'));
    const form = await screen.findByTestId('room-type-form', {}, { timeout: 10_000 });
    const field = (label: string) => within(form).getByLabelText(label, { exact: false, selector: 'input' });
    fireEvent.change(field('Code'), { target: { value: 'gold' } });
    fireEvent.change(field('Name in Arabic'), { target: { value: 'ذهبية' } });
    fireEvent.change(field('Name in English'), { target: { value: 'Gold again' } });
    fireEvent.change(field('Price a night (OMR)'), { target: { value: '18' } });
    fireEvent.submit(form);
    await waitFor(() => expect(sent.map((s) => s.body.code)).toEqual(['gold']));
    // Said under the code field, which is marked as the one to fix.
    await waitFor(() => expect(field('Code').closest('[data-invalid]')).not.toBeNull());
    expect(form.textContent).toContain('Another room type has this code.');
  }, 30_000);
});
