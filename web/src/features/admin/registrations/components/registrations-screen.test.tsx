// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hotelToday } from '@shared/dates';
import type { StayRegistration } from '@shared/registration-schemas';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { RegistrationsScreen } from './registrations-screen';

const today = hotelToday();

/** A registration as the worker answers it (shared/src/registration-schemas.ts). */
function registration(over: Partial<StayRegistration>): StayRegistration {
  return {
    bookingId: 1,
    reference: 'K7MQ4PX',
    profileId: 11,
    fullName: 'Salim Al Harthy',
    nationality: 'OM',
    dateOfBirth: '1985-02-03',
    documentType: 'national_id',
    documentNumber: '987654',
    documentExpiry: null,
    roomNumber: '201',
    numberOfGuests: 2,
    adults: 2,
    arrival: today,
    departure: today,
    checkedInAt: `${today}T10:00:00.000Z`,
    dueDate: today,
    state: 'due',
    missing: [],
    sentAt: null,
    sentBy: null,
    failedReason: null,
    companions: [],
    ...over,
  };
}

const rows: StayRegistration[] = [
  registration({
    bookingId: 1,
    fullName: 'Nasser Incomplete',
    dateOfBirth: null,
    state: 'incomplete',
    missing: ['dateOfBirth'],
  }),
  registration({ bookingId: 2, fullName: 'Due Guest', state: 'due' }),
  registration({ bookingId: 3, fullName: 'Corrected Guest', state: 'corrected' }),
  registration({
    bookingId: 4,
    fullName: 'Sent Guest',
    state: 'sent',
    sentAt: `${today}T08:00:00.000Z`,
    sentBy: 'Test Staff',
  }),
];

let posted: { path: string; body: unknown }[] = [];
/** What the list answers: the rows above, or another day's. */
let listed: StayRegistration[] = rows;

