import { plural } from '@lingui/core/macro';
import type { Language } from '@shared/constants';
import { formatCount } from './format';

// The landing's one count has its own module (the landing entry would otherwise hold every
// count any screen uses).
export { roomsLeftTonight } from './rooms-left-tonight';

/*
 * Counted nouns shared by several screens. Each goes through Lingui's plural
 * forms: English one/other; Arabic zero, one, two, few (3-10), many (11-99) and other (100,
 * 1000...), each form with its own noun ("نقطتان", "٣ نقاط", "١١ نقطة"). The number is written by
 * the one formatter (format.ts formatCount: Arabic-Indic digits in Arabic). A sentence whose verb
 * agrees with the count ("بقيت غرفة واحدة") has its own plural message where it is used.
 */

/** "12 points" / "١٢ نقطة". */
export function pointsCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} point`, other: `${count} points` });
}

/** "3 guests" / "٣ ضيوف". */
export function guestsCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} guest`, other: `${count} guests` });
}

/**
 * "for 2 guests" / "لضيفين": after the preposition the Arabic dual and plural are in the
 * genitive, the preposition joined to the noun ("لضيف واحد", "لـ٣ ضيوف").
 */
export function forGuestsCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `for ${count} guest`, other: `for ${count} guests` });
}

/** "3 nights" / "٣ ليالٍ". */
export function nightsCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} night`, other: `${count} nights` });
}

/** "10 minutes" / "١٠ دقائق". */
export function minutesCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} minute`, other: `${count} minutes` });
}

/** "5 seconds" / "٥ ثوانٍ". */
export function secondsCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} second`, other: `${count} seconds` });
}

/** "24 hours" / "٢٤ ساعة". */
export function hoursCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} hour`, other: `${count} hours` });
}

/** "30 days" / "٣٠ يوماً". */
export function daysCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} day`, other: `${count} days` });
}

/** "3 photos" / "٣ صور". */
export function photosCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} photo`, other: `${count} photos` });
}

/** "2 screenshots" / "لقطتا شاشة". */
export function screenshotsCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} screenshot`, other: `${count} screenshots` });
}

/** "3 comments" / "٣ تعليقات". */
export function commentsCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} comment`, other: `${count} comments` });
}

/** "3 shares" / "٣ مشاركات". */
export function sharesCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} share`, other: `${count} shares` });
}

/** "3 times" / "٣ مرات". */
export function timesCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} time`, other: `${count} times` });
}

/** "500 metres" / "٥٠٠ متر". */
export function metresCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} metre`, other: `${count} metres` });
}

/** "20 rooms" / "٢٠ غرفة". */
export function roomsCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} room`, other: `${count} rooms` });
}

/** "12 characters" / "١٢ حرفاً" (a password's or a field's length). */
export function charactersCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} character`, other: `${count} characters` });
}

/** "3 room nights" / "٣ ليالي غرف" (rooms sold, night by night). */
export function roomNightsCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} room night`, other: `${count} room nights` });
}

/** "12 guest nights" / "١٢ ليلة نزيل" (the tourism return's unit). */
export function guestNightsCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} guest night`, other: `${count} guest nights` });
}

/** The booking form's stock line for the chosen type, for the guest's dates. */
export function roomsOfTypeLeftForDates(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, {
    one: `${count} room of this type left for your dates`,
    other: `${count} rooms of this type left for your dates`,
  });
}

/** The booking form's stock line for the chosen type, tonight. */
export function roomsOfTypeLeftTonight(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, {
    one: `${count} room of this type left tonight`,
    other: `${count} rooms of this type left tonight`,
  });
}

/** "3 left" (a bed or smoking choice's remaining rooms) / "بقيت ٣". */
export function leftCount(n: number, language: Language): string {
  const count = formatCount(n, language);
  return plural(n, { one: `${count} left`, other: `${count} left` });
}
