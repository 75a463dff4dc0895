// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as en } from '@/locales/en.po';
import EditStayDialog, { type EditableStay } from './edit-stay-dialog';

/** The hotel's types as GET /api/room-types answers them (what the dialog reads). */
const roomTypes = [
  {
    code: 'gold',
    nameAr: 'الغرفة الذهبية',
    nameEn: 'Gold Room',
    maxAdults: 4,
    maxChildren: 3,
    maxOccupancy: 4,
  },
  {
    code: 'family-suite',
    nameAr: 'جناح عائلي',
    nameEn: 'Family Suite',
    maxAdults: 2,
    maxChildren: 3,
    maxOccupancy: 5,
  },
];
const patched: Record<string, unknown>[] = [];

beforeEach(() => {
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  patched.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/room-types') return answer(roomTypes);
    if (url.pathname === '/api/admin/city-ledger') {
      return answer({
        accounts: [
          { id: 5, name: 'Oman LNG', kind: 'company', active: true, ratePlanCodes: ['corporate'] },
          { id: 7, name: 'Gulf Horizons Travel', kind: 'travel_agent', active: true, ratePlanCodes: [] },
        ],
      });
    }
    if (url.pathname.endsWith('/quote')) return answer({ totalPriceBaisa: 90_000 });
    if (request.method === 'PATCH') {
      patched.push((await request.json()) as Record<string, unknown>);
      return answer({ message: 'Saved', booking: { id: 7 } });
    }
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const today = hotelToday();
const stay = (over: Partial<EditableStay>): EditableStay => ({
  id: 7,
  fullName: 'Aisha Al Rawahi',
  phoneNumber: '91234567',
  checkInDate: addDays(today, 10),
  checkOutDate: addDays(today, 12),
  roomType: 'family-suite',
  numberOfGuests: 3,
  adults: 2,
  children: 1,
  totalPrice: 90_000,
  inHouse: false,
  ...over,
});

function show(booking: EditableStay) {
  i18n.loadAndActivate({ locale: 'en', messages: en as never });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 1, email: 'desk@example.com', role: 'staff', fullName: 'Desk' });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <EditStayDialog booking={booking} onClose={() => undefined} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

/** A stepper of a number field, by its own label ("More adults"). */
const stepper = (label: string) =>
  document.querySelector<HTMLButtonElement>(`button[aria-label="${label}"]`)!;
const isDisabled = (label: string) => {
  const button = stepper(label);
  return button.hasAttribute('disabled') || button.getAttribute('data-disabled') !== null;
};

describe('the Edit stay dialog’s guests', () => {
  it('takes adults and children within the room type’s own limits, and sends both', async () => {
    show(stay({}));
    // The family suite takes two adults: no more can be added; up to three children.
    await waitFor(() => expect(isDisabled('More adults')).toBe(true));
    fireEvent.click(stepper('More children'));
    fireEvent.click(stepper('More children'));
    expect(isDisabled('More children')).toBe(true);
    fireEvent.submit(screen.getByTestId('edit-stay-form'));
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]).toMatchObject({ adults: 2, children: 3, numberOfGuests: 5 });
  }, 20_000);

  it('says the type’s limits, and saves nothing, when the guests are more than it takes', async () => {
    show(stay({ roomType: 'gold', numberOfGuests: 4, adults: 4, children: 0, totalPrice: 36_000 }));
    await waitFor(() => expect(isDisabled('More adults')).toBe(true));
    // Four adults in the gold room; then the family suite, which takes two.
    const roomTypes = [...document.querySelectorAll('select')].find((s) =>
      [...s.options].some((o) => o.value === 'family-suite'),
    )!;
    fireEvent.change(roomTypes, { target: { value: 'family-suite' } });
    await waitFor(() =>
      expect(
        screen.getByText(
          /Too many guests for this room type. Most adults: 2; most children: 3; most guests in all: 5/,
        ),
      ).toBeTruthy(),
    );
    fireEvent.submit(screen.getByTestId('edit-stay-form'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(patched).toEqual([]);
  }, 20_000);
});

describe('the Edit stay dialog’s company, agent, source and segment', () => {
  it('sends only what staff changed; a guest’s own source is shown, not chosen', async () => {
    show(stay({ companyId: null, travelAgentId: null, source: 'website', segment: 'leisure' }));
    const select = (name: string) => document.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
    await waitFor(() => expect([...select('companyId').options].map((o) => o.value)).toContain('5'));
    expect(screen.getByTestId('trade-source').textContent).toContain('Website');
    fireEvent.change(select('companyId'), { target: { value: '5' } });
    fireEvent.change(select('travelAgentId'), { target: { value: '7' } });
    fireEvent.change(select('segment'), { target: { value: 'corporate' } });
    fireEvent.submit(screen.getByTestId('edit-stay-form'));
    await waitFor(() => expect(patched).toHaveLength(1));
    expect(patched[0]).toEqual({ companyId: 5, travelAgentId: 7, segment: 'corporate' });
  }, 20_000);
});
