import { describe, expect, it } from 'vitest';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js/min';
import metadata from 'libphonenumber-js/metadata.min.json';
import { normalizePhone, phoneSearchDigits } from './digits';
import { canonicalPhone } from './phone';
import {
  formatPhone,
  GCC_PHONE_COUNTRIES,
  HOME_PHONE_COUNTRY,
  joinPhone,
  MAIN_COUNTRY_OF_CODE,
  PHONE_COUNTRIES,
  splitPhone,
} from './phone-countries';

describe('phone numbers in full', () => {
  it("the picker's countries are libphonenumber-js's, with their calling codes: Oman first, the GCC next", () => {
    expect(new Map(PHONE_COUNTRIES)).toEqual(
      new Map(getCountries().map((country) => [country, getCountryCallingCode(country)])),
    );
    expect(PHONE_COUNTRIES.slice(0, 6).map(([c]) => c)).toEqual([HOME_PHONE_COUNTRY, ...GCC_PHONE_COUNTRIES]);
    const shared = Object.entries(metadata.country_calling_codes).filter(
      ([, countries]) => countries.length > 1,
    );
    expect(MAIN_COUNTRY_OF_CODE).toEqual(
      Object.fromEntries(shared.map(([code, countries]) => [code, countries[0]])),
    );
  });

  it('keeps what the guest chose: a local number with its country, one typed in full as it is', () => {
    expect(joinPhone('KW', '5123 4567')).toBe('+965 5123 4567');
    expect(joinPhone('OM', '  ')).toBe('');
    expect(joinPhone('KW', '+968 9123 4567')).toBe('+968 9123 4567');
    expect(splitPhone('+965 5123 4567')).toEqual({ country: 'KW', national: '5123 4567' });
    expect(splitPhone('+1 415 555 0100')).toEqual({ country: 'US', national: '415 555 0100' });
    expect(splitPhone('+1 416 555 0100', 'CA')).toEqual({ country: 'CA', national: '416 555 0100' });
    expect(splitPhone('')).toEqual({ country: 'OM', national: '' });
    // What the field sends is what the server reads.
    expect(canonicalPhone(joinPhone('QA', '3312 3456'))).toBe('97433123456');
  });

  it('shows a stored phone with + and its calling code, Latin digits', () => {
    expect(formatPhone('96891234567')).toBe('+968 91234567');
    expect(formatPhone('14155550100')).toBe('+1 4155550100');
    expect(formatPhone('+968 2445 9999')).toBe('+968 2445 9999');
  });

  it('compares stored and typed phones in one form; searches by any part', () => {
    const forms = ['٩١٢٣ ٤٥٦٧', '+968 9123 4567', '0096891234567', '91234567', '96891234567'];
    expect(new Set(forms.map(normalizePhone))).toEqual(new Set(['96891234567']));
    expect(normalizePhone('+965 5123 4567')).toBe('96551234567');
    expect(phoneSearchDigits('+968 9123')).toBe('9689123');
    expect(phoneSearchDigits('00965 5123')).toBe('9655123');
  });
});
