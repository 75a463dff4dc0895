import {
  BED_TYPES,
  MAX_STAY_NIGHTS,
  ROOM_TYPES,
  SMOKING_TYPES,
  type BedType,
  type RoomType,
  type SmokingType,
} from '@shared/constants';
import { addDays, hotelToday } from '@shared/dates';
import { toLatinDigits } from '@shared/digits';
import { normalizeText } from '@shared/text-normalize';

/**
 * What a guest's answer says, in everyday Arabic (Gulf, Levantine and Egyptian forms)
 * or English: "a gold room from 10 to 12 March for 2", "غرفة ذهبية من ١٠ إلى ١٢ مارس
 * لشخصين", "ليلتان", "رقم الهاتف ٩١٢٧٧٩٥٤", "اسمي سالم الحارثي". Pure: no database,
 * no clock (today is passed in). Only finds candidates; every value is then checked
 * with the booking form's zod schemas (modules/assistant/chat-booking.ts). The corpus of everyday
 * answers beside this file (chat-parse.corpus.ts) says what each one must read as.
 *
 * Arabic number words are read by the small rule table below: no library in the stack
 * reads them (decision 030).
 */

/** The step the conversation is at: what a bare answer ("2", "سالم") is taken for. */
export type ParseStep =
  | 'start'
  | 'room_type'
  | 'check_in'
  | 'check_out'
  | 'guests'
  | 'bed_type'
  | 'smoking'
  | 'full_name'
  | 'phone'
  | 'id_number'
  | 'confirm'
  | 'idle'
  | 'done';

/** What one answer says; a slot is present only when the answer says it. */
export type Reading = {
  roomType?: RoomType;
  /** Dates named, in order (YYYY-MM-DD). */
  dates?: string[];
  /** A day of the month alone ("12"), where a date is asked for. */
  day?: number;
  nights?: number;
  guests?: number;
  rooms?: number;
  bedType?: BedType;
  smoking?: SmokingType;
  fullName?: string;
  phoneNumber?: string;
  idNumber?: string;
  /** A yes or no on its own ("نعم", "لأ", "ok"): never a name. */
  answer?: 'yes' | 'no';
};

// ---------------------------------------------------------------------------------------
// Numbers

/** Count words (after normalizeText): Arabic masculine and feminine, colloquial forms, English. */
const COUNT_WORDS: Record<string, number> = {
  واحد: 1,
  واحده: 1,
  وحده: 1,
  اثنين: 2,
  اثنان: 2,
  اثنتين: 2,
  اثنتان: 2,
  ثنتين: 2,
  ثنين: 2,
  اتنين: 2,
  تنين: 2,
  ثلاث: 3,
  ثلاثه: 3,
  تلات: 3,
  تلاته: 3,
  اربع: 4,
  اربعه: 4,
  خمس: 5,
  خمسه: 5,
  ست: 6,
  سته: 6,
  سبع: 7,
  سبعه: 7,
  ثمان: 8,
  ثماني: 8,
  ثمانيه: 8,
  تمان: 8,
  تمانيه: 8,
  تسع: 9,
  تسعه: 9,
  عشر: 10,
  عشره: 10,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  couple: 2,
  pair: 2,
  a: 1,
  an: 1,
  single: 1,
};

/** A count token: digits or a word, with a joined Arabic particle ("لثلاثة", "بخمس"). */
function countOf(token: string | undefined): number | null {
  if (!token) return null;
  if (/^\d{1,2}$/.test(token)) return Number(token);
  if (Object.hasOwn(COUNT_WORDS, token)) return COUNT_WORDS[token]!;
  const bare = token.replace(/^[لبوف]/, '');
  if (bare !== token && /[\u0600-\u06ff]/.test(bare) && Object.hasOwn(COUNT_WORDS, bare)) {
    return COUNT_WORDS[bare]!;
  }
  return null;
}

