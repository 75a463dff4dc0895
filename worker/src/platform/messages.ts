import type { MessageDescriptor } from '@lingui/core';
import { sql, type SQL } from 'drizzle-orm';
import {
  BED_TYPES,
  BOOKING_STATUSES,
  SMOKING_TYPES,
  type BedType,
  type BookingStatus,
  type SmokingType,
} from '@shared/constants';
import { toArabicIndicDigits } from '@shared/digits';
import { ERROR_CODE_VALUES } from '@shared/error-code-values';
import { isErrorCode, type ErrorCode } from '@shared/error-codes';
import { catalogueI18n, FORM_ERROR_MESSAGES, type CatalogueLanguage } from '@shared/message-catalogue';
import { messages as workerAr } from '../locales/ar';
import { messages as workerEn } from '../locales/en';
import { dateFormat, formatDate } from './format';

/**
 * Every text the worker sends to a person (API errors and notices, the assistant's sentences,
 * e-mails, phone messages, push notifications) comes from one ICU message catalogue, compiled
 * by Lingui (`npm run i18n:compile`): the form errors both sides show in shared/src/locales,
 * everything else in worker/src/locales. Placeholders, plurals (CLDR rules through
 * Intl.PluralRules) and the digits of numbers (Arabic-Indic in Arabic) are the catalogue's
 * business; code passes values, never assembles a sentence.
 */
export type Language = CatalogueLanguage;

const catalogues: Record<Language, ReturnType<typeof catalogueI18n>> = {
  ar: catalogueI18n('ar', { ...FORM_ERROR_MESSAGES.ar, ...workerAr }),
  en: catalogueI18n('en', { ...FORM_ERROR_MESSAGES.en, ...workerEn }),
};

/** Values of a message's placeholders: text as it is, numbers formatted by the catalogue. */
export type MessageValues = Record<string, string | number>;

/** The catalogue's sentence for `id` in a language (the id itself when it has none). */
export function text(language: Language, id: string, values?: MessageValues): string {
  const descriptor: MessageDescriptor = { id, values };
  return catalogues[language]._(descriptor);
}

/**
 * The catalogue's sentence for `id` with some placeholders filled by SQL expressions (a column of
 * each row an `INSERT … SELECT` writes): the sentence's text is bound as parameters and joined with
 * the expressions, so a notice written for many rows at once still comes from the catalogue.
 */
export function sqlText(
  language: Language,
  id: string,
  columns: Record<string, SQL>,
  values?: MessageValues,
): SQL {
  const names = Object.keys(columns);
  // A private-use mark no sentence holds stands in for each column; the sentence is then cut at the marks.
  const marks = Object.fromEntries(names.map((name, i) => [name, `\uE000${i}\uE000`]));
  const parts = text(language, id, { ...values, ...marks }).split(/\uE000(\d+)\uE000/);
  const pieces = parts.map((part, i) => (i % 2 === 0 ? sql`${part}` : columns[names[Number(part)]!]!));
  return sql.join(pieces, sql` || `);
}

/** Whether the catalogue holds `id` in a language (tests, and the assistant's retries). */
export function hasText(language: Language, id: string): boolean {
  return Object.hasOwn(catalogues[language].messages, id);
}

/** Error responses carry a stable `code` for programs and a `message` in the request's language. */
export type MessageCode = ErrorCode;
export const isMessageCode = isErrorCode;

/** A code's sentence (with the limits it names); an unknown code is returned as it is. */
export function translate(code: string, language: Language, values?: MessageValues): string {
  if (!isErrorCode(code)) return code;
  return text(language, code, { ...ERROR_CODE_VALUES[code], ...values });
}

