import { MAX_STAY_NIGHTS } from '@shared/constants';
import { addDays } from '@shared/dates';
import { toLatinDigits } from '@shared/digits';
import { isCalendarDate } from '@shared/date-schemas';
import { nightsBetween } from '@shared/money';
import { occupancyRefusal, type RoomTypeView } from '@shared/room-type-schemas';
import { assistantRetries, assistantText, roomName, translate } from '../../platform/messages';
import type { Lang } from './assistant-facts';
import { fieldsToChange, findChildren, findRatePlan, looksLikeQuestion, type Reading } from './chat-parse';
import {
  check,
  draftGuests,
  planNameOf,
  planWords,
  type BookingDraft,
  type BookingStep,
  type Field,
  type Pricing,
} from './chat-booking-draft';

/**
 * One message of the booking conversation (chat-booking.ts) read into its draft: the values it
 * says, each through the booking form's schema, then the draft judged as a whole (the guests
 * within the room type's limits, a plan that sells the room type, the stay's dates). What is
 * refused is said (`problems`, in the guest's language) and taken out of the draft, to be asked
 * again. Availability is judged after, by the conversation.
 */

/** A type's row by code (its code alone when the hotel has none: a type since removed). */
export const roomOf = (rooms: Pricing['rooms'], code: string) => rooms?.find((r) => r.code === code) ?? code;

/** Where the message is read: the conversation's step (or its start), its language and the hotel's. */
export type AnswerContext = Pick<Pricing, 'plans'> & {
  lang: Lang;
  rooms: RoomTypeView[];
  today: string;
  step: BookingStep;
  starting: boolean;
};

export type TakenAnswer = {
  problems: string[];
  /** Values taken from the answer into the draft. */
  accepted: number;
  /** Nights said before a check-in date: kept in the draft until one is given. */
  keptNights: boolean;
  /** The fields the guest asked to change (taken out of the draft). */
  changing: Field[];
};

/** The message (`reading`: what it says) taken into `data`, which it changes in place. */
export function takeAnswer(
  a: AnswerContext,
  message: string,
  reading: Reading,
  data: BookingDraft,
): TakenAnswer {
  const problems: string[] = [];
  const changing = fieldsToChange(message);
  for (const field of changing) delete data[field];
  const { found, keptNights } = valuesSaid(a, message, reading, data);
  if (!a.starting && a.step === 'phone' && !found.phoneNumber && /\d/.test(toLatinDigits(message))) {
    problems.push(translate('phone_invalid', a.lang));
  }
  if (reading.rooms !== undefined && reading.rooms > 1)
    problems.push(assistantRetries(a.lang, 'one_room')[0]!);
  let accepted = checkValues(a, message, found, data, problems);
  if (judgeDraft(a, data, problems) && found.numberOfGuests !== undefined) accepted--;
  return { problems, accepted, keptNights, changing };
}

/** What the answer says, field by field, not yet checked. */
function valuesSaid(a: AnswerContext, message: string, reading: Reading, data: BookingDraft) {
  const found: BookingDraft = {};
  if (reading.roomType) found.roomType = reading.roomType;
  Object.assign(found, datesSaid(a, reading, data));
  const checkIn = found.checkInDate ?? data.checkInDate;
  const nights = reading.nights ?? data.stayNights;
  let keptNights = false;
  if (
    nights !== undefined &&
    checkIn &&
    !found.checkOutDate &&
    (reading.nights !== undefined || !data.checkOutDate)
  ) {
    found.checkOutDate = addDays(checkIn, nights);
  } else if (reading.nights !== undefined && !checkIn && reading.nights <= MAX_STAY_NIGHTS) {
    // Kept until the check-in date is given.
    data.stayNights = reading.nights;
    keptNights = true;
  }
  if (reading.guests !== undefined) found.numberOfGuests = reading.guests;
  if (reading.bedType) found.bedType = reading.bedType;
  if (reading.smoking) found.smokingPreference = reading.smoking;
  if (reading.fullName !== undefined) found.fullName = reading.fullName;
  if (reading.phoneNumber !== undefined) found.phoneNumber = reading.phoneNumber;
  if (reading.idNumber !== undefined) found.idNumber = reading.idNumber;
  // Where the ID is asked, an answer that is not one still goes to the schema, which says why.
  if (!a.starting && a.step === 'id_number' && Object.keys(found).length === 0 && !reading.answer) {
    if (!looksLikeQuestion(message) && message.trim()) found.idNumber = message.trim();
  }
  return { found, keptNights };
}

/**
 * The dates the answer says: both, or one (the check-in or the check-out, by the step and the
 * draft), or at the dates' steps a day of the month alone.
 */