type Noun = { one: string[]; two: string[]; many: string[] };
const NIGHT: Noun = {
  one: ['ليله', 'night', 'يوم', 'day'],
  two: ['ليلتين', 'ليلتان', 'يومين', 'يومان'],
  many: ['ليال', 'ليالي', 'ليلات', 'nights', 'ايام', 'days'],
};
const WEEK: Noun = {
  one: ['اسبوع', 'week'],
  two: ['اسبوعين', 'اسبوعان'],
  many: ['اسابيع', 'weeks'],
};
const GUEST: Noun = {
  one: [
    'شخص',
    'ضيف',
    'فرد',
    'نزيل',
    'نفر',
    'بالغ',
    'guest',
    'person',
    'adult',
    'pax',
    'طفل',
    'child',
    'kid',
    'baby',
  ],
  two: ['شخصين', 'شخصان', 'ضيفين', 'ضيفان', 'فردين', 'نزيلين', 'نفرين', 'طفلين', 'طفلان'],
  many: [
    'اشخاص',
    'ضيوف',
    'افراد',
    'نزلاء',
    'انفار',
    'بالغين',
    'guests',
    'people',
    'persons',
    'adults',
    'اطفال',
    'children',
    'kids',
  ],
};
const ROOM: Noun = { one: ['غرفه', 'room'], two: ['غرفتين', 'غرفتان'], many: ['غرف', 'rooms'] };

/** A noun token's form, allowing a joined particle ("لليلتين", "بغرفتين"). */
function nounForm(token: string, noun: Noun): 'one' | 'two' | 'many' | null {
  for (const t of [token, token.replace(/^[لبوف]/, ''), token.replace(/^(لل|ال)/, '')]) {
    if (noun.two.includes(t)) return 'two';
    if (noun.many.includes(t)) return 'many';
    if (noun.one.includes(t)) return 'one';
  }
  return null;
}

/**
 * Every "count noun" in the tokens: "ثلاث ليال", "3 nights", "a couple of nights",
 * "ليلتين" (a dual alone is two), "ليله واحده". Returns the counts found, in order.
 */
function countsOf(tokens: string[], noun: Noun): number[] {
  const counts: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const form = nounForm(tokens[i]!, noun);
    if (!form) continue;
    if (form === 'two') {
      counts.push(2);
      continue;
    }
    let j = i - 1;
    if (tokens[j] === 'of' || tokens[j] === 'من') j--;
    let before = countOf(tokens[j]);
    // "a" only counts a singular: "a night", not "a nights".
    if ((tokens[j] === 'a' || tokens[j] === 'an' || tokens[j] === 'single') && form === 'many') before = null;
    if ((tokens[j] === 'couple' || tokens[j] === 'pair') && tokens[i - 1] !== 'of' && form === 'one')
      before = null;
    const after = form === 'one' ? countOf(tokens[i + 1]) : null;
    if (before !== null && before > 0) counts.push(before);
    else if (after === 1) counts.push(1);
    // "شخصين وطفل": one more, joined with "and".
    else if (form === 'one' && counts.length > 0 && /^و/.test(tokens[i]!)) counts.push(1);
  }
  return counts;
}

export function findNights(text: string): number | null {
  const tokens = normalizeText(text).split(' ');
  // "اليوم" and "يوم الخميس" are days of the calendar, not a length of stay.
  const nights = countsOf(
    tokens.map((t, i) => (/^(يوم|day)$/.test(t) && countOf(tokens[i - 1]) === null ? '' : t)),
    NIGHT,
  );
  if (nights.length > 0) return nights[0]!;
  const weeks = countsOf(tokens, WEEK);
  if (weeks.length > 0) return weeks[0]! * 7;
  // "أسبوع" alone: a week.
  if (tokens.some((t) => /^(اسبوع|لاسبوع|week)$/.test(t))) return 7;
  return null;
}

