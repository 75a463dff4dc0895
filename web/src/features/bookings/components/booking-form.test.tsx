// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { type BookingFlow, BookingFlowContext } from '@/entities/bookings/booking-flow';
import { roomTypesQueryOptions } from '@/entities/rooms/get-room-types';
import { testRoomType } from '@/entities/rooms/test-room-type';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { toastQueue } from '@/components/ui/toast-store';
import { db } from '@/offline/db';
import { type BookingDraft, emptyDraft } from '../lib/booking-draft';
import { BookingForm } from './booking-form';

// The outbox's own sender (started when a request is kept on the phone) finds no network here.
vi.mock('@/offline/transport-xhr', () => ({
  xhrTransport: {
    upload: () => Promise.reject(new Error('network')),
    create: () => Promise.reject(new Error('network')),
  },
}));

// jsdom has no CSS.escape, which react-aria reads a meta tag with.
if (typeof CSS === 'undefined' || !CSS.escape) {
  vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
}

// The type a newcomer adds: up to two adults and three children, at 45.000.
const familySuite = testRoomType('family-suite', {
  nameAr: 'جناح عائلي',
  nameEn: 'Family Suite',
  maxAdults: 2,
  maxChildren: 3,
  maxOccupancy: 5,
  priceBaisa: 45_000,
  bedTypes: ['double'],
  smokingOptions: ['non_smoking'],
});
const checkIn = addDays(hotelToday(), 30);
const draft = (guests: Pick<BookingDraft, 'adults' | 'children'>): BookingDraft => ({
  ...emptyDraft,
  fullName: 'Salim Al Harthy',
  phoneNumber: '91234567',
  idNumber: '12345678',
  email: 'salim@example.com',
  checkInDate: checkIn,
  checkOutDate: addDays(checkIn, 2),
  bedType: 'double',
  smokingPreference: 'non_smoking',
  ...guests,
});

const flow: BookingFlow = { bookRoom: () => {}, openQuickBooking: () => {} };
let posted: Record<string, unknown>[] = [];
beforeEach(() => {
  posted = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    if (request.method === 'POST') posted.push((await request.json()) as Record<string, unknown>);
    // Nothing else answers: the counts and prices are not known (the server checks).
    return new Response('{}', { status: 503 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  if (typeof CSS === 'undefined' || !CSS.escape) vi.stubGlobal('CSS', { escape: (value: string) => value });
});

async function submit(
  language: 'ar' | 'en',
  guests: Pick<BookingDraft, 'adults' | 'children'>,
  more: Partial<BookingDraft> = {},
) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(roomTypesQueryOptions().queryKey, [familySuite]);
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <BookingFlowContext.Provider value={flow}>
          <BookingForm
            mode={{ kind: 'room', roomType: 'family-suite' }}
            draft={{ ...draft(guests), ...more }}
            onDraftChange={() => {}}
            onBooked={() => {}}
          />
        </BookingFlowContext.Provider>
      </I18nProvider>
    </QueryClientProvider>,
  );
  // The form is shown once its lazy parts are in (a busy machine takes seconds), and sent once the
  // counts it asked for have answered (here: not known, so every option the type has is offered).
  const confirm = await screen.findByRole(
    'button',
    { name: language === 'ar' ? 'تأكيد الحجز' : 'Confirm Booking' },
    { timeout: 10_000 },
  );
  await vi.waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 5_000, interval: 10 });
  await act(async () => void fireEvent.submit(confirm));
}

/** Waits for the form's one POST (the request goes out after the checks, asynchronously). */
const sentOnce = () => vi.waitFor(() => expect(posted).toHaveLength(1), { timeout: 5_000, interval: 10 });

