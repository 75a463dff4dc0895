import {
  BED_TYPES,
  ROOM_TYPES,
  SMOKING_TYPES,
  type BedType,
  type RoomType,
  type SmokingType,
} from '../../../shared/src/constants';
import { addDays, hotelToday } from '../../../shared/src/dates';
import { toLatinDigits } from '../../../shared/src/digits';
import { normalizeText } from '../../../shared/src/text-normalize';

/**
 * What a guest's sentence says about a booking, in Arabic or English: "a gold room
 * from 10 to 12 March for 2", "غرفة ذهبية من ١٠ إلى ١٢ مارس لشخصين". Only finds
 * candidates; every value is then checked with the booking form's zod schemas
 * (lib/chat-booking.ts). Arabic-Indic digits and Arabic month names are understood.
 */

const ROOM_WORDS: Record<RoomType, RegExp> = {
  silver: /\bsilver\b|فضي|فضه/,
  gold: /\bgold(en)?\b|ذهبي/,
  diamond: /\bdiamond\b|ماسي|الماس( |$)/,
  deluxe: /\bdeluxe\b|\bde luxe\b|ديلوكس|دولوكس|ديلكس/,
};
const BED_WORDS: Record<BedType, RegExp> = {
  single: /\bsingle\b|مفرد|فردي|سنجل|سينجل/,
  double: /\bdouble\b|مزدوج|دبل|زوجي/,
};
const NON_SMOKING =
  /\bnon ?smok|\bno smok|\bnot smok|غير مدخن|غير المدخن|لغير المدخن|ممنوع التدخين|بدون تدخين|عدم التدخين|بلا تدخين/;
const SMOKING = /\bsmok|مدخن|تدخين/;

const MONTHS: [RegExp, number][] = [
  [/^(january|jan|يناير|كانون ?الثاني)$/, 1],
  [/^(february|feb|فبراير|شباط)$/, 2],
  [/^(march|mar|مارس|اذار)$/, 3],
  [/^(april|apr|ابريل|ابريل|نيسان)$/, 4],
  [/^(may|مايو|ايار)$/, 5],
  [/^(june|jun|يونيو|يونيه|حزيران)$/, 6],
  [/^(july|jul|يوليو|يوليه|تموز)$/, 7],
  [/^(august|aug|اغسطس|اب)$/, 8],
  [/^(september|sept|sep|سبتمبر|ايلول)$/, 9],
  [/^(october|oct|اكتوبر|تشرين ?الاول)$/, 10],
  [/^(november|nov|نوفمبر|تشرين ?الثاني)$/, 11],
  [/^(december|dec|ديسمبر|كانون ?الاول)$/, 12],
];

