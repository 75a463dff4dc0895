import { addDays, hotelToday } from '@shared/dates';
import { toLatinDigits } from '@shared/digits';
import { normalizeText } from '@shared/text-normalize';
import { countOf, countsOf, type Noun } from './numbers';

// The stay's dates ("10 to 12 March", "١٥ شهر ١٢", "الخميس القادم", "بكرة") and its length
// ("ثلاث ليال", "a week").

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
