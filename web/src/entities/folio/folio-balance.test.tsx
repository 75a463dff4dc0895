// @vitest-environment jsdom
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { FolioBalance, type NightToCome } from './folio-lines';

afterEach(cleanup);

function show(
  balanceBaisa: number,
  nightsToCome: NightToCome[],
  language: 'ar' | 'en' = 'en',
  paidByOta = false,
) {
  i18n.loadAndActivate({ locale: language, messages: (language === 'ar' ? ar : en) as never });
  return render(
    <I18nProvider i18n={i18n}>
      <FolioBalance balanceBaisa={balanceBaisa} nightsToCome={nightsToCome} paidByOta={paidByOta} />
    </I18nProvider>,
  );
}

const nights = (...amounts: number[]) =>
  amounts.map((amountBaisa, i) => ({ night: `2026-12-0${i + 1}`, amountBaisa }));

describe('the balance of a folio with nights still to come', () => {
  it('a stay paid in full in advance reads as paid in advance, the nights charged against it, not as a credit the hotel owes', () => {
    show(-35_640, nights(11_880, 11_880, 11_880));
    const balance = screen.getByTestId('folio-balance').textContent!;
    expect(balance).toContain('Paid in advance');
    expect(balance).toContain('35.640');
    expect(balance).not.toContain('owes');
    const expected = screen.getByTestId('folio-expected').textContent!;
    expect(expected).toContain('3 nights');
    expect(expected).toContain('Nothing more to pay for the stay.');
    cleanup();
    show(-35_640, nights(11_880, 11_880, 11_880), 'ar');
    expect(screen.getByTestId('folio-balance').textContent).toContain('مدفوع مقدماً');
    expect(screen.getByTestId('folio-balance').textContent).toContain('٣٥٫٦٤٠');
    expect(screen.getByTestId('folio-balance').textContent).not.toContain('على الفندق');
  });

  it('a guest just arrived owes the stay: not "settled"; a stay over with a credit is still a credit', () => {
    show(0, nights(13_200, 13_200));
    expect(screen.getByTestId('folio-balance').textContent).not.toBe('Settled: nothing is due');
    expect(screen.getByTestId('folio-expected').textContent).toContain('Due for the stay: OMR\u00a026.400.');
    cleanup();
    show(-2_000, []);
    expect(screen.getByTestId('folio-balance').textContent).toContain('In credit: the hotel owes');
    expect(screen.queryByTestId('folio-expected')).toBeNull();
  });
});

describe('the balance of a stay its OTA collects', () => {
  it('is the OTA\u2019s to pay, never due from the guest, in both languages', () => {
    show(13_200, nights(13_200), 'en', true);
    const balance = screen.getByTestId('folio-balance').textContent!;
    expect(balance).toContain('Paid by the OTA');
    expect(balance).toContain('13.200');
    expect(balance).not.toMatch(/due/i);
    expect(screen.getByTestId('folio-expected').textContent).toContain(
      'Paid by the OTA for the stay: OMR\u00a026.400.',
    );
    cleanup();
    show(13_200, nights(13_200), 'ar', true);
    expect(screen.getByTestId('folio-balance').textContent).toContain('تدفعه وكالة الحجز');
    expect(screen.getByTestId('folio-balance').textContent).not.toContain('مستحق');
    expect(screen.getByTestId('folio-expected').textContent).not.toContain('المستحق');
  });
});