/** Bare answers that are a count, as a whole: "2", "ثلاثة", "we are three", "نحن اثنين فقط". */
function bareCount(tokens: string[]): number | null {
  const rest = tokens.filter(
    (t) =>
      !/^(we|are|were|re|just|only|for|us|please|total|in|فقط|بس|نحن|احنا|حنا|عددنا|العدد|ل|لـ|of)$/.test(t),
  );
  if (rest.length === 2 && rest[0] === 'a' && (rest[1] === 'couple' || rest[1] === 'pair')) return 2;
  if (rest.length !== 1 || /^(a|an|single)$/.test(rest[0]!)) return null;
  return countOf(rest[0]);
}

export function findGuests(text: string, expecting: boolean): number | null {
  const t = normalizeText(text);
  const tokens = t.split(' ');
  const counts = countsOf(tokens, GUEST);
  if (counts.length > 0) return counts.reduce((a, b) => a + b, 0);
  const stay = '(?! ?(nights?|days?|weeks?|ليال|ليالي|ليله|ايام|يوم|اسبوع|اسابيع)( |$))';
  const forN = new RegExp(`\\bfor (\\d{1,2}|one|two|three|four|five|six)\\b${stay}`).exec(t);
  if (forN) return countOf(forN[1]);
  const ofUs = /\b(\d{1,2}|one|two|three|four|five|six) of us\b/.exec(t);
  if (ofUs) return countOf(ofUs[1]);
  const lN = new RegExp(`(?:^| )ل ?(\\d{1,2})(?: |$)${stay}`).exec(t);
  if (lN) return Number(lN[1]);
  if (!expecting) return null;
  if (
    /^(just me|only me|me only|me alone|myself|انا فقط|انا بس|بس انا|فقط انا|لوحدي|وحدي|انا وحدي|انا لوحدي)$/.test(
      t,
    )
  ) {
    return 1;
  }
  if (
    /^(me and my (wife|husband|friend|son|daughter|mother|father)|انا و ?(زوجتي|زوجي|صديقي|ابني|بنتي|امي|ابوي|اخوي|اختي|المدام))$/.test(
      t,
    )
  ) {
    return 2;
  }
  return bareCount(tokens);
}

function findRooms(text: string): number | null {
  const counts = countsOf(normalizeText(text).split(' '), ROOM);
  return counts.length > 0 ? counts[0]! : null;
}

// ---------------------------------------------------------------------------------------
// Dates

const MONTHS: [RegExp, number][] = [
  [/^(january|jan|يناير|كانون الثاني)$/, 1],
  [/^(february|feb|فبراير|شباط)$/, 2],
  [/^(march|mar|مارس|اذار)$/, 3],
  [/^(april|apr|ابريل|نيسان)$/, 4],
  [/^(may|مايو|ايار)$/, 5],
  [/^(june|jun|يونيو|يونيه|حزيران)$/, 6],
  [/^(july|jul|يوليو|يوليه|تموز)$/, 7],
  [/^(august|aug|اغسطس|اب)$/, 8],
  [/^(september|sept|sep|سبتمبر|ايلول)$/, 9],
  [/^(october|oct|اكتوبر|تشرين الاول)$/, 10],
  [/^(november|nov|نوفمبر|تشرين الثاني)$/, 11],
  [/^(december|dec|ديسمبر|كانون الاول)$/, 12],
];

function monthOf(token: string): number | null {
  // A joined preposition: "بمارس", "لمارس".
  for (const t of [token, token.replace(/^[بل]/, '')]) {
    for (const [re, m] of MONTHS) if (re.test(t)) return m;
  }
  return null;
}

/** Days of the week, Sunday first (as Date.getUTCDay). */
const WEEKDAYS: RegExp[] = [
  /^(sunday|sun|الاحد|احد)$/,
  /^(monday|mon|الاثنين|الاتنين)$/,
  /^(tuesday|tue|tues|الثلاثاء|الثلاثا|الثلاثه|التلات)$/,
  /^(wednesday|wed|الاربعاء|الاربعا|الاربع)$/,
  /^(thursday|thu|thurs|الخميس|خميس)$/,
  /^(friday|fri|الجمعه|جمعه)$/,
  /^(saturday|sat|السبت|سبت)$/,
];