/** The assistant's own sentences; numbers come formatted by the caller (modules/assistant/assistant.ts). */
export const ASSISTANT_TEXT_KEYS = [
  'greeting',
  'capabilities',
  'not_understood',
  'room_price_line',
  'room_price_line_plain',
  'prices_intro',
  // The rate plans and stay prices (modules/assistant/chat-rates.ts).
  'extra_guests_note',
  'extra_guests_note_room',
  'dates_hint',
  'dates_hint_plans',
  'plans_intro',
  'plans_terms_intro',
  'plan_line',
  'plan_line_below',
  'plan_line_above',
  'plan_breakfast',
  'plan_room_only',
  'plan_free_cancellation',
  'plan_non_refundable',
  'plan_prepay_all',
  'plan_deposit_first_night',
  'plan_deposit_percent',
  'plan_pay_at_hotel',
  'plan_confirm_on_payment',
  'plan_confirm_by_hotel',
  'policy_plan_line',
  'non_refundable_yes',
  'non_refundable_none',
  'quote_intro',
  'quote_intro_all',
  'quote_plan_line',
  'quote_plan_line_nights',
  'quote_night_item',
  'quote_plan_refused',
  'quote_all_refused',
  'quote_sold_out',
  'quote_room_line',
  'quote_price_item',
  'quote_room_refused',
  'quote_room_sold_out',
  'offers_intro',
  'offer_line',
  'no_offers',
  'services_intro',
  'service_line',
  'vip_intro',
  'vip_line',
  'points_rules',
  'events_rules',
  'policy_rules',
  'policy_deadline_hours',
  'policy_deadline_check_in',
  'availability_intro',
  'availability_line',
  'availability_none',
  'booking_start',
  'ask_room_type',
  'ask_room_type_stay',
  'ask_check_in',
  'ask_check_out',
  'ask_guests',
  'ask_bed_type',
  'ask_smoking',
  'ask_full_name',
  'ask_phone',
  'ask_id',
  'summary',
  'booked',
  'booked_account',
  'cancelled',
  'nothing_to_cancel',
  'sold_out',
  'alternatives',
  'alternatives_stay',
  'no_alternatives',
  'bed_unavailable',
  'smoking_unavailable',
  'confirm_or_change',
  'room_choice',
  'list_comma',
  'list_comma_and',
  'list_and',
  'list_or',
  'points_earned_item',
  'points_cost_item',
  'points_rules_earn_only',
  'points_room_first',
  'prices_intro_each',
  'room_price_line_base',
  'room_price_line_plain_base',
  'points_room_own',
  'extra_guest_note',
  'extra_guest_note_room',
  'prices_intro_guests',
  'room_price_line_guests',
  'room_price_line_too_many',
  'summary_other_rates',
  'plan_not_for_room',
  'booked_pay',
  'booked_pay_confirms',
  'front_desk_offer',
  'front_desk_booking_kept',
] as const;
export type AssistantTextKey = (typeof ASSISTANT_TEXT_KEYS)[number];

export function assistantText(language: Language, key: AssistantTextKey, values?: MessageValues): string {
  return text(language, `assistant.${key}`, values);
}

/**
 * What the assistant says when an answer could not be read (or was refused), by step:
 * what it expects, with an example, in a few wordings (`assistant.retry.<step>.0`, `.1`...),
 * so that the same question is never asked word for word twice in a row. Used in turn.
 */
export const ASSISTANT_RETRY_KEYS = [
  'room_type',
  'one_room',
  'check_in',
  'check_out',
  'guests',
  'bed_type',
  'smoking',
  'full_name',
  'phone',
  'id_number',
  'confirm',
] as const;
export type AssistantRetryKey = (typeof ASSISTANT_RETRY_KEYS)[number];

export function assistantRetries(
  language: Language,
  key: AssistantRetryKey,
  values?: MessageValues,
): string[] {
  const wordings: string[] = [];
  while (hasText(language, `assistant.retry.${key}.${wordings.length}`)) {
    wordings.push(text(language, `assistant.retry.${key}.${wordings.length}`, values));
  }
  return wordings;
}

const byLanguage = <K extends string>(keys: readonly K[], id: (key: K) => string) =>
  Object.fromEntries(
    (['ar', 'en'] as const).map((language) => [
      language,
      Object.fromEntries(keys.map((key) => [key, text(language, id(key))])) as Record<K, string>,
    ]),
  ) as Record<Language, Record<K, string>>;

export const BED_NAME: Record<Language, Record<BedType, string>> = byLanguage(BED_TYPES, (t) => `bed.${t}`);
export const SMOKING_NAME: Record<Language, Record<SmokingType, string>> = byLanguage(
  SMOKING_TYPES,
  (p) => `smoking.${p}`,
);

/**
 * A room type as sentences name it: its code and its own names (a row of the catalogue's room
 * types, `nameAr` / `nameEn`). A bare code is a type whose row is not at hand (or is gone).
 */
export type RoomTypeNames = { code: string; nameAr: string; nameEn: string };