function datesSaid({ step, today }: AnswerContext, reading: Reading, data: BookingDraft): BookingDraft {
  const found: BookingDraft = {};
  const dates = reading.dates ?? [];
  if (dates.length >= 2) {
    found.checkInDate = dates[0];
    found.checkOutDate = dates[1];
  } else if (dates.length === 1) {
    if (step === 'check_out' || (data.checkInDate && !data.checkOutDate && step !== 'check_in')) {
      found.checkOutDate = dates[0];
    } else if (!data.checkInDate || step === 'check_in') found.checkInDate = dates[0];
  } else if ((step === 'check_in' || step === 'check_out') && reading.day !== undefined) {
    // "12" alone: the day of the month being talked about (the check-in's, or this one).
    const base = step === 'check_out' && data.checkInDate ? data.checkInDate : today;
    let candidate = `${base.slice(0, 8)}${String(reading.day).padStart(2, '0')}`;
    if (candidate <= base && step === 'check_out') candidate = addMonth(candidate);
    if (candidate < today) candidate = addMonth(candidate);
    if (step === 'check_in') found.checkInDate = candidate;
    else found.checkOutDate = candidate;
  }
  return found;
}

/**
 * Each value found through the booking form's schema (refused: said), the rate plan named, and
 * children said with the guests. Answers how many values were taken into the draft.
 */
function checkValues(
  a: AnswerContext,
  message: string,
  found: BookingDraft,
  data: BookingDraft,
  problems: string[],
): number {
  let accepted = 0;
  for (const field of Object.keys(found) as Field[]) {
    const result = check(field, found[field]);
    if (result.ok) {
      (data as Record<string, unknown>)[field] = result.value;
      accepted++;
    } else problems.push(translate(result.code, a.lang));
  }
  // The rate the guest names (any plan the booking form offers; standard until one is named).
  // Not read where a name, phone or ID is being given.
  const readsPlan = a.starting || !['full_name', 'phone', 'id_number'].includes(a.step);
  const planSaid = readsPlan ? findRatePlan(message, planWords(a)) : null;
  if (planSaid && planSaid !== data.ratePlan) {
    data.ratePlan = planSaid;
    accepted++;
  }
  // Children said with the guests ("2 adults and 3 children"); guests said again without: adults.
  if (found.numberOfGuests !== undefined && data.numberOfGuests === found.numberOfGuests)
    data.children = findChildren(message) ?? 0;
  if (data.numberOfGuests === undefined) delete data.children;
  return accepted;
}

/**
 * The draft as a whole; what fails is said and taken out, to be asked again. Answers whether the
 * guests were taken out (over the room type's limits).
 */
function judgeDraft(a: AnswerContext, data: BookingDraft, problems: string[]): boolean {
  const { lang, today } = a;
  let guestsRefused = false;
  // The guests within the room type's limits (its own, from its row): else said, and asked again.
  const room = data.roomType ? a.rooms.find((r) => r.code === data.roomType) : undefined;
  const guests = draftGuests(data);
  if (room && guests && occupancyRefusal(room, guests.adults, guests.children)) {
    problems.push(translate('over_occupancy', lang));
    delete data.numberOfGuests;
    delete data.children;
    guestsRefused = true;
  }
  // The plan sells the room type (else said, and the stay is on plan standard again).
  const plan = data.ratePlan ? planWords(a).find((p) => p.code === data.ratePlan) : undefined;
  if (data.ratePlan && (!plan || (data.roomType && !plan.roomTypes.includes(data.roomType)))) {
    problems.push(
      assistantText(lang, 'plan_not_for_room', {
        plan: planNameOf(a, data.ratePlan, lang),
        room: data.roomType ? roomName(lang, roomOf(a.rooms, data.roomType)) : '',
      }),
    );
    delete data.ratePlan;
  }
  // The stay as a whole: not before today, check-out after check-in, at most 30 nights.
  if (data.checkInDate && isCalendarDate(data.checkInDate) && data.checkInDate < today) {
    problems.push(translate('check_in_past', lang));
    delete data.checkInDate;
  }
  if (data.checkInDate && data.checkOutDate) {
    const n = nightsBetween(data.checkInDate, data.checkOutDate);
    if (n < 1 || n > MAX_STAY_NIGHTS) {
      problems.push(translate(n < 1 ? 'check_out_after_check_in' : 'stay_too_long', lang));
      delete data.checkOutDate;
    }
  }
  return guestsRefused;
}

function addMonth(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const month = m === 12 ? 1 : m + 1;
  const year = m === 12 ? y + 1 : y;
  return `${year}-${String(month).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}
