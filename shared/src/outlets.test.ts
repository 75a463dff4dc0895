import { describe, expect, it } from 'vitest';
import { isOpenAt, outletCheckSchema, posChargeSchema, surnameMatches, surnameOf } from './outlets';

describe('an outlet’s hours', () => {
  it('takes checks from the opening until the close, past midnight too, and all day when both are the same', () => {
    expect(isOpenAt('07:00', '23:00', '06:59')).toBe(false);
    expect(isOpenAt('07:00', '23:00', '07:00')).toBe(true);
    expect(isOpenAt('07:00', '23:00', '23:00')).toBe(false);
    expect(isOpenAt('22:00', '02:00', '01:30')).toBe(true);
    expect(isOpenAt('22:00', '02:00', '12:00')).toBe(false);
    expect(isOpenAt('00:00', '00:00', '03:00')).toBe(true);
  });
});

describe('the guest’s surname', () => {
  it('matches the last word or words of the name, whatever the case, accents and letter forms', () => {
    expect(surnameMatches('Ahmed Al Busaidi', 'busaidi')).toBe(true);
    expect(surnameMatches('Ahmed Al Busaidi', 'al-busaidi')).toBe(true);
    expect(surnameMatches('Zoë Müller', 'MULLER')).toBe(true);
    expect(surnameMatches('أحمد البوسعيدي', 'البوسعيدى')).toBe(true);
    expect(surnameMatches('Ahmed Al Busaidi', 'Ahmed')).toBe(false);
    expect(surnameMatches('Ahmed Al Busaidi', 'idi')).toBe(false);
    expect(surnameMatches('Ahmed Al Busaidi', ' ')).toBe(false);
    expect(surnameOf('  Ahmed Al Busaidi ')).toBe('Busaidi');
  });
});

describe('the checks’ schemas', () => {
  it('take Arabic-Indic digits and refuse a check without items or with a card code on cash', () => {
    const ok = outletCheckSchema.safeParse({
      items: [{ itemId: '٣', quantity: '٢' }],
      settle: { kind: 'room', roomNumber: '٣٠٤', guestSurname: 'Busaidi' },
    });
    expect(ok.success && ok.data).toMatchObject({
      items: [{ itemId: 3, quantity: 2 }],
      settle: { roomNumber: '304' },
    });
    expect(outletCheckSchema.safeParse({ items: [], settle: { kind: 'paid', method: 'cash' } }).success).toBe(
      false,
    );
    const cashCode = outletCheckSchema.safeParse({
      items: [{ itemId: 1, quantity: 1 }],
      settle: { kind: 'paid', method: 'cash', approvalCode: 'AB12' },
    });
    expect(cashCode.success).toBe(false);
  });

  it('asks an outside system for a room or a booking, never both', () => {
    const base = {
      guestSurname: 'Busaidi',
      items: [{ name: 'Latte', quantity: 1, amountBaisa: 1500, department: 'restaurant' }],
      checkNumber: 'T-12',
    };
    expect(posChargeSchema.safeParse({ ...base, roomNumber: '304' }).success).toBe(true);
    expect(posChargeSchema.safeParse({ ...base, bookingId: 7 }).success).toBe(true);
    expect(posChargeSchema.safeParse({ ...base, roomNumber: '304', bookingId: 7 }).success).toBe(false);
    expect(posChargeSchema.safeParse(base).success).toBe(false);
    expect(posChargeSchema.safeParse({ ...base, roomNumber: '304', checkNumber: '<x>' }).success).toBe(false);
  });
});