describe('booking a type the hotel added for adults and children', () => {
  it('sends 2 adults and 3 children in the family suite', async () => {
    await submit('en', { adults: 2, children: 3 });
    await sentOnce();
    expect(posted[0]).toMatchObject({ roomType: 'family-suite', adults: 2, children: 3, numberOfGuests: 5 });
  }, 20_000);

  it('sends the guest\'s "Updates on WhatsApp" only when ticked, and shows the box in Arabic', async () => {
    await submit('ar', { adults: 2, children: 0 }, { whatsappOptIn: true });
    expect(screen.getByRole('checkbox', { name: /التحديثات عبر واتساب/ })).toBeTruthy();
    await sentOnce();
    expect(posted[0]).toMatchObject({ whatsappOptIn: true });
    cleanup();
    posted.length = 0;
    await submit('en', { adults: 2, children: 0 });
    await sentOnce();
    expect(posted[0]).not.toHaveProperty('whatsappOptIn');
  }, 30_000);

  it('refuses six guests on the device, naming the type’s limits (Arabic)', async () => {
    await submit('ar', { adults: 2, children: 4 });
    // The refusal is said on Confirm, by the form's own checks, before anything could be sent.
    const error = await screen.findByTestId('guest-counts-error', undefined, { timeout: 5_000 });
    expect(error.textContent).toBe('الحد الأقصى في جناح عائلي: ٥ ضيوف (البالغون حتى ٢، والأطفال حتى ٣).');
    expect(posted).toEqual([]);
  }, 20_000);
});

