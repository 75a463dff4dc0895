import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as ar } from '@/locales/ar.po';
import { messages as en } from '@/locales/en.po';
import { lineText, outletLineHalf } from './folio-lines';
import type { FolioLine } from './get-folio';

const payment = (method: string, approvalCode: string | null) =>
  ({
    id: 1,
    kind: 'payment',
    department: null,
    method,
    description: '',
    quantity: 1,
    amountBaisa: 12_600,
    netBaisa: null,
    taxes: [],
    businessDate: '2026-11-26',
    night: null,
    invoiceId: null,
    correctsLineId: null,
    refundsLineId: null,
    cityLedgerAccountId: null,
    reason: null,
    approvalCode,
    createdAt: '2026-11-26T10:00:00.000Z',
  }) as unknown as FolioLine;

describe('a folio line in words', () => {
  it('names a card payment’s terminal approval code, as typed and isolated left to right, in both languages', () => {
    const arabic = setupI18n({ locale: 'ar', messages: { ar, en } });
    const english = setupI18n({ locale: 'en', messages: { ar, en } });
    expect(lineText(english, payment('card', 'AB4567'))).toBe(
      'Payment · Card · Approval code \u2066AB4567\u2069',
    );
    expect(lineText(arabic, payment('card', 'AB4567'))).toContain('رمز الموافقة \u2066AB4567\u2069');
    expect(lineText(english, payment('cash', null))).not.toContain('Approval');
  });
});

describe('an outlet check’s line', () => {
  it('is the half of the page’s language; a name holding the separator splits at the middle; an odd one stays whole', () => {
    const both = 'Oasis Café, check 12: Arabic coffee · مقهى الواحة رقم ١٢: قهوة عربية';
    expect(outletLineHalf(both, 'en')).toBe('Oasis Café, check 12: Arabic coffee');
    expect(outletLineHalf(both, 'ar')).toBe('مقهى الواحة رقم ١٢: قهوة عربية');
    const dotted = 'Pool · Bar, check 3: Juice · بار · المسبح رقم ٣: عصير';
    expect(outletLineHalf(dotted, 'en')).toBe('Pool · Bar, check 3: Juice');
    expect(outletLineHalf(dotted, 'ar')).toBe('بار · المسبح رقم ٣: عصير');
    expect(outletLineHalf('A · B · C', 'ar')).toBe('A · B · C');
    // A line of no check keeps its description as typed, separator and all.
    const typed = {
      ...payment('cash', null),
      kind: 'charge',
      department: 'other',
      description: 'Taxi · تاكسي',
    };
    const english = setupI18n({ locale: 'en', messages: { ar, en } });
    expect(lineText(english, typed as FolioLine)).toContain('Taxi · تاكسي');
    expect(lineText(english, { ...typed, outletCheckId: 4 } as FolioLine)).not.toContain('تاكسي');
  });
});
