// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { TextField } from '../ui/text-field';
import { AdminFilterBar } from './admin-filter-bar';
import { useAdminFilters } from './use-admin-filters';

afterEach(cleanup);

const EMPTY = { number: '', guest: '' };
const asked: (typeof EMPTY)[] = [];

/** A list screen's filters as the invoices screen has them: what the list was asked with is kept. */
function Screen() {
  const { draft, filters, set, search, clear } = useAdminFilters(EMPTY);
  asked.push(filters);
  return (
    <AdminFilterBar label="Find invoices" onSearch={search} onClear={clear}>
      <TextField label="Number" value={draft.number} onChange={set('number')} />
      <TextField label="Guest" value={draft.guest} onChange={set('guest')} />
    </AdminFilterBar>
  );
}

function show(language: 'ar' | 'en') {
  asked.length = 0;
  act(() => i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never }));
  render(
    <I18nProvider i18n={i18n}>
      <Screen />
    </I18nProvider>,
  );
}

describe('AdminFilterBar', () => {
  it.each([
    ['en', 'Search', 'Clear'],
    ['ar', 'بحث', 'مسح'],
  ] as const)(
    'is a search landmark with its fields, then Search and Clear (%s)',
    (language, search, clear) => {
      show(language);
      const bar = screen.getByRole('search', { name: 'Find invoices' });
      expect(within(bar).getByRole('textbox', { name: 'Number' })).toBeTruthy();
      const buttons = within(bar).getAllByRole('button');
      expect(buttons.map((b) => b.textContent)).toEqual([search, clear]);
      // Search submits the form: Enter in any field does the same.
      expect(buttons[0]!.getAttribute('type')).toBe('submit');
      expect(buttons[1]!.getAttribute('type')).toBe('button');
    },
  );

  it('typing asks nothing; Search (or Enter) applies the fields; Clear empties the fields and the list at once', () => {
    show('en');
    const bar = screen.getByRole('search', { name: 'Find invoices' });
    fireEvent.change(within(bar).getByRole('textbox', { name: 'Number' }), { target: { value: '42' } });
    fireEvent.change(within(bar).getByRole('textbox', { name: 'Guest' }), { target: { value: 'Salim' } });
    expect(asked.at(-1)).toEqual(EMPTY);

    // Enter in a field submits the form (jsdom has no implicit submission: the submit it causes).
    fireEvent.submit(bar);
    expect(asked.at(-1)).toEqual({ number: '42', guest: 'Salim' });

    fireEvent.change(within(bar).getByRole('textbox', { name: 'Guest' }), { target: { value: 'Maha' } });
    fireEvent.click(within(bar).getByRole('button', { name: 'Search' }));
    expect(asked.at(-1)).toEqual({ number: '42', guest: 'Maha' });

    fireEvent.click(within(bar).getByRole('button', { name: 'Clear' }));
    expect(asked.at(-1)).toEqual(EMPTY);
    expect((within(bar).getByRole('textbox', { name: 'Number' }) as HTMLInputElement).value).toBe('');
    expect((within(bar).getByRole('textbox', { name: 'Guest' }) as HTMLInputElement).value).toBe('');
  });
});
