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

// The API stands in for the server (only in this unit test: the journey uses the real one).
beforeEach(() => {
  sent = [];
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

  it('names the missing fields and saves them to the profile before the check-in', async () => {
    const stay = {
      id: 41,
      fullName: 'Aisha Al Rawahi',
      roomType: 'gold',
      room: null,
    } as unknown as DeskBooking;
    show(<CheckInDialog booking={stay} isPending={false} onConfirm={() => {}} onClose={() => {}} />);
    const missing = await screen.findByTestId('desk-check-in-missing');
    // The booking's ID number stands for the document number; its type and the birth date are asked.
    expect(missing.textContent).toContain(
      'For the police registration, still needed: Document type and Date of birth.',
    );
    fireEvent.click(within(missing).getByTestId('desk-check-in-add-details'));
    const number = await within(missing).findByRole('textbox', { name: 'Document number' });
    fireEvent.change(number, { target: { value: 'AB1234567' } });
    fireEvent.click(within(missing).getByTestId('desk-check-in-save-details'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PATCH', path: '/api/admin/guests/21' });
    expect(sent[0]!.body).toEqual({ nationality: 'OM', documentNumber: 'AB1234567' });
  }, 20_000);
});
