import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { toLatinDigits } from './digits';
import { HOME_PHONE_COUNTRY } from './phone-countries';

/**
 * Phone numbers in one stored form: full international, E.164's digits without the `+` (the
 * country code first: 96891234567, as WhatsApp's `wa_id`), parsed and checked by libphonenumber-js
 * (Google's libphonenumber rules, its "min" metadata: each country's lengths and leading digits;
 * docs/decisions/096-phone-numbers-in-full.md). For the worker: its 30 KB of metadata stay out of
 * the web's bundles (the forms use shared/src/phone-countries.ts, and the server checks).
 *
 * A number typed with `+` or `00` is international whatever country was chosen; one without is a
 * number of `country` (the form's picker sends `+<code> <number>`, so only a caller that gives no
 * country, the API's older clients and the chat assistant, falls back to Oman).
 */
export function canonicalPhone(typed: string, country: string = HOME_PHONE_COUNTRY): string | null {
  const latin = toLatinDigits(typed).trim();
  if (!/^[+\d\s().-]+$/.test(latin)) return null;
  const digits = latin.replace(/\D/g, '');
  if (digits.length < 4 || digits.length > 17) return null;
  const international = latin.startsWith('+') || digits.startsWith('00');
  const text = international ? `+${digits.replace(/^00/, '')}` : latin;
  const parsed = parsePhoneNumberFromString(text, international ? undefined : (country as CountryCode));
  if (!parsed?.isValid()) return null;
  return parsed.number.slice(1);
}

/**
 * A phone from a provider that sends it without `+` (an OTA's guest through the channel manager):
 * international digits when they make a valid number, else a number of the home country, else the
 * digits as they came (an OTA's booking is never refused for its phone; staff see it as it came).
 */
export function providerPhone(raw: string): string {
  const latin = toLatinDigits(raw).trim();
  const digits = latin.replace(/\D/g, '').replace(/^00/, '');
  if (!digits) return '';
  return canonicalPhone(`+${digits}`) ?? canonicalPhone(latin) ?? digits;
}