function weekdayOf(token: string): number | null {
  for (const t of [token, token.replace(/^[بل]/, '')]) {
    const i = WEEKDAYS.findIndex((re) => re.test(t));
    if (i >= 0) return i;
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

const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/**
 * Dates a sentence names, in order. Impossible ones (31 April) are kept: the schema refuses
 * them. A weekday ("الخميس", "next Thursday", "الخميس القادم") is its next one after today.
 */
export function findDates(text: string, today = hotelToday()): string[] {
  const latin = toLatinDigits(text);
  const found: { at: number; date: string }[] = [];
  let rest = latin;
  const take = (all: string) => ' '.repeat(all.length);
  // 2026-03-10; 10/3/2026, 10.3.2026, 10-3-2026 or 10/3 (day first, as in Oman).
  rest = rest.replace(
    /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/g,
    (all, y: string, m: string, d: string, at: number) => {
      found.push({ at, date: `${y}-${pad(Number(m))}-${pad(Number(d))}` });
      return take(all);
    },
  );
  rest = rest.replace(
    /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})\b/g,
    (all, d: string, m: string, y: string, at: number) => {
      found.push({ at, date: upcoming(Number(d), Number(m), today, fullYear(y)) });
      return take(all);
    },
  );
  rest = rest.replace(/\b(\d{1,2})[/.](\d{1,2})\b/g, (all, d: string, m: string, at: number) => {
    found.push({ at, date: upcoming(Number(d), Number(m), today) });
    return take(all);
  });
  // Words: "10 to 12 March", "March 10", "١٠ - ١٢ مارس ٢٠٢٦", "15 كانون الأول", "١٥ شهر ١٢", "tomorrow".
  const raw = normalizeText(rest).split(' ');
  const tokens: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    const t = raw[i]!;
    const next = raw[i + 1];
    if (/^[بل]?(كانون|تشرين)$/.test(t) && next && /^(ال)?(اول|ثاني)$/.test(next)) {
      tokens.push(`${t.replace(/^[بل](?=كانون|تشرين)/, '')} ${next.startsWith('ال') ? next : `ال${next}`}`);
      i++;
    } else tokens.push(t);
  }
  let offset = 10_000;
  let pendingDays: number[] = [];
  const dayToken = (t: string | undefined) => {
    const m = t ? /^(\d{1,2})(st|nd|rd|th)?$/.exec(t) : null;
    return m && Number(m[1]) >= 1 && Number(m[1]) <= 31 ? Number(m[1]) : null;
  };
  const yearAt = (i: number) => {
    const t = tokens[i];
    return t && /^20\d\d$/.test(t) ? Number(t) : undefined;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    const day = dayToken(token);
    // "١٥ شهر ١٢": the month by its number.
    const monthNumber =
      (token === 'شهر' || token === 'month') &&
      pendingDays.length > 0 &&
      /^\d{1,2}$/.test(tokens[i + 1] ?? '')
        ? Number(tokens[i + 1])
        : null;
    const month =
      monthNumber !== null && monthNumber >= 1 && monthNumber <= 12 ? monthNumber : monthOf(token);
    if (monthNumber !== null && month === monthNumber) i++;
    if (day !== null && month === null) {
      pendingDays.push(day);
      continue;
    }
    if (month) {
      const year = yearAt(i + 1);
      if (pendingDays.length === 0) {
        const after = dayToken(tokens[i + 1]);
        if (after !== null) {
          const y = yearAt(i + 2);
          found.push({ at: offset++, date: upcoming(after, month, today, y) });
          i += y ? 2 : 1;
        }
      } else {
        for (const d of pendingDays) found.push({ at: offset++, date: upcoming(d, month, today, year) });
        if (year) i++;
      }
      pendingDays = [];
      continue;
    }
    const weekday = weekdayOf(token);
    if (weekday !== null) {
      const now = new Date(`${today}T00:00:00Z`).getUTCDay();
      found.push({ at: offset++, date: addDays(today, ((weekday - now + 6) % 7) + 1) });
    } else if (/^(today|tonight|اليوم|الليله|هاليوم|هالليله)$/.test(token)) {
      found.push({ at: offset++, date: today });
    } else if (/^(tomorrow|tmrw|غدا|غد|الغد|بكره|بكرا|باكر)$/.test(token)) {
      // "بعد غد", "بعد بكرة", "the day after tomorrow".
      const after = tokens[i - 1] === 'بعد' || (tokens[i - 1] === 'after' && tokens[i - 2] === 'day');
      found.push({ at: offset++, date: addDays(today, after ? 2 : 1) });
    } else if (
      !/^(to|till|until|through|and|from|the|of|on|-|الي|حتي|لغايه|لين|للين|و|من|يوم|شهر|month)$/.test(token)
    ) {
      // Words that may sit between days of one month keep them pending; anything else drops them.
      pendingDays = [];
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.date);
}

