import { normalizePhone } from './digits';

/**
 * The countries a phone number may belong to, with their calling codes, as libphonenumber-js
 * (shared/src/phone.ts) knows them: Oman first, the other GCC states next, then the rest by ISO code (the
 * picker sorts them by their names in the reader's language). Kept here without the library (about 2 KB, not its 30 KB of metadata) for the forms' country
 * picker; shared/src/phone.test.ts fails when the library's list changes: do not edit by hand.
 */
export const PHONE_COUNTRIES = [
  ['OM', '968'],
  ['AE', '971'],
  ['SA', '966'],
  ['QA', '974'],
  ['KW', '965'],
  ['BH', '973'],
  ['AC', '247'],
  ['AD', '376'],
  ['AF', '93'],
  ['AG', '1'],
  ['AI', '1'],
  ['AL', '355'],
  ['AM', '374'],
  ['AO', '244'],
  ['AR', '54'],
  ['AS', '1'],
  ['AT', '43'],
  ['AU', '61'],
  ['AW', '297'],
  ['AX', '358'],
  ['AZ', '994'],
  ['BA', '387'],
  ['BB', '1'],
  ['BD', '880'],
  ['BE', '32'],
  ['BF', '226'],
  ['BG', '359'],
  ['BI', '257'],
  ['BJ', '229'],
  ['BL', '590'],
  ['BM', '1'],
  ['BN', '673'],
  ['BO', '591'],
  ['BQ', '599'],
  ['BR', '55'],
  ['BS', '1'],
  ['BT', '975'],
  ['BW', '267'],
  ['BY', '375'],
  ['BZ', '501'],
  ['CA', '1'],
  ['CC', '61'],
  ['CD', '243'],
  ['CF', '236'],
  ['CG', '242'],
  ['CH', '41'],
  ['CI', '225'],
  ['CK', '682'],
  ['CL', '56'],
  ['CM', '237'],
  ['CN', '86'],
  ['CO', '57'],
  ['CR', '506'],
  ['CU', '53'],
  ['CV', '238'],
  ['CW', '599'],
  ['CX', '61'],
  ['CY', '357'],
  ['CZ', '420'],
  ['DE', '49'],
  ['DJ', '253'],
  ['DK', '45'],
  ['DM', '1'],
  ['DO', '1'],
  ['DZ', '213'],
  ['EC', '593'],
  ['EE', '372'],
  ['EG', '20'],
  ['EH', '212'],
  ['ER', '291'],
  ['ES', '34'],
  ['ET', '251'],
  ['FI', '358'],
  ['FJ', '679'],
  ['FK', '500'],
  ['FM', '691'],
  ['FO', '298'],
  ['FR', '33'],
  ['GA', '241'],
  ['GB', '44'],
  ['GD', '1'],
  ['GE', '995'],
  ['GF', '594'],
  ['GG', '44'],
  ['GH', '233'],
  ['GI', '350'],
  ['GL', '299'],
  ['GM', '220'],
  ['GN', '224'],
  ['GP', '590'],
  ['GQ', '240'],
  ['GR', '30'],
  ['GT', '502'],
  ['GU', '1'],
  ['GW', '245'],
  ['GY', '592'],
  ['HK', '852'],
  ['HN', '504'],
  ['HR', '385'],
  ['HT', '509'],
  ['HU', '36'],
  ['ID', '62'],
  ['IE', '353'],
  ['IL', '972'],
  ['IM', '44'],
  ['IN', '91'],
  ['IO', '246'],
  ['IQ', '964'],
  ['IR', '98'],
  ['IS', '354'],
  ['IT', '39'],
  ['JE', '44'],
  ['JM', '1'],
  ['JO', '962'],
  ['JP', '81'],
  ['KE', '254'],
  ['KG', '996'],
  ['KH', '855'],
  ['KI', '686'],
  ['KM', '269'],
  ['KN', '1'],
  ['KP', '850'],
  ['KR', '82'],
  ['KY', '1'],
  ['KZ', '7'],
  ['LA', '856'],
  ['LB', '961'],
  ['LC', '1'],
  ['LI', '423'],
  ['LK', '94'],
  ['LR', '231'],
  ['LS', '266'],
  ['LT', '370'],
  ['LU', '352'],
  ['LV', '371'],
  ['LY', '218'],
  ['MA', '212'],
  ['MC', '377'],
  ['MD', '373'],
  ['ME', '382'],
  ['MF', '590'],
  ['MG', '261'],
  ['MH', '692'],
  ['MK', '389'],
  ['ML', '223'],
  ['MM', '95'],
  ['MN', '976'],
  ['MO', '853'],
  ['MP', '1'],
  ['MQ', '596'],
  ['MR', '222'],
  ['MS', '1'],
  ['MT', '356'],
  ['MU', '230'],
  ['MV', '960'],
  ['MW', '265'],
  ['MX', '52'],
  ['MY', '60'],
  ['MZ', '258'],
  ['NA', '264'],
  ['NC', '687'],
  ['NE', '227'],
  ['NF', '672'],
  ['NG', '234'],
  ['NI', '505'],
  ['NL', '31'],
  ['NO', '47'],
  ['NP', '977'],
  ['NR', '674'],
  ['NU', '683'],
  ['NZ', '64'],
  ['PA', '507'],
  ['PE', '51'],
  ['PF', '689'],
  ['PG', '675'],
  ['PH', '63'],
  ['PK', '92'],
  ['PL', '48'],
  ['PM', '508'],
  ['PR', '1'],
  ['PS', '970'],
  ['PT', '351'],
  ['PW', '680'],
  ['PY', '595'],
  ['RE', '262'],
  ['RO', '40'],
  ['RS', '381'],
  ['RU', '7'],
  ['RW', '250'],
  ['SB', '677'],
  ['SC', '248'],
  ['SD', '249'],
  ['SE', '46'],
  ['SG', '65'],
  ['SH', '290'],
  ['SI', '386'],
  ['SJ', '47'],
  ['SK', '421'],
  ['SL', '232'],
  ['SM', '378'],
  ['SN', '221'],
  ['SO', '252'],
  ['SR', '597'],
  ['SS', '211'],
  ['ST', '239'],
  ['SV', '503'],
  ['SX', '1'],
  ['SY', '963'],
  ['SZ', '268'],
  ['TA', '290'],
  ['TC', '1'],
  ['TD', '235'],
  ['TG', '228'],
  ['TH', '66'],
  ['TJ', '992'],
  ['TK', '690'],
  ['TL', '670'],
  ['TM', '993'],
  ['TN', '216'],
  ['TO', '676'],
  ['TR', '90'],
  ['TT', '1'],
  ['TV', '688'],
  ['TW', '886'],
  ['TZ', '255'],
  ['UA', '380'],
  ['UG', '256'],
  ['US', '1'],
  ['UY', '598'],
  ['UZ', '998'],
  ['VA', '39'],
  ['VC', '1'],
  ['VE', '58'],
  ['VG', '1'],
  ['VI', '1'],
  ['VN', '84'],
  ['VU', '678'],
  ['WF', '681'],
  ['WS', '685'],
  ['XK', '383'],
  ['YE', '967'],
  ['YT', '262'],
  ['ZA', '27'],
  ['ZM', '260'],
  ['ZW', '263'],
] as const satisfies readonly (readonly [string, string])[];

