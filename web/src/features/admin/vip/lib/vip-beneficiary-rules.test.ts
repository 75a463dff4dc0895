import { describe, expect, it } from 'vitest';
import {
  type BeneficiaryValues,
  checkBeneficiary,
  expiryPreview,
  matchesBeneficiary,
  nextCoffeeAt,
  usagePercent,
} from './vip-beneficiary-rules';
import { vipExpiry } from '@shared/vip-schemas';

const valid: BeneficiaryValues = {
  fullName: '  Salim   Al Harthi ',
  phoneNumber: '٩١٢٣ ٤٥٦٧',
  civilId: '12345678',
  cardType: 'gold',
  startDate: '2026-12-01',
};

describe('checkBeneficiary', () => {
  it('accepts a complete form and tidies the values', async () => {
    expect(await checkBeneficiary(valid, '2026-11-21')).toEqual({
      ok: true,
      data: {
        fullName: 'Salim   Al Harthi',
        phoneNumber: '9123 4567',
        civilId: '12345678',
        cardType: 'gold',
        startDate: '2026-12-01',
      },
    });
  });

  it('answers with the server codes for every missing field', async () => {
    const result = await checkBeneficiary(
      { fullName: ' ', phoneNumber: '', civilId: '', cardType: '', startDate: '' },
      '2026-11-21',
    );
    expect(result).toEqual({
      ok: false,
      errors: {
        fullName: 'full_name_required',
        phoneNumber: 'phone_required',
        civilId: 'civil_id_invalid',
        cardType: 'card_type_required',
        startDate: 'start_date_required',
      },
    });
  });

  it('refuses short names, bad phones and civil IDs, and a start before today', async () => {
    const result = await checkBeneficiary(
      { ...valid, fullName: 'S', phoneNumber: '1234', civilId: '12', startDate: '2026-11-20' },
      '2026-11-21',
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toEqual({
        fullName: 'name_min',
        phoneNumber: 'phone_invalid',
        civilId: 'civil_id_invalid',
        startDate: 'start_date_past',
      });
    }
  });

  it('accepts today, and a past start when editing an existing card', async () => {
    expect((await checkBeneficiary({ ...valid, startDate: '2026-11-21' }, '2026-11-21')).ok).toBe(true);
    expect(
      (await checkBeneficiary({ ...valid, startDate: '2025-01-01' }, '2026-11-21', { allowPastStart: true }))
        .ok,
    ).toBe(true);
  });

  it('refuses an impossible date', async () => {
    const result = await checkBeneficiary({ ...valid, startDate: '2026-02-30' }, '2026-01-01');
    expect(result.ok ? null : result.errors.startDate).toBe('invalid_date');
  });
});

describe('expiryPreview', () => {
  it('is one year after the start, as the server computes it', () => {
    expect(expiryPreview('2026-11-21')).toBe('2027-11-21');
    for (const start of ['2026-11-21', '2028-02-29', '2026-12-31']) {
      expect(expiryPreview(start)).toBe(vipExpiry(start));
    }
    expect(expiryPreview('')).toBeNull();
  });
});

describe('nextCoffeeAt', () => {
  const last = Date.UTC(2026, 10, 21, 8, 0);
  it('is null with no coffee yet or after 24 hours', () => {
    expect(nextCoffeeAt(null, last)).toBeNull();
    expect(nextCoffeeAt(new Date(last).toISOString(), last + 24 * 3_600_000)).toBeNull();
  });
  it('is 24 hours after the last coffee until then', () => {
    expect(nextCoffeeAt(last, last + 3_600_000)).toBe(last + 24 * 3_600_000);
  });
});

describe('usagePercent', () => {
  it('rounds and caps at 100', () => {
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(5, 3)).toBe(100);
    expect(usagePercent(0, 0)).toBe(100);
  });
});

describe('matchesBeneficiary', () => {
  const b = { fullName: 'Salim Al Harthi', phoneNumber: '+968 9123 4567', civilId: 'A12345' };
  it('finds by name, phone in any form, or civil ID', () => {
    expect(matchesBeneficiary(b, 'salim')).toBe(true);
    expect(matchesBeneficiary(b, '٩١٢٣٤٥')).toBe(true);
    expect(matchesBeneficiary(b, 'a123')).toBe(true);
    expect(matchesBeneficiary(b, 'khalid')).toBe(false);
    expect(matchesBeneficiary(b, '')).toBe(true);
  });
});