// The API stands in for the server (only in this unit test).
beforeEach(() => {
  posted = [];
  listed = rows;
  // jsdom has no CSS.escape, which react-aria's modal reads a meta tag with.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (request.method === 'POST' || request.method === 'PATCH') {
      const body = JSON.parse(await request.text()) as { ids?: number[] };
      posted.push({ path: url.pathname, body });
      if (url.pathname === '/api/admin/registrations/sent')
        return answer({ sent: body.ids, skipped: [], message: 'Marked as sent to the police' });
      if (url.pathname.endsWith('/correction')) {
        // Refused as the server refuses it when nothing changed; else corrected.
        const correction = body as { guest?: { documentNumber?: string } };
        if (correction.guest?.documentNumber === 'C0000001')
          return answer(
            { error: { code: 'registration_nothing_changed', message: 'Nothing was changed' } },
            422,
          );
        return answer({
          registration: {},
          message: 'Corrected: it goes in the next police file as a correction',
        });
      }
      return answer({ message: 'Saved' });
    }
    if (url.pathname === '/api/admin/registrations') return answer({ date: today, registrations: listed });
    return answer([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>
        <RegistrationsScreen />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

describe('the police registrations screen', () => {
  it('in Arabic: each state in words, what is missing named, counts in one digit system', async () => {
    show('ar');
    const incomplete = await screen.findByTestId('registration-1');
    expect(incomplete.getAttribute('data-state')).toBe('incomplete');
    expect(incomplete.textContent).toContain('غير مكتمل');
    expect(incomplete.textContent).toContain('ينقص: تاريخ الميلاد');
    expect(screen.getByTestId('registration-3').textContent).toContain('عُدّل: يُرسل مجددًا');
    expect(screen.getByTestId('registration-4').textContent).toContain('Test Staff');
    const summary = screen.getByTestId('registrations-summary').textContent!;
    expect(summary).toBe('٢ للإرسال؛ ١ غير مكتمل (لا يدخل الملف حتى يكتمل).');
    expect(summary).not.toMatch(/[0-9]/);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('تسجيل الشرطة');
  }, 20_000);

  it('marks as sent exactly the registrations of the file downloaded (not the incomplete, not the sent)', async () => {
    show('en');
    const download = await screen.findByTestId('registrations-download');
    expect(download.getAttribute('href')).toBe(`/api/admin/registrations/export?date=${today}`);
    expect(screen.queryByTestId('registrations-mark-sent')).toBeNull();
    download.addEventListener('click', (e) => e.preventDefault());
    fireEvent.click(download);
    const mark = await screen.findByTestId('registrations-mark-sent');
    expect(mark.textContent).toBe('Mark as sent (2)');
    fireEvent.click(mark);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({ path: '/api/admin/registrations/sent', body: { ids: [2, 3] } });
    await waitFor(() => expect(screen.queryByTestId('registrations-mark-sent')).toBeNull());
  }, 20_000);

  it('opens the completion of an incomplete one, naming what the police need', async () => {
    show('en');
    fireEvent.click(await screen.findByTestId('registration-complete-1'));
    const dialog = await screen.findByTestId('complete-registration-dialog', undefined, { timeout: 10_000 });
    expect(within(dialog).getByTestId('complete-registration-missing').textContent).toBe(
      'The police need: Date of birth.',
    );
    // The details the profile has are there to check; the number is saved as typed.
    const number = within(dialog).getByRole('textbox', { name: 'Document number' });
    expect((number as HTMLInputElement).value).toBe('987654');
    fireEvent.change(number, { target: { value: '111222' } });
    fireEvent.click(within(dialog).getByTestId('complete-registration-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.path).toBe('/api/admin/guests/11');
    expect(posted[0]!.body).toEqual({
      nationality: 'OM',
      documentType: 'national_id',
      documentNumber: '111222',
    });
  }, 20_000);

  it.each([
    ['en', 'The police refused it: Passport number wrong', 'Correct'],
    ['ar', 'رفضته الشرطة: Passport number wrong', 'تصحيح'],
  ] as const)(
    'corrects one the police refused (%s): the guest and the other adult as they are, sent in one request',
    async (language, reason, word) => {
      listed = [
        registration({
          bookingId: 5,
          fullName: 'Refused Guest',
          state: 'failed',
          failedReason: 'Passport number wrong',
          nationality: 'DE',
          documentType: 'passport',
          documentNumber: 'C0000001',
          companions: [
            {
              id: 31,
              fullName: 'Second Adult',
              nationality: 'DE',
              dateOfBirth: '1976-05-05',
              documentType: 'passport',
              documentNumber: 'C0000002',
              missing: [],
            },
          ],
        }),
      ];
      show(language);
      const correct = await screen.findByTestId('registration-correct-5');
      expect(correct.textContent).toBe(`${word} Refused Guest`);
      fireEvent.click(correct);
      const dialog = await screen.findByTestId('correct-registration-dialog', undefined, { timeout: 10_000 });
      expect(within(dialog).getByTestId('correct-registration-reason').textContent).toBe(reason);
      // Saved unchanged: the server's refusal is said, nothing closes.
      fireEvent.click(within(dialog).getByTestId('correct-registration-save'));
      await within(dialog).findByRole('alert');
      const number = within(dialog).getAllByRole('textbox', {
        name: language === 'en' ? 'Document number' : 'رقم الوثيقة',
      })[0]!;
      fireEvent.change(number, { target: { value: 'C1234567' } });
      fireEvent.click(within(dialog).getByTestId('correct-registration-save'));
      await waitFor(() => expect(posted).toHaveLength(2));
      expect(posted[1]).toEqual({
        path: '/api/admin/registrations/5/correction',
        body: {
          guest: {
            nationality: 'DE',
            dateOfBirth: '1985-02-03',
            documentType: 'passport',
            documentNumber: 'C1234567',
          },
          companions: [
            {
              id: 31,
              fullName: 'Second Adult',
              nationality: 'DE',
              dateOfBirth: '1976-05-05',
              documentType: 'passport',
              documentNumber: 'C0000002',
            },
          ],
        },
      });
      await waitFor(() => expect(screen.queryByTestId('correct-registration-dialog')).toBeNull());
    },
    20_000,
  );
});
