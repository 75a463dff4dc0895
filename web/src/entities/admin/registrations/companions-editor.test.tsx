// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StayCompanion } from '@shared/registration-schemas';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { CompanionsEditor } from './companions-editor';
import { useMissingWords } from './registration-words';

/**
 * The other adults of a stay (docs/decisions/093), as the desk records them in the check-in's ID
 * step and the registration's Complete dialog: a row per adult the stay has beyond the lead guest,
 * labelled in Arabic and English, Arabic-Indic digits kept in the document number and read in the
 * date of birth, the server's refusal shown on its field; what each adult lacks, named.
 */

let put: { path: string; body: { companions: Record<string, unknown>[] } }[] = [];
let refuse = false;

// The API stands in for the server (only in this unit test).
beforeEach(() => {
  put = [];
  refuse = false;
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request =
      input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init);
    const url = new URL(request.url, 'http://localhost');
    const answer = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    if (request.method === 'PUT') {
      const body = JSON.parse(await request.text()) as { companions: Record<string, unknown>[] };
      put.push({ path: url.pathname, body });
      if (refuse) {
        return answer(
          {
            error: {
              code: 'validation_failed',
              message: 'Check the fields',
              fields: { 'companions.0.documentNumber': 'Enter the document number as printed' },
            },
          },
          400,
        );
      }
      return answer({ companions: [], message: 'Saved' });
    }
    return answer([]);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function wrapper(language: 'ar' | 'en') {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      <I18nProvider i18n={i18n}>{children}</I18nProvider>
    </QueryClientProvider>
  );
}

/** Types `text` into a date segment as a keyboard would (react-aria reads beforeinput). */
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

const known: StayCompanion = {
  id: 7,
  fullName: 'Known Companion',
  nationality: 'IN',
  dateOfBirth: '1970-01-02',
  documentType: 'passport',
  documentNumber: 'K1234567',
  missing: [],
};

describe("the stay's other adults", () => {
  it('in Arabic: a row for the second adult, Arabic-Indic digits in the document number and the date of birth, saved with the known one', async () => {
    const Wrapper = wrapper('ar');
    render(
      <Wrapper>
        <CompanionsEditor bookingId={42} adults={3} companions={[known]} />
      </Wrapper>,
    );
    // The known companion and one empty row: three adults, the lead guest among them.
    const rows = screen.getAllByTestId('companion-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'البالغ ٣' })).toBe(rows[1]);
    expect((screen.getByLabelText('الاسم الكامل للبالغ ٢') as HTMLInputElement).value).toBe(
      'Known Companion',
    );

    const third = within(rows[1]!);
    fireEvent.change(third.getByLabelText('الاسم الكامل للبالغ ٣'), { target: { value: 'سالم الحارثي' } });
    const number = third.getByLabelText('رقم الوثيقة') as HTMLInputElement;
    fireEvent.change(number, { target: { value: '٩٨٧٦٥٤٣' } });
    expect(number.value).toBe('٩٨٧٦٥٤٣');
    expect(number.getAttribute('dir')).toBe('ltr');
    const birth = third.getByRole('group', { name: 'تاريخ الميلاد' });
    for (const segment of within(birth).getAllByRole('spinbutton')) {
      const name = segment.getAttribute('aria-label') ?? '';
      typeInto(segment, /يوم|day/i.test(name) ? '٠٨' : /شهر|month/i.test(name) ? '٠٧' : '١٩٨٢');
    }
    fireEvent.click(screen.getByTestId('companions-save'));
    await waitFor(() => expect(put).toHaveLength(1));
    expect(put[0]!.path).toBe('/api/admin/registrations/42/companions');
    expect(put[0]!.body.companions).toEqual([
      {
        id: 7,
        fullName: 'Known Companion',
        nationality: 'IN',
        dateOfBirth: '1970-01-02',
        documentType: 'passport',
        documentNumber: 'K1234567',
      },
      {
        fullName: 'سالم الحارثي',
        nationality: null,
        dateOfBirth: '1982-07-08',
        documentType: null,
        documentNumber: '٩٨٧٦٥٤٣',
      },
    ]);
  });

  it('in English: the labels, the server refusal on its field, a row removed and an empty one not sent', async () => {
    const Wrapper = wrapper('en');
    render(
      <Wrapper>
        <CompanionsEditor bookingId={5} adults={2} companions={[known]} />
      </Wrapper>,
    );
    expect(screen.getByRole('group', { name: 'The other adults in the room' })).toBeTruthy();
    expect(screen.getByLabelText('Full name of adult 2')).toBeTruthy();
    refuse = true;
    fireEvent.click(screen.getByTestId('companions-save'));
    expect(await screen.findByText('Enter the document number as printed')).toBeTruthy();
    // Removed, and an adult added but left empty: nothing of either is sent.
    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Remove adult 2' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add an adult' }));
    expect(screen.getAllByTestId('companion-row')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('companions-save'));
    await waitFor(() => expect(put).toHaveLength(2));
    expect(put[1]!.body.companions).toEqual([]);
  });

  it('names what each adult lacks, in Arabic and English', () => {
    const companions = [{ fullName: 'Second Adult' }];
    const missing = ['dateOfBirth', 'adults', 'companions.1.documentNumber'] as const;
    const inEnglish = renderHook(() => useMissingWords(), { wrapper: wrapper('en') });
    expect(inEnglish.result.current(missing, companions)).toBe(
      "Date of birth, the other adults' details, and Document number of \u2068Second Adult\u2069",
    );
    const inArabic = renderHook(() => useMissingWords(), { wrapper: wrapper('ar') });
    expect(inArabic.result.current(missing, companions)).toBe(
      'تاريخ الميلاد وبيانات البالغين الآخرين ورقم الوثيقة لـ\u2068Second Adult\u2069',
    );
  });
});