/** Bare day numbers ("12") when a step expects a date and no month was named. */
export function bareDay(text: string): number | null {
  const m = /^\s*(\d{1,2})\s*$/.exec(toLatinDigits(text));
  return m && Number(m[1]) >= 1 && Number(m[1]) <= 31 ? Number(m[1]) : null;
}

// ---------------------------------------------------------------------------------------
// Room, bed, smoking

const ROOM_WORDS: Record<RoomType, RegExp> = {
  silver: /\bsilver\b|فضي|فضه/,
  gold: /\bgold(en)?\b|ذهبي/,
  diamond: /\bdiamond\b|ماسي|الماس( |$)/,
  deluxe: /\bdeluxe\b|\bde luxe\b|ديلوكس|دولوكس|ديلكس/,
};
const BED_WORDS: Record<BedType, RegExp> = {
  single: /\bsingle bed|\bsingle\b(?! (room|night))|مفرد|فردي|سنجل|سينجل/,
  double: /\bdouble\b|مزدوج|دبل|زوجي(?!ن)|زوجي$/,
};
const NON_SMOKING =
  /\bdon ?t smoke|\bdo not smoke|لا ادخن|ما ادخن|ما ندخن|لا ندخن|مو مدخن|مش مدخن|\bnon ?smok|\bno smok|\bnot smok|غير مدخن|غير المدخن|لغير المدخن|ممنوع التدخين|بدون تدخين|عدم التدخين|بلا تدخين/;
const SMOKING = /\bsmok|مدخن|تدخين/;

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

// ---------------------------------------------------------------------------------------
// Yes and no

const POLITE = / (please|thanks|thank you|من فضلك|لو سمحت|شكرا|الله يعطيك العافيه)$/;
const YES =
  /^(yes|y|yeah|yea|yep|yup|sure|of course|ok|okay|k|fine|correct|right|confirm|confirmed|please do|go ahead|do it|yes confirm|yes please|نعم|ايوه|ايوا|ايه|اي|اي نعم|اكيد|تمام|موافق|اكد|تاكيد|اوكي|اوك|طيب|ماشي|زين|صح|صحيح|يب|بلي|نعم اكد|اكد الحجز|نعم اكد الحجز|نعم تمام|تمام اكد)$/;
const NO = /^(no|n|nope|nah|not really|no thanks|لا|لاء|كلا|لا شكرا|مو|ما ابي|لا ابي)$/;

function yesNo(text: string): 'yes' | 'no' | null {
  const t = normalizeText(text).replace(POLITE, '');
  if (YES.test(t)) return 'yes';
  if (NO.test(t)) return 'no';
  return null;
}

