// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { ConfirmationEmailField, PhoneField } from './guest-fields';

/**
 * The phone field of every booking and profile form: the country's calling code beside the number
 * (Oman first and by default, the GCC next), so a Kuwaiti guest's local number is sent as theirs
 * (`+965 …`), and the choice is kept.
 */
let sent: string[] = [];

function Form({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <PhoneField
      value={value}
      onChange={(v) => {
        sent.push(v);
        setValue(v);
      }}
    />
  );
}

function show(language: 'ar' | 'en', initial?: string) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  document.documentElement.dir = language === 'ar' ? 'rtl' : 'ltr';
  render(
    <I18nProvider i18n={i18n}>
      <Form initial={initial} />
    </I18nProvider>,
  );
}

beforeEach(() => {
  sent = [];
  // jsdom has no CSS.escape, which react-aria's list box reads.
  if (typeof CSS === 'undefined' || !CSS.escape) {
    vi.stubGlobal('CSS', { ...(globalThis.CSS ?? {}), escape: (value: string) => value });
  }
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const countryButton = () => screen.getByRole('button', { name: /Country code|رمز الدولة/ });

describe('PhoneField', () => {
  it('Oman by default; a Kuwaiti who chooses Kuwait and types their local number sends it as Kuwaiti (English)', async () => {
    show('en');
    expect(countryButton().textContent).toContain('+968');
    act(() => {
      fireEvent.click(countryButton());
    });
    const options = await screen.findAllByRole('option');
    // Oman first, the GCC next, then the rest by name.
    expect(options.slice(0, 6).map((o) => o.textContent)).toEqual([
      'Oman+968',
      'United Arab Emirates+971',
      'Saudi Arabia+966',
      'Qatar+974',
      'Kuwait+965',
      'Bahrain+973',
    ]);
    act(() => {
      fireEvent.click(screen.getByRole('option', { name: /Kuwait/ }));
    });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone number' }), {
      target: { value: '5123 4567' },
    });
    expect(sent.at(-1)).toBe('+965 5123 4567');
    // The choice is kept as the number changes, and shown.
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone number' }), {
      target: { value: '5123 4568' },
    });
    expect(sent.at(-1)).toBe('+965 5123 4568');
    expect(countryButton().textContent).toContain('+965');
  });

  it('a number typed in full chooses its country; a draft with a country keeps it (Arabic)', async () => {
    show('ar', '+974 3312 3456');
    expect(countryButton().textContent).toContain('+974');
    const input = screen.getByRole('textbox', { name: 'رقم الهاتف' });
    expect((input as HTMLInputElement).value).toBe('3312 3456');
    // The row reads left to right in Arabic too.
    expect(input.closest('[dir]')?.getAttribute('dir')).toBe('ltr');
    fireEvent.change(input, { target: { value: '+44 7700 900123' } });
    expect(sent.at(-1)).toBe('+44 7700 900123');
    expect(countryButton().textContent).toContain('+44');
    act(() => {
      fireEvent.click(countryButton());
    });
    const listbox = await screen.findByRole('listbox');
    // Country names in Arabic, Oman first.
    expect(within(listbox).getAllByRole('option')[0]!.textContent).toContain('عُمان');
  });
});

describe('ConfirmationEmailField', () => {
  it('names the account’s address in an Arabic sentence isolated left to right, never broken at its hyphen', () => {
    i18n.loadAndActivate({ locale: 'ar', messages: ar as never });
    render(
      <I18nProvider i18n={i18n}>
        <ConfirmationEmailField value="" onChange={() => {}} accountEmail="g-17957@example.com" />
      </I18nProvider>,
    );
    expect(screen.getByText(/^اتركه فارغاً/).textContent).toBe(
      'اتركه فارغاً لتصلك الرسائل على \u2066g-\u206017957@example.com\u2069.',
    );
  });
});