describe('a room type with a single option', () => {
  it('takes its only bed type and smoking option as chosen: ticked, and sent on the first Confirm', async () => {
    // Nothing chosen yet: the family suite has one bed type (double) and one smoking option.
    await submit('en', { adults: 2, children: 0 }, { bedType: undefined, smokingPreference: undefined });
    await sentOnce();
    expect((screen.getByRole('radio', { name: /Double/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: /Non-smoking/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(/Please select/i)).toBeNull();
    expect(posted[0]).toMatchObject({ bedType: 'double', smokingPreference: 'non_smoking' });
  }, 20_000);
});

describe('the network goes right after Send', () => {
  it('says at once that the request is kept on the phone, under the key the request on its way carried', async () => {
    let online = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    await db.outbox.clear();
    const added = vi.spyOn(toastQueue, 'add');
    // The request leaves and no answer comes (the phone lost the network on the way).
    const keys: string[] = [];
    let withdrawn = false;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      const request =
        input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
      if (request.method !== 'POST') return Promise.resolve(new Response('{}', { status: 503 }));
      keys.push(request.headers.get('Idempotency-Key') ?? '');
      return new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => {
          withdrawn = true;
          reject(new DOMException('withdrawn', 'AbortError'));
        }),
      );
    });
    const booked = vi.fn();
    i18n.loadAndActivate({ locale: 'en', messages: en as never });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(roomTypesQueryOptions().queryKey, [familySuite]);
    render(
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <BookingFlowContext.Provider value={flow}>
            <BookingForm
              mode={{ kind: 'room', roomType: 'family-suite' }}
              draft={draft({ adults: 2, children: 1 })}
              onDraftChange={() => {}}
              onBooked={booked}
            />
          </BookingFlowContext.Provider>
        </I18nProvider>
      </QueryClientProvider>,
    );
    const confirm = await screen.findByRole('button', { name: 'Confirm Booking' }, { timeout: 10_000 });
    await act(async () => {
      fireEvent.submit(confirm);
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await vi.waitFor(() => expect(keys).toHaveLength(1), { timeout: 5_000 });
    expect(screen.getByRole('button', { name: /Sending your booking/ })).toBeTruthy();
    expect(added).not.toHaveBeenCalled();

    // The request never answers here: only going offline can tell the guest anything.
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    await vi.waitFor(() => expect(booked).toHaveBeenCalled(), { timeout: 5_000, interval: 10 });
    expect(added.mock.calls.map(([toast]) => `${toast.title} / ${toast.description ?? ''}`)).toEqual([
      'Saved on your phone / It will be sent when you are back online.',
    ]);
    expect(withdrawn).toBe(true);
    // Kept under the same key: if the hotel had it already, the retry is its replay (booked once).
    const kept = await db.outbox.toArray();
    expect(kept.map((entry) => [entry.id, entry.kind, entry.state])).toEqual([
      [keys[0], 'booking', 'waiting'],
    ]);
    added.mockRestore();
  }, 30_000);
});

/** Types `text` into a react-aria date segment as a keyboard does (its `beforeinput` events). */
function typeInto(segment: HTMLElement, text: string) {
  act(() => segment.focus());
  for (const data of text) {
    act(() => {
      segment.dispatchEvent(
        new InputEvent('beforeinput', { data, inputType: 'insertText', bubbles: true, cancelable: true }),
      );
    });
  }
}

// Once a journey (e2e/guest-booking.spec.ts): the form's own checks, in Arabic, as the guest types.
describe('the form’s checks, in Arabic', () => {
  it('says check-out before check-in at once and the empty fields on Confirm, focuses the first, keeps what was typed, and clears each error as its field is edited', async () => {
    i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(roomTypesQueryOptions().queryKey, [familySuite]);
    const start = addDays(hotelToday(), 40);
    const checkIn = addDays(start, 5);
    const later = addDays(start, 6);
    function Form() {
      const [current, setCurrent] = useState<BookingDraft>({
        ...emptyDraft,
        phoneNumber: '٩١٢٣ ٤٥٦٧',
        checkInDate: checkIn,
        checkOutDate: addDays(start, 3),
      });
      return (
        <BookingForm
          mode={{ kind: 'room', roomType: 'family-suite' }}
          draft={current}
          onDraftChange={(update) => setCurrent(update)}
          onBooked={() => {}}
        />
      );
    }
    render(
      <QueryClientProvider client={client}>
        <I18nProvider i18n={i18n}>
          <BookingFlowContext.Provider value={flow}>
            <Form />
          </BookingFlowContext.Provider>
        </I18nProvider>
      </QueryClientProvider>,
    );
    const datesError = 'تاريخ المغادرة يجب أن يكون بعد تاريخ الوصول';
    // Said at once, before Confirm; no price for such dates.
    expect(await screen.findByText(datesError, undefined, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByTestId('price-box').textContent).toContain('اختر تواريخك لترى السعر');

    await act(async () => {
      fireEvent.submit(screen.getByRole('button', { name: 'تأكيد الحجز' }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(posted).toEqual([]);
    expect(screen.getByText('الاسم الكامل مطلوب')).toBeTruthy();
    expect(screen.getByText('رقم الهوية مطلوب')).toBeTruthy();
    expect(screen.getByText(datesError)).toBeTruthy();
    // The focus goes to the first field to fix; what was typed is still there.
    const fullName = screen.getByLabelText('الاسم الكامل');
    expect(document.activeElement).toBe(fullName);
    expect((screen.getByLabelText('رقم الهاتف') as HTMLInputElement).value).toBe('٩١٢٣ ٤٥٦٧');

    // An error clears when its field is edited.
    act(() => void fireEvent.change(fullName, { target: { value: 'م' } }));
    expect(screen.queryByText('الاسم الكامل مطلوب')).toBeNull();
    expect(screen.getByText('رقم الهوية مطلوب')).toBeTruthy();
    // Check-out typed again, after check-in: its segments (day, month, year, in any order) as typed.
    const stay = screen.getByRole('group', { name: 'تاريخا الوصول والمغادرة' });
    const segments = within(stay).getAllByRole('spinbutton');
    const [year, month, day] = later.split('-') as [string, string, string];
    for (const segment of segments.slice(segments.length / 2)) {
      const name = segment.getAttribute('aria-label') ?? '';
      typeInto(segment, /day|يوم/i.test(name) ? day : /month|شهر/i.test(name) ? month : year);
    }
    await waitFor(() => expect(screen.queryByText(datesError)).toBeNull());
  }, 30_000);
});
