import { normalizeText } from '@shared/text-normalize';

// What the guest wants besides the booking's values: a yes or no, to book, to cancel, to change a
// field given before, or to ask a question.

const POLITE = / (please|thanks|thank you|من فضلك|لو سمحت|شكرا|الله يعطيك العافيه)$/;
const YES =
  /^(yes|y|yeah|yea|yep|yup|sure|of course|ok|okay|k|fine|correct|right|confirm|confirmed|please do|go ahead|do it|yes confirm|yes please|نعم|ايوه|ايوا|ايه|اي|اي نعم|اكيد|تمام|موافق|اكد|تاكيد|اوكي|اوك|طيب|ماشي|زين|صح|صحيح|يب|بلي|نعم اكد|اكد الحجز|نعم اكد الحجز|نعم تمام|تمام اكد)$/;
const NO = /^(no|n|nope|nah|not really|no thanks|لا|لاء|كلا|لا شكرا|مو|ما ابي|لا ابي)$/;

export function yesNo(text: string): 'yes' | 'no' | null {
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

// "I want to speak to a person": someone of the hotel, not the assistant. Read over the folded
// text (normalizeText: alef, teh marbuta and alef maqsura folded, punctuation gone), word by word,
// so that "لشخصين" (for two) or "الاحد" (Sunday) never read as a person.
/** Who the guest may ask for by name of role: never a room or a booking. */
const STAFF_EN =
  /\b(humans?|real person|actual person|live (person|agent|chat)|agents?|operators?|representatives?|receptionists?|reception|front ?desk|staff|employees?|member of staff|customer (service|support|care)|manager)\b/;
/** Anyone at all: a person only when the guest asks to talk to them ("talk to someone"). */
const ANYONE_EN = /\b(someone|somebody|anyone|a person|person|people)\b/;
const TALK_EN = /\b(speak|talk|chat|contact|connect|transfer|put me through|reach|get hold of|call)\b/;
const WANT_EN = /\b(want|need|like|give me|get me|can i have|may i have)\b/;
const ONLY_PERSON_EN =
  /^(a |the |to |an )?(real |live |actual )?(human|person|agent|operator|representative|receptionist|reception|front desk|staff|customer service)( please)?$/;
const NOT_BOT_EN =
  /\b(not|no more|stop) (a |the |this |talking to (a |the )?)?(ro)?bots?\b|\bare you (a )?(real|human|ro ?bot|bot)\b/;

/** Folded Arabic words that name a member of the hotel's staff (or a person, not the assistant). */
const PERSON_AR = new Set([
  'موظف',
  'موظفه',
  'الموظف',
  'الموظفه',
  'لموظف',
  'للموظف',
  'بموظف',
  'موظفين',
  'الموظفين',
  'شخص',
  'الشخص',
  'بشخص',
  'احد',
  'حد',
  'انسان',
  'بانسان',
  'بشري',
  'بشر',
  'الاستقبال',
  'للاستقبال',
  'بالاستقبال',
  'استقبال',
  'الريسبشن',
  'الرسبشن',
  'ريسبشن',
  'رسبشن',
  'ممثل',
  'مسوول',
  'المسوول',
  'المدير',
  'بالمدير',
]);
/** Folded Arabic words of talking, reaching or being put through. */
const TALK_AR =
  /^(ا|ي|ت|ن)?(تحدث|تكلم|كلم|تواصل|اتصل|تحويل|حولني|حولوني|وصلني|وصلوني|خاطب|التحدث|التكلم|التواصل|الاتصال|المحادثه|محادثه)(ني|وني|ه|ها|كم)?$/;
const WANT_AR = /^(اريد|ابي|ابغي|ابغا|ودي|بدي|عايز|عاوز|احتاج|محتاج|ممكن)$/;
/** Whole messages that are only a person to talk to ("موظف الاستقبال", "خدمة العملاء"). */
const ONLY_PERSON_AR =
  /^(ال)?(موظف|موظفه|انسان|شخص حقيقي|انسان حقيقي|بشري|استقبال|ريسبشن|رسبشن|مكتب الاستقبال|موظف استقبال|موظف الاستقبال|خدمه العملاء|ممثل خدمه العملاء)( لو سمحت| من فضلك)?$/;

/**
 * The guest asks for a person: a member of staff, the front desk, "a human", in either language
 * ("I want to speak to a person", "human", "agent", "reception", "أريد التحدث مع موظف", "كلمني
 * شخص", "موظف الاستقبال", "ابي اكلم احد", "حولني للاستقبال"). The assistant then offers the chat
 * with the front desk (the booking page's and the assistant's handover, decision 088).
 */
export function wantsPerson(text: string): boolean {
  const t = normalizeText(text);
  if (!t) return false;
  if (ONLY_PERSON_EN.test(t) || NOT_BOT_EN.test(t)) return true;
  if (TALK_EN.test(t) && (STAFF_EN.test(t) || ANYONE_EN.test(t))) return true;
  // "I need a human"; but a room for a person is a booking ("a room for one person").
  const booking = /\b(book|booking|reserve|reservation|room|rooms|night|nights|bed)\b/.test(t);
  if (!booking && WANT_EN.test(t) && STAFF_EN.test(t)) return true;
  if (ONLY_PERSON_AR.test(t)) return true;
  const words = t.split(' ');
  const person = words.some((w) => PERSON_AR.has(w)) || /خدمه العملاء|شخص حقيقي|انسان حقيقي/.test(t);
  if (!person) return false;
  if (words.some((w) => TALK_AR.test(w))) return true;
  // "أريد موظف", "ابي انسان": a wish for a person, not for a room ("ابي غرفه لشخص").
  const roomWords = /غرفه|غرف|حجز|احجز|ليله|ليالي|سرير/.test(t);
  const named = words.filter(
    (w) => PERSON_AR.has(w) && w !== 'احد' && w !== 'حد' && w !== 'شخص' && w !== 'الشخص',
  );
  return !roomWords && named.length > 0 && words.some((w) => WANT_AR.test(w));
}
