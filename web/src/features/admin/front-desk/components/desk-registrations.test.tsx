// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import type { StayRegistration } from '@shared/registration-schemas';
import { authKeys } from '@/entities/session/auth-keys';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import type { CheckInOptions, DeskBooking } from '../api/front-desk';
import CheckInDialog from './check-in-dialog';
import { DeskRegistrations } from './desk-registrations';

/**
 * The desk's police registrations (docs/decisions/093): today's not sent on the front desk, the
 * incomplete first with what is missing and "Complete" there; and the check-in dialog naming what
 * the police still need and asking for it before the check-in goes.
 */

const today = hotelToday();
let registrations: StayRegistration[] = [];
let options: CheckInOptions;
let sent: { method: string; path: string; body: unknown }[] = [];
let refuseCompanions = false;

// The API stands in for the server (only in this unit test: the journey uses the real one).
beforeEach(() => {
  sent = [];
  refuseCompanions = false;
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown) =>
      new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (request.method !== 'GET') {
      sent.push({ method: request.method, path: url.pathname, body: JSON.parse(await request.text()) });
      if (refuseCompanions && url.pathname.endsWith('/companions'))
        return new Response(
          JSON.stringify({
            error: {
              code: 'validation_failed',
              message: 'بعض الحقول غير صحيحة',
              fields: { 'companions.0.documentNumber': 'رقم الوثيقة مطلوب' },
            },
          }),
          { status: 400, headers: { 'content-type': 'application/json' } },
        );
      return answer({ message: 'Guest profile saved' });
    }
    if (url.pathname === '/api/admin/registrations') return answer({ date: today, registrations });
    return answer(options);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(node: ReactNode, language: 'ar' | 'en' = 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(authKeys.me(), { id: 1, email: 'desk@example.com', role: 'staff', fullName: 'Desk' });
  return render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{node}</I18nProvider>
    </QueryClientProvider>,
  );
}

const registration = (over: Partial<StayRegistration>): StayRegistration => ({
  bookingId: 1,
  reference: 'K7MQ4PX',
  profileId: 21,
  fullName: 'Guest',
  nationality: 'OM',
  dateOfBirth: '1990-01-01',
  documentType: 'passport',
  documentNumber: 'P1234567',
  documentExpiry: null,
  roomNumber: '204',
  numberOfGuests: 2,
  adults: 2,
  arrival: today,
  departure: addDays(today, 2),
  checkedInAt: `${today}T10:00:00.000Z`,
  dueDate: today,
  state: 'due',
  missing: [],
  sentAt: null,
  sentBy: null,
  failedReason: null,
  companions: [],
  ...over,
});

describe("the front desk's police registrations", () => {
  it('lists the incomplete first with what is missing, in Arabic; nothing when all is sent', async () => {
    registrations = [
      registration({ bookingId: 1, fullName: 'Ready Guest' }),
      registration({
        bookingId: 2,
        fullName: 'Missing Guest',
        nationality: null,
        dateOfBirth: null,
        state: 'incomplete',
        missing: ['nationality', 'dateOfBirth'],
      }),
      registration({ bookingId: 3, fullName: 'Sent Guest', state: 'sent' }),
    ];
    show(<DeskRegistrations today={today} online />, 'ar');
    const panel = await screen.findByTestId('desk-registrations');
    const items = within(panel).getAllByRole('listitem');
    expect(items.map((i) => i.getAttribute('data-testid'))).toEqual([
      'desk-registration-2',
      'desk-registration-1',
    ]);
    expect(items[0]!.textContent).toContain('ينقص: الجنسية و');
    expect(items[0]!.textContent).toContain('تاريخ الميلاد');
    expect(screen.getByTestId('desk-registrations-summary').textContent).toBe(
      '١ غير مكتمل، و١ جاهز للإرسال.',
    );
    cleanup();
    registrations = [registration({ state: 'sent' })];
    const { container } = show(<DeskRegistrations today={today} online />);
    await waitFor(() => expect(sent).toEqual([]));
    expect(container.querySelector('[data-testid="desk-registrations"]')).toBeNull();
  }, 20_000);

  it('completes one there: the details go to the guest profile', async () => {
    registrations = [
      registration({
        bookingId: 2,
        fullName: 'Missing Guest',
        documentNumber: null,
        state: 'incomplete',
        missing: ['documentNumber'],
      }),
    ];
    show(<DeskRegistrations today={today} online />);
    fireEvent.click(await screen.findByTestId('desk-registration-complete-2'));
    const dialog = await screen.findByTestId('complete-registration-dialog', undefined, { timeout: 10_000 });
    expect(within(dialog).getByTestId('complete-registration-missing').textContent).toBe(
      'The police need: Document number.',
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Document number' }), {
      target: { value: 'P7777777' },
    });
    fireEvent.click(within(dialog).getByTestId('complete-registration-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'PATCH',
      path: '/api/admin/guests/21',
      body: {
        nationality: 'OM',
        dateOfBirth: '1990-01-01',
        documentType: 'passport',
        documentNumber: 'P7777777',
      },
    });
  }, 20_000);
});