function monthOf(token: string): number | null {
  // A joined preposition: "بمارس", "لمارس".
  for (const t of [token, token.replace(/^[بل]/, '')]) {
    for (const [re, m] of MONTHS) if (re.test(t)) return m;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The next occurrence (today or later) of a day and month, in the hotel's time zone. */
function upcoming(day: number, month: number, today: string, year?: number): string {
  const y = year ?? Number(today.slice(0, 4));
  const date = `${y}-${pad(month)}-${pad(day)}`;
  if (year === undefined && date < today) return `${y + 1}-${pad(month)}-${pad(day)}`;
  return date;
}

/** Dates a sentence names, in order. Impossible ones (31 April) are kept: the schema refuses them. */
export function findDates(text: string, today = hotelToday()): string[] {
  const latin = toLatinDigits(text);
  const found: { at: number; date: string }[] = [];
  let rest = latin;
  // 2026-03-10 and 10/3/2026 or 10/3 (day first, as in Oman).
  rest = rest.replace(
    /\b(\d{4})-(\d{1,2})-(\d{1,2})\b/g,
    (all, y: string, m: string, d: string, at: number) => {
      found.push({ at, date: `${y}-${pad(Number(m))}-${pad(Number(d))}` });
      return ' '.repeat(all.length);
    },
  );
  rest = rest.replace(
    /\b(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?\b/g,
    (all, d: string, m: string, y: string | undefined, at: number) => {
      found.push({ at, date: upcoming(Number(d), Number(m), today, y ? Number(y) : undefined) });
      return ' '.repeat(all.length);
    },
  );
  // Words: "10 to 12 March", "March 10", "١٠ - ١٢ مارس ٢٠٢٦", "tomorrow", "غداً".
  const tokens = normalizeText(rest).split(' ');
  let offset = 10_000;
  let pendingDays: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const day = /^(\d{1,2})(st|nd|rd|th)?$/.exec(token);
    const month = monthOf(token);
    if (day && Number(day[1]) >= 1 && Number(day[1]) <= 31) {
      pendingDays.push(Number(day[1]));
      continue;
    }
    if (month) {
      const yearToken = tokens[i + 1];
      const year = yearToken && /^20\d\d$/.test(yearToken) ? Number(yearToken) : undefined;
      if (pendingDays.length === 0) {
        const after = tokens[i + 1] && /^(\d{1,2})(st|nd|rd|th)?$/.exec(tokens[i + 1]!);
        if (after) {
          const y = tokens[i + 2] && /^20\d\d$/.test(tokens[i + 2]!) ? Number(tokens[i + 2]) : undefined;
          found.push({ at: offset++, date: upcoming(Number(after[1]), month, today, y) });
          i += y ? 2 : 1;
        }
      } else {
        for (const d of pendingDays) found.push({ at: offset++, date: upcoming(d, month, today, year) });
        if (year) i++;
      }
      pendingDays = [];
      continue;
    }
    if (/^(today|tonight|اليوم|الليله)$/.test(token)) found.push({ at: offset++, date: today });
    else if (/^(tomorrow|غدا|بكره|باكر)$/.test(token)) found.push({ at: offset++, date: addDays(today, 1) });
    // Words that may sit between days of one month keep them pending; anything else drops them.
    else if (!/^(to|till|until|and|from|the|of|-|الي|حتي|لغايه|و|من|الى|يوم)$/.test(token)) pendingDays = [];
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.date);
}

/** Bare day numbers ("12") when a step expects a date and no month was named. */
export function bareDay(text: string): number | null {
  const m = /^\s*(\d{1,2})\s*$/.exec(toLatinDigits(text));
  return m && Number(m[1]) >= 1 && Number(m[1]) <= 31 ? Number(m[1]) : null;
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  واحد: 1,
  واحده: 1,
  اثنين: 2,
  اثنان: 2,
  ثنين: 2,
  ثلاثه: 3,
  ثلاث: 3,
  اربعه: 4,
  اربع: 4,
  خمسه: 5,
};

export function findNights(text: string): number | null {
  const t = normalizeText(text);
  const m = /(\d{1,2}|one|two|three|four|five|six|seven) nights?\b|(\d{1,2}) (ليال|ليالي|ليله)/.exec(t);
  if (m) {
    const raw = m[1] ?? m[2]!;
    const words: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7 };
    return words[raw] ?? Number(raw);
  }
  if (/ليلتين/.test(t)) return 2;
  if (/(^| )ليله واحده/.test(t)) return 1;
  return null;
}

export function findGuests(text: string, expecting: boolean): number | null {
  const t = normalizeText(text);
  const m =
    /(\d{1,2}|one|two|three|four|five) (guests?|people|persons?|adults?|pax)\b/.exec(t) ??
    /\bfor (\d{1,2}|one|two|three|four|five)\b(?! nights?)/.exec(t) ??
    /(\d{1,2}|واحد|اثنين|ثلاثه|اربعه|خمسه) ?(اشخاص|شخص|ضيوف|ضيف|افراد|فرد|نزلاء|نزيل)/.exec(t) ??
    /(?:^| )ل ?(\d{1,2}) ?(اشخاص|شخص|ضيوف|افراد)?/.exec(t);
  if (m) return NUMBER_WORDS[m[1]!] ?? Number(m[1]);
  if (/شخصين|ضيفين|فردين|نزيلين/.test(t)) return 2;
  if (/(^| )(لشخص|شخص) واحد|(^| )لشخص( |$)/.test(t)) return 1;
  if (expecting) {
    const bare = /^(\d{1,2}|one|two|three|four|five|واحد|اثنين|اثنان|ثلاثه|اربعه|خمسه)$/.exec(t);
    if (bare) return NUMBER_WORDS[bare[1]!] ?? Number(bare[1]);
  }
  return null;
}

export function findRoomType(text: string): RoomType | null {
  const t = normalizeText(text);
  return ROOM_TYPES.find((r) => ROOM_WORDS[r].test(t)) ?? null;
}

export function findBedType(text: string): BedType | null {
  const t = normalizeText(text);
  return BED_TYPES.find((b) => BED_WORDS[b].test(t)) ?? null;
}

export function findSmoking(text: string): SmokingType | null {
  const t = normalizeText(text);
  if (NON_SMOKING.test(t)) return SMOKING_TYPES[1];
  if (SMOKING.test(t)) return SMOKING_TYPES[0];
  return null;
}

const YES =
  /^(yes|y|yeah|yep|yup|sure|ok|okay|confirm|confirmed|please do|go ahead|نعم|ايوه|ايوا|اكيد|تمام|موافق|اكد|تاكيد|اوكي|اي نعم|نعم اكد|اكد الحجز|نعم اكد الحجز)$/;
export function isYes(text: string): boolean {
  return YES.test(normalizeText(text).replace(/ please$| من فضلك$| لو سمحت$/, ''));
}

export function isCancel(text: string): boolean {
  const t = normalizeText(text);
  return /^(cancel|stop|quit|abort|never ?mind|الغاء|الغ|الغي|توقف|ايقاف|لا اريد|خلاص)( (it|booking|the booking|this|الحجز|الطلب))?$/.test(
    t,
  );
}

export function isBookingRequest(text: string): boolean {
  const t = normalizeText(text);
  // A question about bookings ("can I cancel my booking?") is not a request for one.
  if (/[?؟]\s*$/.test(text) || /\bcancel|الغاء|الغي/.test(t)) return false;
  return /\b(book|booking|reserve|reservation)\b|احجز|حجز|ابي غرفه|ابغي غرفه|اريد غرفه|ابغى غرفه/.test(t);
}

export const CHANGE_FIELDS = {
  roomType: /room|غرفه|نوع/,
  checkInDate: /check ?in|arriv|وصول|دخول/,
  checkOutDate: /check ?out|leav|depart|مغادره|خروج/,
  numberOfGuests: /guest|people|person|ضيوف|اشخاص|عدد/,
  bedType: /\bbed\b|سرير/,
  smokingPreference: /smok|تدخين/,
  fullName: /\bname\b|اسم/,
  phoneNumber: /phone|mobile|number|هاتف|جوال|رقم/,
  idNumber: /\bid\b|passport|هويه|جواز|مدني/,
} as const;

/** "change the date", "غير نوع الغرفة": the fields the guest wants to give again. */
export function fieldsToChange(text: string): (keyof typeof CHANGE_FIELDS)[] {
  const t = normalizeText(text);
  if (!/\b(change|edit|modify|update|different|another)\b|غير|تغيير|عدل|تعديل|بدل|ابدل/.test(t)) return [];
  if (
    /\bdates?\b|تاريخ|تواريخ/.test(t) &&
    !CHANGE_FIELDS.checkInDate.test(t) &&
    !CHANGE_FIELDS.checkOutDate.test(t)
  ) {
    return ['checkInDate', 'checkOutDate'];
  }
  // "phone number" and "ID number" both say number: the specific one wins.
  const hits = (Object.keys(CHANGE_FIELDS) as (keyof typeof CHANGE_FIELDS)[]).filter((k) =>
    CHANGE_FIELDS[k].test(t),
  );
  if (hits.includes('idNumber')) return hits.filter((k) => k !== 'phoneNumber' && k !== 'numberOfGuests');
  if (hits.includes('phoneNumber') && hits.includes('numberOfGuests'))
    return hits.filter((k) => k !== 'numberOfGuests');
  return hits;
}

export function looksLikeQuestion(text: string): boolean {
  return (
    /[?؟]\s*$/.test(text) ||
    /^(what|when|where|how|is|are|do|does|can|هل|ما|متى|متي|اين|كيف|كم)\b/.test(normalizeText(text))
  );
}