export type PhoneCountry = (typeof PHONE_COUNTRIES)[number][0];

/** Oman: the hotel's country, the picker's first choice and a number's country when none was given. */
export const HOME_PHONE_COUNTRY: PhoneCountry = 'OM';
/** The GCC states after Oman, in the picker's order. */
export const GCC_PHONE_COUNTRIES: readonly PhoneCountry[] = ['AE', 'SA', 'QA', 'KW', 'BH'];

const CALLING_CODE = new Map<string, string>(PHONE_COUNTRIES);

/**
 * The main country of a calling code several share (libphonenumber's metadata names it first):
 * the country a stored `+1 …` or `+44 …` is shown with when nobody chose one.
 */
export const MAIN_COUNTRY_OF_CODE: Readonly<Record<string, PhoneCountry>> = {
  '1': 'US',
  '7': 'RU',
  '39': 'IT',
  '44': 'GB',
  '47': 'NO',
  '61': 'AU',
  '212': 'MA',
  '262': 'RE',
  '290': 'SH',
  '358': 'FI',
  '590': 'GP',
  '599': 'CW',
};

export function callingCodeOf(country: string): string | null {
  return CALLING_CODE.get(country) ?? null;
}

/**
 * The calling code a number in full international form (E.164 digits, as stored) starts with:
 * calling codes are prefix-free (ITU-T E.164), so at most one of 1, 2 or 3 digits matches.
 */
export function callingCodeIn(digits: string): string | null {
  const codes = new Set(CALLING_CODE.values());
  for (const length of [1, 2, 3]) {
    const code = digits.slice(0, length);
    if (codes.has(code)) return code;
  }
  return null;
}

/**
 * A stored phone as people read it: `+`, the calling code, a space, the rest, in Latin digits (shown
 * isolated left to right, decision 054). A value not in the stored form (legacy, or a hotel's
 * contact number typed freely) is shown as it is.
 */
export function formatPhone(stored: string): string {
  if (!/^\d{8,15}$/.test(stored)) return stored;
  // An 8-digit number kept before numbers were kept in full is an Omani one.
  const full = normalizePhone(stored);
  const code = callingCodeIn(full);
  return code ? `+${code} ${full.slice(code.length)}` : `+${full}`;
}

/**
 * What a phone field holds, split for its two controls: the country chosen (from the value's
 * calling code, the guest's own choice first when several countries share it, like +1 or +44) and
 * the number as typed. A value without `+` (an old draft) is a number of the home country.
 */
export function splitPhone(value: string, chosen: PhoneCountry = HOME_PHONE_COUNTRY) {
  const match = /^\+(\d{1,3})\s(.*)$/s.exec(value);
  if (match) {
    const [, code, national] = match as unknown as [string, string, string];
    const country =
      callingCodeOf(chosen) === code
        ? chosen
        : (MAIN_COUNTRY_OF_CODE[code] ?? PHONE_COUNTRIES.find(([, c]) => c === code)?.[0]);
    if (country) return { country, national };
  }
  return { country: chosen, national: value };
}

/**
 * A phone field's value from its two controls: `+<code> <number>`, or the number alone when it
 * was typed in international form already (with `+` or `00`), or '' when nothing was typed.
 */
export function joinPhone(country: PhoneCountry, national: string): string {
  const typed = national.trimStart();
  if (!typed.trim()) return '';
  if (/^(\+|00|٠٠|۰۰)/.test(typed)) return typed;
  return `+${callingCodeOf(country) ?? ''} ${typed}`;
}