describe('the check-in asks for what the police need', () => {
  beforeEach(() => {
    options = {
      bookingId: 41,
      roomType: 'gold',
      proposed: { id: 7, number: '204', status: 'clean' },
      rooms: [{ id: 7, number: '204', status: 'clean' }],
      registration: {
        fullName: 'Aisha Al Rawahi',
        profileId: 21,
        idNumber: 'AB1234567',
        numberOfGuests: 2,
        adults: 1,
        companions: [],
        nationality: 'OM',
        dateOfBirth: null,
        documentType: null,
        documentNumber: null,
        documentExpiry: null,
        onlineCheckIn: false,
      },
    } as CheckInOptions;
  });

  const stay = {
    id: 41,
    fullName: 'Aisha Al Rawahi',
    roomType: 'gold',
    room: null,
  } as unknown as DeskBooking;

  it('one form, one save: the missing fields asked at once, saved to the profile, then the check-in', async () => {
    const confirmed: unknown[] = [];
    show(
      <CheckInDialog
        booking={stay}
        isPending={false}
        onConfirm={(choice) => confirmed.push(choice)}
        onClose={() => {}}
      />,
    );
    const missing = await screen.findByTestId('desk-check-in-missing');
    // The booking's ID number stands for the document number; its type and the birth date are asked.
    expect(missing.textContent).toContain(
      'For the police registration, still needed: Document type and Date of birth.',
    );
    // The fields are there at once (no "Add them now", no "Save the details"); an Omani guest's
    // document is their national ID card until the desk says otherwise.
    const lead = screen.getByTestId('desk-check-in-lead');
    expect(screen.queryByTestId('desk-check-in-add-details')).toBeNull();
    expect(screen.queryByTestId('desk-check-in-save-details')).toBeNull();
    expect(within(lead).getByRole('button', { name: /Document type/ }).textContent).toContain(
      'National ID card',
    );
    fireEvent.change(within(lead).getByRole('textbox', { name: 'Document number' }), {
      target: { value: 'AB1234567' },
    });
    fireEvent.click(screen.getByTestId('desk-check-in-id-checked').querySelector('input')!);
    fireEvent.click(screen.getByTestId('desk-check-in-confirm'));
    await waitFor(() => expect(confirmed).toHaveLength(1));
    expect(sent).toEqual([
      {
        method: 'PATCH',
        path: '/api/admin/guests/21',
        body: { documentType: 'national_id', documentNumber: 'AB1234567' },
      },
    ]);
    expect(confirmed[0]).toEqual({ roomId: 7, idChecked: true });
  }, 20_000);

  it('the other adults saved with the check-in, their nationality the lead guest’s; a refusal stops it', async () => {
    options = {
      ...options,
      registration: { ...options.registration!, adults: 2, nationality: null },
    } as CheckInOptions;
    const confirmed: unknown[] = [];
    show(
      <CheckInDialog
        booking={stay}
        isPending={false}
        onConfirm={(choice) => confirmed.push(choice)}
        onClose={() => {}}
      />,
      'ar',
    );
    const lead = await screen.findByTestId('desk-check-in-lead');
    // Oman first among the nationalities, then the GCC.
    fireEvent.click(within(lead).getByRole('button', { name: /الجنسية/ }));
    const options_ = await screen.findAllByRole('option');
    expect(options_.slice(0, 6).map((o) => o.textContent)).toEqual([
      'عُمان',
      'الإمارات العربية المتحدة',
      'البحرين',
      'الكويت',
      'المملكة العربية السعودية',
      'قطر',
    ]);
    fireEvent.click(options_[0]!);
    const other = screen.getByTestId('companion-row');
    // The second adult takes the lead guest's nationality and the document it likely means.
    await waitFor(() =>
      expect(within(other).getByRole('button', { name: /الجنسية/ }).textContent).toContain('عُمان'),
    );
    expect(within(other).getByRole('button', { name: /نوع الوثيقة/ }).textContent).toContain(
      'بطاقة الهوية الوطنية',
    );
    fireEvent.change(within(other).getByRole('textbox', { name: /الاسم الكامل/ }), {
      target: { value: 'مريم الرواحية' },
    });
    refuseCompanions = true;
    fireEvent.click(screen.getByTestId('desk-check-in-id-checked').querySelector('input')!);
    fireEvent.click(screen.getByTestId('desk-check-in-confirm'));
    await waitFor(() =>
      expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([
        'PATCH /api/admin/guests/21',
        'PUT /api/admin/registrations/41/companions',
      ]),
    );
    // Refused: no check-in, the reason on its field, what was typed kept.
    expect((await within(other).findByText('رقم الوثيقة مطلوب')).textContent).toBeTruthy();
    expect(confirmed).toHaveLength(0);
    expect((within(other).getByRole('textbox', { name: /الاسم الكامل/ }) as HTMLInputElement).value).toBe(
      'مريم الرواحية',
    );
    // Corrected and sent again: the check-in goes.
    refuseCompanions = false;
    fireEvent.change(within(other).getByRole('textbox', { name: 'رقم الوثيقة' }), {
      target: { value: '12345678' },
    });
    fireEvent.click(screen.getByTestId('desk-check-in-confirm'));
    await waitFor(() => expect(confirmed).toHaveLength(1));
    expect(sent.at(-1)).toMatchObject({
      method: 'PUT',
      body: {
        companions: [
          {
            fullName: 'مريم الرواحية',
            nationality: 'OM',
            dateOfBirth: null,
            documentType: 'national_id',
            documentNumber: '12345678',
          },
        ],
      },
    });
  }, 40_000);
});
