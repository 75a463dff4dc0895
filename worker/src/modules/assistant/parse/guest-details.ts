import { toLatinDigits } from '@shared/digits';
import { normalizeText } from '@shared/text-normalize';
import { yesNo } from './intent';
import type { ParseStep } from './reading';

// The guest's details: a name, a phone number and an ID or passport number, with their labels
// ("رقم الهاتف ...", "اسمي ...", "my name is ...", "passport: ...") or where the step asks for them.

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

export type Word = { raw: string; key: string };

/** The words of an answer as typed, each with its normalised form ("I'm" → "im", "الاسم:" → "الاسم"). */
export function wordsOf(text: string): Word[] {
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
export function labelled(text: string, step: ParseStep) {
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

export const joinRaw = (words: Word[]) =>
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
export function asName(words: Word[]): string | null {
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
export function asId(words: Word[]): string | null {
  const joined = toLatinDigits(joinRaw(words));
  const token = joined.split(/\s+/).find((w) => /\d/.test(w) && /^[A-Za-z0-9-]+$/.test(w));
  if (token) return token;
  // "123 456 789": one number written in groups.
  return /^[\d\s-]+$/.test(joined) && /\d/.test(joined) ? joined.replace(/[\s-]+/g, '') : null;
}
