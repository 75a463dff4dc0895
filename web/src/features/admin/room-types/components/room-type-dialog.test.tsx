// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PhotoManagerProps } from '@/entities/admin/media/photo-manager-slot';
import type { AdminRoomType } from '@/entities/admin/room-types/get-admin-room-types';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import RoomTypeDialog from './room-type-dialog';

// The type a newcomer adds, as GET /api/admin/room-types answers it, with an amenity.
const familySuite = {
  code: 'family-suite',
  nameAr: 'جناح عائلي',
  nameEn: 'Family Suite',
  descriptionAr: 'جناح واسع للعائلات بغرفتين',
  descriptionEn: 'A roomy two-room suite for families',
  baseOccupancy: 5,
  maxAdults: 2,
  maxChildren: 3,
  maxOccupancy: 5,
  extraBeds: 0,
  bedTypes: ['double'],
  smokingOptions: ['non_smoking'],
  amenities: [{ ar: 'مطبخ صغير', en: 'Kitchenette' }],
  sizeM2: null,
  priceBaisa: 45_000,
  originalPriceBaisa: null,
  pointsPerStay: 10,
  freeNightPoints: null,
  vipEligible: false,
  sortOrder: 4,
  active: true,
  roomCount: 2,
  listedRooms: 2,
  lowStock: { red: 1, yellow: 2 },
  imageUrl: null,
  photos: [],
  lowestPriceBaisa: 45_000,
  upcomingBookings: 0,
} as unknown as AdminRoomType;

function PhotoManager({ owner }: PhotoManagerProps) {
  return <p>Photos of {owner.ownerId}</p>;
}

beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open(language: 'ar' | 'en', type: AdminRoomType | null) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={new QueryClient()}>
        <RoomTypeDialog type={type} nextSortOrder={5} onClose={() => {}} PhotoManager={PhotoManager} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return screen.getByTestId('room-type-form');
}

// jsdom lays nothing out: the test reads the classes that keep the sections within a 390 px phone.
// A fieldset is as wide as its content's narrowest layout by default (min-inline-size:
// min-content), and a grid column without a template is at least its widest field's content: a
// number field's input then pushed the Guests, Price and points and Rooms sections to 392 px in a
// 350 px form, the "+" steppers cut off.
describe('the room type dialog keeps its sections within a phone’s width', () => {
  for (const [language, type] of [
    ['ar', familySuite],
    ['en', familySuite],
    ['ar', null],
    ['en', null],
  ] as const) {
    it(`every section may shrink and every grid's columns too (${language}, ${type ? 'edit' : 'new'})`, () => {
      const form = open(language, type);
      const sections = [...form.querySelectorAll('fieldset')];
      expect(sections.length).toBeGreaterThanOrEqual(5);
      for (const section of sections) expect(section.classList.contains('min-w-0')).toBe(true);
      const grids = sections.flatMap((section) => [...section.querySelectorAll('.grid')]);
      // Guests, Price and points, Rooms, and each amenity.
      expect(grids.length).toBeGreaterThanOrEqual(type ? 4 : 3);
      for (const grid of grids) {
        // One column that may be narrower than its content below the sm breakpoint.
        expect(grid.classList.contains('grid-cols-1')).toBe(true);
        // No column wider than its share from sm up ('1fr' alone keeps its content's width).
        for (const name of grid.classList) {
          if (/^(sm|md|lg):grid-cols-\[/.test(name)) expect(name).not.toMatch(/[[_]1fr/);
        }
      }
    });
  }
});

describe('a new room type’s photos and price', () => {
  const type = (label: string, text: string) =>
    fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value: text } });

  it('stays open once added, with its photos above Save and Cancel, and writes a typed price in the page’s digits', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      if (request.method === 'POST') {
        posted.push(await request.json());
        return Response.json(
          { message: 'Room type saved', roomType: { code: 'family-suite' } },
          { status: 201 },
        );
      }
      return Response.json([]);
    });
    const form = open('ar', null);
    // Before it is added: said where its photos will be, nothing to upload to yet.
    expect(screen.getByTestId('room-type-photos-later')).toBeTruthy();
    type('الرمز', 'family-suite');
    type('الاسم بالعربية', 'جناح عائلي');
    type('الاسم بالإنجليزية', 'Family Suite');
    const price = screen.getByLabelText('سعر الليلة (ر.ع.)', { exact: false }) as HTMLInputElement;
    fireEvent.change(price, { target: { value: '45' } });
    fireEvent.blur(price);
    // The typed Latin "45" is written back in Arabic-Indic digits, as the steppers beside it show theirs.
    expect(price.value).toBe('٤٥٫٠٠٠');
    await act(async () => {
      fireEvent.submit(form);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(posted).toEqual([expect.objectContaining({ code: 'family-suite', priceBaisa: 45_000 })]);
    // Added: the dialog is still open, now the new type's own (named as typed), on its photos, and
    // the buttons come after them.
    expect(screen.getByRole('dialog', { name: 'تعديل جناح عائلي' })).toBeTruthy();
    const photos = screen.getByText('Photos of family-suite');
    const save = screen.getByRole('button', { name: 'حفظ' });
    expect(photos.compareDocumentPosition(save) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // Its Cancel is now Close: nothing is left unsaved.
    expect(screen.getAllByRole('button', { name: 'إغلاق' }).some((b) => b.textContent === 'إغلاق')).toBe(
      true,
    );
  }, 20_000);
});

