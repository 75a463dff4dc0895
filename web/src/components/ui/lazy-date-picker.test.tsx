// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from 'react-aria-components';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyDatePicker } from './lazy-date-picker';

afterEach(cleanup);

describe('LazyDatePicker', () => {
  it('shows its label and date at once, then the date field, which takes typed dates', async () => {
    const onChange = vi.fn();
    render(
      <I18nProvider locale="en-GB">
        <LazyDatePicker label="Day" value="2026-11-27" onChange={onChange} />
      </I18nProvider>,
    );

    // Before the field's code has arrived: the label and the day, in the field's own order
    // (day / month / year), marked busy; nothing that a test or a reader could type into.
    const placeholder = screen.getByText('Day').parentElement!;
    expect(placeholder.getAttribute('aria-busy')).toBe('true');
    expect(placeholder.textContent).toContain('27/11/2026');
    expect(screen.queryByRole('group', { name: 'Day' })).toBeNull();

    // Then the react-aria date field in its place, labelled, with its segments and calendar button.
    const field = await screen.findByRole('group', { name: 'Day' });
    expect(document.querySelector('[aria-busy="true"]')).toBeNull();
    const segments = within(field).getAllByRole('spinbutton');
    expect(segments.map((segment) => segment.getAttribute('aria-valuenow'))).toEqual(['27', '11', '2026']);
    fireEvent.keyDown(segments[0]!, { key: 'ArrowUp' });
    expect(onChange).toHaveBeenCalledWith('2026-11-28');
  });

  it('writes the day in Arabic-Indic digits and the Gregorian calendar in Arabic (ar-OM, as the app)', async () => {
    render(
      <I18nProvider locale="ar-OM">
        <LazyDatePicker label="اليوم" value="2026-11-27" onChange={() => {}} />
      </I18nProvider>,
    );
    const placeholder = screen.getByText('اليوم').parentElement!;
    expect(placeholder.textContent).toMatch(/٢٧.*١١.*٢٠٢٦/);
    expect(await screen.findByRole('group', { name: 'اليوم' })).toBeTruthy();
  });
});