export function isYes(text: string): boolean {
  return yesNo(text) === 'yes';
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

// ---------------------------------------------------------------------------------------
// Labelled answers: "رقم الهاتف ...", "اسمي ...", "my name is ...", "passport: ..."

type LabelKind = 'name' | 'phone' | 'id';
/** Labels, as normalised words; "weak" ones count only at their own step ("أنا ..." is a name only when a name is asked). */
const LABELS: { kind: LabelKind; words: string[]; weak?: true }[] = [
  ...[
    'my full name is',
    'my name is',
    'my name',
    'full name is',
    'full name',
    'the name is',
    'name is',
    'name',
    'اسمي الكامل',
    'الاسم الكامل',
    'الاسم الثلاثي',
    'اسمي',
    'الاسم',
    'الحجز باسم',
    'باسم',
    'انا اسمي',
  ].map((l) => ({ kind: 'name' as const, words: l.split(' ') })),
  ...[
    'i am',
    'i m',
    'im',
    'this is',
    'it is',
    'it s',
    'its',
    'call me',
    'under',
    'انا',
    'هذا',
    'معك',
    'معاك',
  ].map((l) => ({ kind: 'name' as const, words: l.split(' '), weak: true as const })),
  ...[
    'my phone number is',
    'my mobile number is',
    'my number is',
    'my phone is',
    'my mobile is',
    'phone number is',
    'mobile number is',
    'phone number',
    'mobile number',
    'contact number',
    'phone is',
    'phone',
    'mobile',
    'tel',
    'whatsapp',
    'رقم الهاتف',
    'رقم هاتفي',
    'رقم الجوال',
    'رقم جوالي',
    'رقم الموبايل',
    'رقم موبايلي',
    'رقم التلفون',
    'رقم التليفون',
    'رقم تلفوني',
    'رقم التواصل',
    'رقم الواتساب',
    'رقمي',
    'جوالي',
    'هاتفي',
    'موبايلي',
    'تلفوني',
    'تليفوني',
    'الهاتف',
    'الجوال',
    'الموبايل',
    'واتساب',
  ].map((l) => ({ kind: 'phone' as const, words: l.split(' ') })),
  ...['my number', 'number', 'رقم', 'الرقم'].map((l) => ({
    kind: 'phone' as const,
    words: l.split(' '),
    weak: true as const,
  })),
  ...[
    'my passport number is',
    'my passport is',
    'passport number is',
    'passport number',
    'passport no',
    'passport',
    'my id number is',
    'my id is',
    'id number is',
    'id number',
    'civil id',
    'id is',
    'id',
    'رقم الهويه',
    'رقم هويتي',
    'الهويه',
    'هويتي',
    'الرقم المدني',
    'رقمي المدني',
    'رقم مدني',
    'البطاقه المدنيه',
    'رقم البطاقه',
    'رقم بطاقتي',
    'رقم الجواز',
    'رقم جوازي',
    'رقم جواز السفر',
    'جواز السفر',
    'جوازي',
    'الجواز',
  ].map((l) => ({ kind: 'id' as const, words: l.split(' ') })),
].sort((a, b) => b.words.length - a.words.length);

const STEP_KIND: Partial<Record<ParseStep, LabelKind>> = {
  full_name: 'name',
  phone: 'phone',
  id_number: 'id',
};

type Word = { raw: string; key: string };

/** The words of an answer as typed, each with its normalised form ("I'm" → "im", "الاسم:" → "الاسم"). */
function wordsOf(text: string): Word[] {
  return text
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((raw) => ({ raw, key: normalizeText(raw).replace(/ /g, '') }));
}

function labelAt(words: Word[], i: number, step: ParseStep) {
  for (const label of LABELS) {
    if (label.weak && STEP_KIND[step] !== label.kind) continue;
    const ok = label.words.every((w, k) => {
      const key = words[i + k]?.key;
      // A joined "and": "ورقمي ...".
      return key === w || (k === 0 && i > 0 && key === `و${w}`);
    });
    if (ok) return label;
  }
  return null;
}

/** Ends a value: a comma, full stop or semicolon after the word. */
const ENDS = /[,،.;؛!]$/;
const FILLERS = /^(is|to|=|:|-|هو|هي|الى|:-)$/;
const CONNECTORS = /^(and|و)$/;

/** Labelled values, and the answer's words that are not part of one. */
function labelled(text: string, step: ParseStep) {
  const words = wordsOf(text);
  const values: { kind: LabelKind; words: Word[] }[] = [];
  const rest: Word[] = [];
  for (let i = 0; i < words.length;) {
    const label = labelAt(words, i, step);
    // A weak label only at the start ("أنا سالم"), never inside a sentence.
    if (!label || (label.weak && i > 0)) {
      rest.push(words[i]!);
      i++;
      continue;
    }
    let j = i + label.words.length;
    const value: Word[] = [];
    const labelEnds = ENDS.test(words[j - 1]!.raw.replace(/:$/, ''));
    while (j < words.length && !labelEnds) {
      const w = words[j]!;
      if (value.length > 0 && labelAt(words, j, step) && !labelAt(words, j, step)?.weak) break;
      if (value.length === 0 && (FILLERS.test(w.key) || w.key === '')) {
        j++;
        continue;
      }
      value.push(w);
      j++;
      if (ENDS.test(w.raw)) break;
    }
    while (value.length > 0 && CONNECTORS.test(value[value.length - 1]!.key)) value.pop();
    values.push({ kind: label.kind, words: value });
    i = j;
  }
  return { values, rest };
}

const joinRaw = (words: Word[]) =>
  words
    .map((w) => w.raw)
    .join(' ')
    .replace(/^[\s:：\-–—"'«]+|[\s,،.;؛!:"'»]+$/g, '');

/** Words that are never a name on their own. */
const NOT_A_NAME =
  /^(hi|hello|thanks|thank you|شكرا|مرحبا|اهلا|السلام عليكم|name|الاسم|اسمي|انا|booking|الحجز|حجز|room|غرفه|nothing|لا شيء|why|ليش|ليه|لماذا)$/;

/** Words no name contains: "I'm not sure", "ما ادري", "don't know". */
const NOT_NAME_WORDS = new Set([
  'not',
  'sure',
  'know',
  'dont',
  'don',
  'idk',
  'what',
  'why',
  'later',
  'want',
  'need',
  'please',
  'book',
  'ادري',
  'مادري',
  'مدري',
  'اعرف',
  'عارف',
  'ليش',
  'لماذا',
  'اريد',
  'ابي',
  'ابغي',
  'ابغى',
  'بعدين',
  'حجز',
  'احجز',
]);

/** A name as typed, if the words can be one: letters, at most six words, not a yes or no. */
function asName(words: Word[]): string | null {
  const name = joinRaw(words);
  // Letters, not a number: a phone or ID typed where the name is asked is not a name.
  if (!name || /[@?؟]/.test(name) || !/\p{L}/u.test(name) || findPhone(name)) return null;
  const folded = normalizeText(name);
  if (!folded || folded.split(' ').length > 6 || yesNo(name) || NOT_A_NAME.test(folded)) return null;
  if (folded.split(' ').some((w) => NOT_NAME_WORDS.has(w))) return null;
  return name;
}

/** A phone number in the words: 8 to 15 digits, "+968 9127 7954", "00968-9127-7954", "٩١٢٧٧٩٥٤". */
export function findPhone(text: string): string | null {
  const latin = toLatinDigits(text);
  for (const m of latin.matchAll(/(?:\+|\b00)?\(?\d[\d\s\-()]{5,}\d/g)) {
    const span = m[0].trim();
    // A date is not a phone.
    if (/^\d{4}-\d{1,2}-\d{1,2}$|^\d{1,2}-\d{1,2}-\d{4}$/.test(span)) continue;
    const digits = span.replace(/\D/g, '').length;
    if (digits >= 8 && digits <= 15) return span.replace(/[()]/g, '').replace(/\s+/g, ' ');
  }
  return null;
}

/** An ID or passport number among the words: letters and digits with at least one digit. */
function asId(words: Word[]): string | null {
  const joined = toLatinDigits(joinRaw(words));
  const token = joined.split(/\s+/).find((w) => /\d/.test(w) && /^[A-Za-z0-9-]+$/.test(w));
  if (token) return token;
  // "123 456 789": one number written in groups.
  return /^[\d\s-]+$/.test(joined) && /\d/.test(joined) ? joined.replace(/[\s-]+/g, '') : null;
}

// ---------------------------------------------------------------------------------------
// One answer

/**
 * Everything one answer says, for the step the conversation is at. A name, phone or ID
 * is read where it is asked for, or anywhere with its label ("اسمي ...", "phone: ...");
 * a yes or no on its own is only ever an answer, never a name.
 */
export function readAnswer(text: string, step: ParseStep = 'start', today = hotelToday()): Reading {
  const reading: Reading = {};
  const answer = yesNo(text);
  if (answer) return { answer };

  const { values, rest } = labelled(text, step);
  for (const v of values) {
    if (v.kind === 'name' && reading.fullName === undefined) {
      const name = asName(v.words);
      if (name) reading.fullName = name;
    } else if (v.kind === 'phone' && reading.phoneNumber === undefined) {
      const phone = findPhone(joinRaw(v.words));
      if (phone) reading.phoneNumber = phone;
    } else if (v.kind === 'id' && reading.idNumber === undefined) {
      const id = asId(v.words);
      if (id) reading.idNumber = id;
    }
  }
  let remaining = rest.map((w) => w.raw).join(' ');
  if (step === 'phone' && reading.phoneNumber === undefined) {
    const phone = findPhone(remaining);
    if (phone) {
      reading.phoneNumber = phone;
      remaining = toLatinDigits(remaining).replace(/(?:\+|\b00)?\(?\d[\d\s\-()]{5,}\d/, ' ');
    }
  }
  if (step === 'id_number' && reading.idNumber === undefined) {
    const words = wordsOf(remaining);
    const id = words.length <= 2 ? asId(words) : null;
    if (id) {
      reading.idNumber = id;
      remaining = '';
    }
  }

  const room = findRoomType(remaining);
  if (room) reading.roomType = room;
  const dates = findDates(remaining, today);
  if (dates.length > 0) reading.dates = dates;
  else if (step === 'check_in' || step === 'check_out') {
    const day = bareDay(remaining);
    if (day !== null) reading.day = day;
  }
  const tokens = normalizeText(remaining).split(' ');
  let nights = findNights(remaining);
  // "a couple", "ثلاث" alone where the check-out is asked: nights (a bare digit is a day).
  if (nights === null && step === 'check_out' && !/\d/.test(toLatinDigits(remaining)))
    nights = bareCount(tokens);
  if (nights !== null && nights >= 1 && nights <= MAX_STAY_NIGHTS * 2) reading.nights = nights;
  const guests = findGuests(remaining, step === 'guests');
  if (guests !== null) reading.guests = guests;
  const rooms = findRooms(remaining);
  if (rooms !== null) reading.rooms = rooms;
  const bed = findBedType(remaining);
  if (bed) reading.bedType = bed;
  const smoking = findSmoking(remaining);
  if (smoking) reading.smoking = smoking;

  // "سالم الذهبي", "Ali Gold": where a name is asked, a family name that sounds like a room is a name.
  if (
    step === 'full_name' &&
    Object.keys(reading).join() === 'roomType' &&
    !/\b(room|rooms)\b|غرفه|الغرفه/.test(normalizeText(remaining)) &&
    normalizeText(remaining).split(' ').length >= 2
  ) {
    const name = asName(wordsOf(remaining));
    if (name) return { fullName: name };
  }
  // Free text is a name only where one is asked for, and only if it says nothing else.
  const saidSomething = Object.keys(reading).length > 0;
  if (step === 'full_name' && !saidSomething && !looksLikeQuestion(text)) {
    const name = asName(wordsOf(remaining));
    if (name) reading.fullName = name;
  }
  return reading;
}