describe('the room type’s extra-guest price', () => {
  /** Sends nothing but records each POST and PATCH body; answers as the API does. */
  function recordWrites() {
    const sent: { method: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      if (request.method === 'POST' || request.method === 'PATCH') {
        sent.push({ method: request.method, body: (await request.json()) as Record<string, unknown> });
        return Response.json(
          { message: 'Room type saved', roomType: { code: 'family-suite' } },
          { status: request.method === 'POST' ? 201 : 200 },
        );
      }
      return Response.json([]);
    });
    return sent;
  }
  const submit = async (form: HTMLElement) =>
    act(async () => {
      fireEvent.submit(form);
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
  const field = () => screen.getByTestId('room-type-extra-guest-price').querySelector('input')!;

  it('takes rials in Arabic-Indic digits on the English page, writes them back in its digits, and sends baisa', async () => {
    const sent = recordWrites();
    const form = open('en', null);
    const type = (label: string, text: string) =>
      fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value: text } });
    type('Code', 'family-suite');
    type('Name in Arabic', 'جناح عائلي');
    type('Name in English', 'Family Suite');
    type('Price a night (OMR)', '45');
    // Said where a manager looks: empty is the spec's 2.000, a plan or a night may set their own.
    expect(screen.getByTestId('room-type-extra-guest-price').textContent).toContain(
      'Optional. Empty: OMR\u00a02.000.',
    );
    fireEvent.change(field(), { target: { value: '٣٫٥' } });
    fireEvent.blur(field());
    expect(field().value).toBe('3.500');
    await submit(form);
    // The write leaves after validation and a microtask or two: waited for, not timed (a loaded
    // machine took longer than 20 ms, and the write then landed in the next test's record).
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent).toEqual([
      {
        method: 'POST',
        body: expect.objectContaining({ code: 'family-suite', extraGuestPriceBaisa: 3_500 }),
      },
    ]);
  }, 20_000);

  it('shows a type’s own in the page’s digits, and sends null once emptied (Arabic)', async () => {
    const sent = recordWrites();
    const form = open('ar', { ...familySuite, extraGuestPriceBaisa: 4_000 } as AdminRoomType);
    expect(field().value).toBe('٤٫٠٠٠');
    fireEvent.change(field(), { target: { value: '' } });
    await submit(form);
    await waitFor(() => expect(sent.length).toBeGreaterThan(0));
    expect(sent).toEqual([
      { method: 'PATCH', body: expect.objectContaining({ extraGuestPriceBaisa: null }) },
    ]);
  }, 20_000);

  it('refuses what is not an amount under the field, in the page’s language, and sends nothing', async () => {
    const sent = recordWrites();
    const form = open('ar', familySuite);
    expect(field().value).toBe('');
    fireEvent.change(field(), { target: { value: 'ثلاثة' } });
    await submit(form);
    expect(sent).toEqual([]);
    expect(screen.getByTestId('room-type-extra-guest-price').textContent).toContain(
      'أدخل السعر بالريال العماني بثلاث خانات عشرية على الأكثر',
    );
  }, 20_000);
});
