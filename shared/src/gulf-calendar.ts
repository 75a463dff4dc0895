import { addDays } from './dates';
import type { EventKind } from './revenue';

/**
 * The Gulf's calendar of the events that move a hotel's demand (docs/decisions/094): the Hijri
 * ones from `Intl.DateTimeFormat` with the `islamic-umalqura` calendar (Saudi Arabia's Umm
 * al-Qura; Oman decides by sighting the moon, so each is ±1 day until the manager confirms it),
 * National Day (20-21 November), the Khareef season in Dhofar (21 June-21 September) and the
 * school holidays of Oman and its neighbours as yearly ranges the manager corrects. Pure: the
 * worker, the seed's history and the tests read the same dates.
 */

export type HijriDate = { year: number; month: number; day: number };

let hijriFormat: Intl.DateTimeFormat | undefined;

/** The Umm al-Qura Hijri date of a Gregorian date (YYYY-MM-DD). */
export function hijriOf(date: string): HijriDate {
  hijriFormat ??= new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
    timeZone: 'UTC',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = hijriFormat.formatToParts(new Date(`${date}T00:00:00Z`));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** An event the calendar computes for a year, before the manager confirms or moves it. */
export type CalendarEvent = {
  /** One per event and year it belongs to (e.g. `eid_al_fitr:1447`, `national_day:2026`). */
  key: string;
  kind: EventKind;
  nameAr: string;
  nameEn: string;
  from: string;
  to: string;
  lunar: boolean;
};

const NAMES: Record<Exclude<EventKind, 'school_holiday' | 'hotel'>, { ar: string; en: string }> = {
  ramadan: { ar: 'شهر رمضان', en: 'Ramadan' },
  eid_al_fitr: { ar: 'عيد الفطر', en: 'Eid al-Fitr' },
  eid_al_adha: { ar: 'عيد الأضحى', en: 'Eid al-Adha' },
  islamic_new_year: { ar: 'رأس السنة الهجرية', en: 'Islamic New Year' },
  prophets_birthday: { ar: 'المولد النبوي الشريف', en: "The Prophet's Birthday" },
  national_day: { ar: 'العيد الوطني', en: 'National Day' },
  khareef: { ar: 'موسم الخريف في ظفار', en: 'Khareef season in Dhofar' },
};

/**
 * The Hijri events: their month, first day and length in days (Eid al-Fitr the first three days
 * of Shawwal, Eid al-Adha 10-13 Dhu al-Hijjah as Oman's holiday, Ramadan its whole month).
 */
const LUNAR: { kind: keyof typeof NAMES; month: number; day: number; days: number | 'month' }[] = [
  { kind: 'islamic_new_year', month: 1, day: 1, days: 1 },
  { kind: 'prophets_birthday', month: 3, day: 12, days: 1 },
  { kind: 'ramadan', month: 9, day: 1, days: 'month' },
  { kind: 'eid_al_fitr', month: 10, day: 1, days: 3 },
  { kind: 'eid_al_adha', month: 12, day: 10, days: 4 },
];

/**
 * The school holidays the calendar starts from each year (the manager corrects them: the
 * ministries publish their calendars each year): Oman's mid-year break, the Gulf's winter and spring
 * breaks, and the long summer holiday of Oman and its neighbours.
 */
const SCHOOL_HOLIDAYS: { key: string; ar: string; en: string; from: string; to: string }[] = [
  {
    key: 'oman_mid_year',
    ar: 'إجازة منتصف العام الدراسي في سلطنة عمان',
    en: "Oman's mid-year school holiday",
    from: '01-25',
    to: '02-07',
  },
  {
    key: 'gcc_spring',
    ar: 'إجازة الربيع في مدارس دول الخليج',
    en: "The Gulf's spring school break",
    from: '03-22',
    to: '04-04',
  },
  {
    key: 'gcc_summer',
    ar: 'الإجازة الصيفية لمدارس عمان ودول الخليج',
    en: 'Summer school holiday in Oman and the Gulf',
    from: '06-25',
    to: '08-25',
  },
  {
    key: 'gcc_winter',
    ar: 'إجازة الشتاء في مدارس دول الخليج',
    en: "The Gulf's winter school break",
    from: '12-14',
    to: '12-31',
  },
];

/** Every event the calendar computes whose first day falls in the Gregorian `year`. */
export function computedEvents(year: number): CalendarEvent[] {
  const y = String(year).padStart(4, '0');
  const events: CalendarEvent[] = [];
  // The Hijri months beginning in the year (and the one running on into the next, for Ramadan's end).
  const starts = new Map<string, string>();
  let date = `${y}-01-01`;
  let previous = hijriOf(addDays(date, -1));
  const end = `${String(year + 1).padStart(4, '0')}-02-15`;
  while (date <= end) {
    const h = hijriOf(date);
    if (h.month !== previous.month) starts.set(`${h.year}-${h.month}`, date);
    previous = h;
    date = addDays(date, 1);
  }
  for (const [key, start] of starts) {
    const [hYear, hMonth] = key.split('-').map(Number) as [number, number];
    for (const rule of LUNAR.filter((r) => r.month === hMonth)) {
      const from = addDays(start, rule.day - 1);
      if (!from.startsWith(`${y}-`)) continue;
      const nextMonth = starts.get(hMonth === 12 ? `${hYear + 1}-1` : `${hYear}-${hMonth + 1}`);
      const to =
        rule.days === 'month'
          ? nextMonth
            ? addDays(nextMonth, -1)
            : addDays(from, 28)
          : addDays(from, rule.days - 1);
      events.push({
        key: `${rule.kind}:${hYear}`,
        kind: rule.kind,
        nameAr: NAMES[rule.kind].ar,
        nameEn: NAMES[rule.kind].en,
        from,
        to,
        lunar: true,
      });
    }
  }
  events.push(
    {
      key: `national_day:${y}`,
      kind: 'national_day',
      nameAr: NAMES.national_day.ar,
      nameEn: NAMES.national_day.en,
      from: `${y}-11-20`,
      to: `${y}-11-21`,
      lunar: false,
    },
    {
      key: `khareef:${y}`,
      kind: 'khareef',
      nameAr: NAMES.khareef.ar,
      nameEn: NAMES.khareef.en,
      from: `${y}-06-21`,
      to: `${y}-09-21`,
      lunar: false,
    },
    ...SCHOOL_HOLIDAYS.map((s) => ({
      key: `school_holiday:${s.key}:${y}`,
      kind: 'school_holiday' as const,
      nameAr: s.ar,
      nameEn: s.en,
      from: `${y}-${s.from}`,
      to: `${y}-${s.to}`,
      lunar: false,
    })),
  );
  return events.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : a.key < b.key ? -1 : 1));
}

/** Which of the kinds wins when events overlap a night (the strongest effect on demand first). */
export const EVENT_PRECEDENCE: readonly EventKind[] = [
  'eid_al_fitr',
  'eid_al_adha',
  'national_day',
  'ramadan',
  'islamic_new_year',
  'prophets_birthday',
  'hotel',
  'school_holiday',
  'khareef',
];

/** Friday and Saturday are Oman's weekend: the nights of Thursday and Friday lead into it. */
export function isWeekendNight(date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday === 4 || weekday === 5;
}
