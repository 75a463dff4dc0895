import { MAX_STAY_NIGHTS } from '@shared/constants';
import { hotelToday } from '@shared/dates';
import { toLatinDigits } from '@shared/digits';
import { normalizeText } from '@shared/text-normalize';
import { bareDay, findDates, findNights } from './parse/dates';
import { asId, asName, findPhone, joinRaw, labelled, wordsOf } from './parse/guest-details';
import { findGuests, findRooms } from './parse/guests';
import { looksLikeQuestion, yesNo } from './parse/intent';
import { bareCount } from './parse/numbers';
import type { ParseStep, Reading } from './parse/reading';
import { findBedType, findRoomType, findSmoking } from './parse/room';
import type { RoomWords } from './parse/room';

/**
 * What a guest's answer says, in everyday Arabic (Gulf, Levantine and Egyptian forms)
 * or English: "a gold room from 10 to 12 March for 2", "غرفة ذهبية من ١٠ إلى ١٢ مارس
 * لشخصين", "ليلتان", "رقم الهاتف ٩١٢٧٧٩٥٤", "اسمي سالم الحارثي". Pure: no database,
 * no clock (today is passed in). Only finds candidates; every value is then checked
 * with the booking form's zod schemas (modules/assistant/chat-booking.ts). The corpus of everyday
 * answers beside this file (chat-parse.corpus.ts) says what each one must read as.
 *
 * One file per thing an answer can say, in ./parse/: dates.ts (dates and the length of stay),
 * guests.ts (guests and rooms), room.ts (room type, bed, smoking), guest-details.ts (name, phone,
 * ID), intent.ts (yes or no, book, cancel, change, a question, a person to talk to), numbers.ts (the counts they share,
 * Arabic number words by a small rule table: no library in the stack reads them, decision 030).
 * This file puts them together for one answer (readAnswer) and is the parser's only entry.
 */

export type { ParseStep, Reading } from './parse/reading';
// What the rest of the assistant uses besides readAnswer.
export { findDates, findNights } from './parse/dates';
export { findChildren, findGuests } from './parse/guests';
export { fieldsToChange, isBookingRequest, isCancel, looksLikeQuestion, wantsPerson } from './parse/intent';
export { findRoomType, type RoomWords } from './parse/room';
export { findRatePlan, type PlanWords } from './parse/rate-plan';

/**
 * Everything one answer says, for the step the conversation is at. A name, phone or ID
 * is read where it is asked for, or anywhere with its label ("اسمي ...", "phone: ...");
 * a yes or no on its own is only ever an answer, never a name. Room types are the hotel's
 * (`types`, its table's rows; by default those the message catalogue has words for).
 */
export function readAnswer(
  text: string,
  step: ParseStep = 'start',
  today = hotelToday(),
  types?: readonly RoomWords[],
): Reading {
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

  const room = findRoomType(remaining, types);
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
