import { describe, expect, it } from 'vitest';
import { matchesSearch, serverSearchQuery } from './booking-search';

const booking = {
  fullName: 'Salim Al Harthy',
  phoneNumber: '96891234567',
  idNumber: 'A123456',
  reference: 'K7MQ4PX',
  userEmail: 'salim@example.com',
};

describe('matchesSearch', () => {
  it('finds by name, case-insensitively, and by ID number', () => {
    expect(matchesSearch(booking, 'salim')).toBe(true);
    expect(matchesSearch(booking, 'a1234')).toBe(true);
    expect(matchesSearch(booking, 'Maryam')).toBe(false);
  });

  it('finds by phone typed with +968, spaces or Arabic-Indic digits', () => {
    expect(matchesSearch(booking, '+968 9123 4567')).toBe(true);
    expect(matchesSearch(booking, '٩١٢٣')).toBe(true);
    expect(matchesSearch(booking, '5555')).toBe(false);
  });

  it('finds by booking reference, in any case, with or without its dash or spaces', () => {
    expect(matchesSearch(booking, 'K7M-Q4PX')).toBe(true);
    expect(matchesSearch(booking, 'k7mq4px')).toBe(true);
    expect(matchesSearch(booking, 'k7m q4')).toBe(true);
    expect(matchesSearch(booking, 'K7M-Q4PZ')).toBe(false);
  });

  it('an empty search keeps everything', () => {
    expect(matchesSearch(booking, '  ')).toBe(true);
  });

  it('finds by e-mail', () => {
    expect(matchesSearch(booking, 'SALIM@EXAMPLE')).toBe(true);
    expect(matchesSearch(booking, 'maryam@')).toBe(false);
  });

  it('asks the server only for three characters or more (its index has no shorter match)', () => {
    expect(serverSearchQuery('sa')).toBeUndefined();
    expect(serverSearchQuery('سا')).toBeUndefined();
    expect(serverSearchQuery('sal')).toBe('sal');
    expect(serverSearchQuery('سال')).toBe('سال');
  });
});
