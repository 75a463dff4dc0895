// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as en } from '@/locales/en.po';
import { QuickBookingForm } from './quick-booking-form';

// The date fields as plain inputs (the form's own logic is what is tested here).
vi.mock('@/components/ui/date-picker', () => ({
  DatePicker: ({
    label,
    value,
    onChange,
  }: {
    label: string;
    value: string;
    onChange: (v: string) => void;
  }) => <input aria-label={label} value={value} onChange={(e) => onChange(e.target.value)} />,
}));

/** The hotel's types as GET /api/room-types answers them (only what the form reads). */
const type = (over: Record<string, unknown>) => ({
  nameAr: '',
  baseOccupancy: 2,
  maxAdults: 4,
  maxChildren: 3,
  maxOccupancy: 4,
  bedTypes: ['single', 'double'],
  smokingOptions: ['smoking', 'non_smoking'],
  ...over,
});
const roomTypes = [
  type({ code: 'gold', nameEn: 'Gold Room' }),
  type({
    code: 'family-suite',
    nameEn: 'Family Suite',
    maxAdults: 2,
    maxChildren: 3,
    maxOccupancy: 5,
    bedTypes: ['double'],
    smokingOptions: ['non_smoking'],
  }),
];

const posted: Record<string, unknown>[] = [];

beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (url.pathname === '/api/room-types') return answer(roomTypes);
    if (url.pathname === '/api/admin/city-ledger') {
      const account = (id: number, name: string, kind: string, ratePlanCodes: string[] = []) => ({
        id,
        name,
        kind,
        ratePlanCodes,
        active: true,
      });
      return answer({
        accounts: [
          account(5, 'Oman LNG', 'company', ['corporate']),
          account(6, 'Other Co', 'company'),
          account(7, 'Gulf Journeys', 'travel_agent'),
        ],
      });
    }
    if (url.pathname === '/api/admin/rate-plans') {
      const plan = (code: string, nameEn: string, isPublic: boolean) => ({
        code,
        nameAr: nameEn,
        nameEn,
        active: true,
        public: isPublic,
      });
      return answer({
        ratePlans: [plan('standard', 'Standard', true), plan('corporate', 'Corporate', false)],
      });
    }
    if (url.pathname === '/api/booking-submissions' && request.method === 'POST') {
      posted.push((await request.json()) as Record<string, unknown>);
      return answer({ booking: { reference: 'K7MQ4PX', fullName: 'Salim', status: 'approved' } }, 201);
    }
    return answer(null);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));

/** The options of a select, from the native select react-aria keeps beside it for forms. */
function options(name: string): string[] {
  const select = document.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!;
  return [...select.options].map((o) => o.value).filter(Boolean);
}
function choose(name: string, value: string) {
  fireEvent.change(document.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!, {
    target: { value },
  });
}
function type_(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label, { exact: false, selector: 'input' }), { target: { value } });
}

async function renderForm() {
  i18n.loadAndActivate({ locale: 'en', messages: en as never });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <QuickBookingForm onNoRooms={() => undefined} isOffline={false} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  // The hotel's types have loaded.
  await waitFor(() => expect(options('roomType')).toEqual(['gold', 'family-suite']));
}

async function fillGuest() {
  type_('Full name', 'Salim Al Harthy');
  type_('Phone', '91234567');
  type_('ID', '12345678');
  type_('Check-in', '2031-03-02');
  type_('Check-out', '2031-03-04');
  await settle();
}

// Each test fills many selects: slow in jsdom on a loaded machine, hence 20 s each.
describe('the quick booking form', () => {
  it('offers every type the hotel sells, with the chosen type’s limits, beds and smoking', async () => {
    await renderForm();
    expect(options('roomType')).toEqual(['gold', 'family-suite']);
    expect(screen.getAllByText('Family Suite').length).toBeGreaterThan(0);
    choose('roomType', 'family-suite');
    await settle();
    expect(options('adults')).toEqual(['1', '2']);
    expect(options('children')).toEqual(['0', '1', '2', '3']);
    expect(options('bedType')).toEqual(['double']);
    expect(options('smokingPreference')).toEqual(['non_smoking']);
  }, 20_000);

  it('books two adults and three children in the family suite', async () => {
    await renderForm();
    await fillGuest();
    choose('roomType', 'family-suite');
    await settle();
    choose('adults', '2');
    choose('children', '3');
    choose('bedType', 'double');
    choose('smokingPreference', 'non_smoking');
    await settle();
    fireEvent.submit(screen.getByRole('form', { name: 'Quick booking' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ roomType: 'family-suite', adults: 2, children: 3, numberOfGuests: 5 });
  }, 20_000);

  it('refuses more guests than the chosen type takes, saying its limits', async () => {
    await renderForm();
    await fillGuest();
    choose('roomType', 'gold');
    await settle();
    choose('adults', '4');
    choose('bedType', 'double');
    choose('smokingPreference', 'non_smoking');
    // Four adults fit the gold room; the family suite takes two.
    choose('roomType', 'family-suite');
    await settle();
    fireEvent.submit(screen.getByRole('form', { name: 'Quick booking' }));
    await settle();
    expect(posted).toHaveLength(0);
    expect(
      screen.getByText(/Too many guests for this room type. Most adults: 2; most children: 3/),
    ).toBeTruthy();
  }, 20_000);

  it('sells a company its negotiated plan, with the agent, how it came and the segment staff chose', async () => {
    await renderForm();
    await fillGuest();
    choose('roomType', 'gold');
    choose('bedType', 'double');
    choose('smokingPreference', 'non_smoking');
    await waitFor(() => expect(options('companyId')).toEqual(['none', '5', '6']));
    expect(options('travelAgentId')).toEqual(['none', '7']);
    // A private plan is offered only once a company that has it is chosen.
    await waitFor(() => expect(options('ratePlan')).toEqual(['standard']));
    choose('companyId', '5');
    await settle();
    expect(options('ratePlan')).toEqual(['standard', 'corporate']);
    choose('ratePlan', 'corporate');
    choose('travelAgentId', '7');
    choose('segment', 'government');
    fireEvent.click(screen.getByRole('radio', { name: 'Walk-in' }));
    await settle();
    fireEvent.submit(screen.getByRole('form', { name: 'Quick booking' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      companyId: 5,
      travelAgentId: 7,
      ratePlan: 'corporate',
      source: 'walk_in',
      segment: 'government',
    });
  }, 20_000);

  it('a walk-in without a company: by phone unless said, on a public plan', async () => {
    await renderForm();
    await fillGuest();
    choose('roomType', 'gold');
    choose('bedType', 'double');
    choose('smokingPreference', 'non_smoking');
    await settle();
    fireEvent.submit(screen.getByRole('form', { name: 'Quick booking' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      companyId: null,
      travelAgentId: null,
      ratePlan: 'standard',
      source: 'phone',
    });
    expect(posted[0]).not.toHaveProperty('segment');
  }, 20_000);
});