const codeOf = (type: RoomTypeNames | string) => (typeof type === 'string' ? type : type.code);

/** The catalogue's own word for a type (`room_tier.<code>`: "Gold" / "الذهبية"), or null when it has none. */
function tierWord(language: Language, code: string): string | null {
  const id = `room_tier.${code}`;
  return hasText(language, id) ? text(language, id) : null;
}

/** The type's own name in a language, or its code when its row is not at hand. */
function ownName(language: Language, type: RoomTypeNames | string): string {
  if (typeof type === 'string') return type;
  return (language === 'ar' ? type.nameAr : type.nameEn) || type.code;
}

/**
 * A room type as a sentence names it (points reasons, e-mails, notices, the assistant): "Gold
 * room" / "الغرفة الذهبية" for a type the catalogue has its own word for (said as it always was),
 * else the type's own name ("Family Suite" / "جناح عائلي").
 */
export function roomName(language: Language, type: RoomTypeNames | string): string {
  const word = tierWord(language, codeOf(type));
  return word === null ? ownName(language, type) : text(language, 'email.room_name', { room: word });
}

/** The short form where a list or a label names the type: "Gold" / "الذهبية", else its own name. */
export function roomShortName(language: Language, type: RoomTypeNames | string): string {
  return tierWord(language, codeOf(type)) ?? ownName(language, type);
}

/**
 * The room types the catalogue has its own words for (`room_tier.<code>`): the names a sentence
 * or the assistant knows a type by before (or without) its row; codes, never a list in code.
 */
export function catalogueRoomTypes(): RoomTypeNames[] {
  return Object.keys(catalogues.en.messages)
    .filter((id) => id.startsWith('room_tier.'))
    .map((id) => {
      const code = id.slice('room_tier.'.length);
      return { code, nameAr: text('ar', id), nameEn: text('en', id) };
    });
}

/** The catalogue's words of every type it has words for, as SQL `when` branches (`phrase`: roomName's form). */
function tierCases(language: Language, phrase: boolean): SQL[] {
  return Object.keys(catalogues[language].messages)
    .filter((id) => id.startsWith('room_tier.'))
    .map((id) => {
      const code = id.slice('room_tier.'.length);
      const words = phrase ? roomName(language, code) : text(language, id);
      return sql`when ${literal(code)} then ${literal(words)}`;
    });
}

/**
 * The type's own name in SQL: its row's name in `rooms` (the catalogue's table of types), else
 * the code. `column` names its table ("booking_submissions.room_type"): a bare `room_type` would
 * be read as the room types' own column inside the lookup.
 */
const ownNameSql = (column: SQL, language: Language) =>
  sql`coalesce((select nullif(named.${sql.raw(language === 'ar' ? 'name_ar' : 'name')}, '') from rooms as named where named.room_type = ${column}), ${column})`;

/**
 * The title of the guest's notification for each status a booking can reach: its own words, not
 * the staff's banners (a completed stay is thanked, not told its request was confirmed).
 */
export const BOOKING_STATUS_NOTICE: Partial<Record<BookingStatus, { en: string; ar: string }>> =
  Object.fromEntries(
    BOOKING_STATUSES.filter((status) => hasText('en', `booking_notice.${status}`)).map((status) => [
      status,
      { en: text('en', `booking_notice.${status}`), ar: text('ar', `booking_notice.${status}`) },
    ]),
  );

/**
 * A constant string written into the SQL itself, quoted: the texts below are the catalogue's and
 * Intl's, never a request's, and as bound parameters they would outnumber D1's 100 per statement.
 */
const literal = (value: string) => sql.raw(`'${value.replaceAll("'", "''")}'`);

/** A calendar date (YYYY-MM-DD) as a sentence shows it: "5 Jan 2027" / "٥ يناير ٢٠٢٧" (platform/format.ts). */
export function stayDate(isoDate: string, language: Language): string {
  return formatDate(isoDate, language, 'short');
}

/**
 * `stayDate` in SQL, for notices an `INSERT … SELECT` writes for many rows: the day without its
 * leading zero, the month's name as Intl spells it here (read once per month, so both agree;
 * worker/src/messages.test.ts compares them day by day), the year; Arabic-Indic digits in Arabic.
 */
