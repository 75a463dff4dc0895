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