export function stayDateSql(column: SQL, language: Language): SQL {
  const parts = (month: number) =>
    dateFormat('short', language).formatToParts(new Date(Date.UTC(2001, month, 1)));
  const cases = sql.join(
    Array.from({ length: 12 }, (_, month) => {
      const name = parts(month).find((p) => p.type === 'month')!.value;
      return sql`when ${literal(String(month + 1).padStart(2, '0'))} then ${literal(name)}`;
    }),
    sql` `,
  );
  const order = parts(0)
    .filter((p) => p.type !== 'literal')
    .map((p) => p.type);
  const digits = (value: SQL) => {
    if (language !== 'ar') return value;
    let out = value;
    for (const latin of '0123456789')
      out = sql`replace(${out}, ${literal(latin)}, ${literal(toArabicIndicDigits(latin))})`;
    return out;
  };
  const piece: Record<string, SQL> = {
    day: digits(sql`cast(cast(substr(${column}, 9, 2) as integer) as text)`),
    month: sql`(case substr(${column}, 6, 2) ${cases} end)`,
    year: digits(sql`substr(${column}, 1, 4)`),
  };
  return sql.join(
    order.map((type) => piece[type]!),
    sql` || ' ' || `,
  );
}

/**
 * What a guest's notice about a booking says of it: "Gold room, 5 Jan 2027 – 7 Jan 2027" /
 * "الغرفة الذهبية، ٥ يناير ٢٠٢٧ – ٧ يناير ٢٠٢٧", and the staff's reason after it when they gave one.
 */
export function bookingDetails(
  language: Language,
  stay: { roomType: string; checkInDate: string; checkOutDate: string; roomNames?: RoomTypeNames },
  reason?: string | null,
): string {
  const details = text(language, 'booking_notice.details', {
    room: roomName(language, stay.roomNames ?? stay.roomType),
    checkIn: stayDate(stay.checkInDate, language),
    checkOut: stayDate(stay.checkOutDate, language),
  });
  return reason ? text(language, 'booking_notice.details_reason', { details, reason }) : details;
}

/**
 * `bookingDetails` as SQL, for a notice a statement writes: the room type named by its row, read
 * by the statement itself (no round trip), the dates and the staff's reason as `bookingDetails`.
 */
export function bookingDetailsSql(
  language: Language,
  stay: { roomType: string; checkInDate: string; checkOutDate: string },
  reason?: string | null,
): SQL {
  const details = sqlText(
    language,
    'booking_notice.details',
    { room: roomNameSql(sql`${stay.roomType}`, language) },
    { checkIn: stayDate(stay.checkInDate, language), checkOut: stayDate(stay.checkOutDate, language) },
  );
  return reason ? sqlText(language, 'booking_notice.details_reason', { details }, { reason }) : details;
}

/**
 * `roomShortName` in SQL, for notices written by SQL: the catalogue's word, else the type's own
 * name. `column`: the code, its table named ("booking_submissions.room_type"), or a value.
 */
export function roomTierSql(column: SQL, language: Language): SQL {
  return namesSql(column, language, false);
}

/**
 * `roomName` in SQL ("Gold room" / "الغرفة الذهبية", else the type's own name), for notices
 * written by SQL. `column`: the code, its table named ("booking_submissions.room_type"), or a value.
 */
export function roomNameSql(column: SQL, language: Language): SQL {
  return namesSql(column, language, true);
}

function namesSql(column: SQL, language: Language, phrase: boolean): SQL {
  const cases = tierCases(language, phrase);
  const own = ownNameSql(column, language);
  return cases.length === 0 ? own : sql`(case ${column} ${sql.join(cases, sql` `)} else ${own} end)`;
}

type DecisionText = { title: string; titleAr: string; message: string; messageAr: string };
const decisionText = (entry: string, decision: string): DecisionText => {
  const id = `entry_decision.${entry}.${decision}`;
  return {
    title: text('en', `${id}.title`),
    titleAr: text('ar', `${id}.title`),
    message: text('en', `${id}.message`),
    messageAr: text('ar', `${id}.message`),
  };
};

/** The participant's notification when staff decide an entry (admin spec "Event moderation"). */
export const ENTRY_DECISION_TEXT = {
  photography: {
    approved: decisionText('photography', 'approved'),
    rejected: decisionText('photography', 'rejected'),
  },
  google_review: {
    approved: decisionText('google_review', 'approved'),
    rejected: decisionText('google_review', 'rejected'),
  },
} as const;
