import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';

/*
 * The Arabic of the three catalogues (the web's, the worker's and the shared error codes'), read
 * for the faults a walk through the app in Arabic found, each as a class, so that the next message
 * written the same way fails here rather than on a screen:
 *
 * - a stop after money: the currency's words end with their own ("١٢٫٦٠٠ ر.ع."), so a sentence
 *   that ends on an amount reads "ر.ع.." when the translation adds one;
 * - a count written by hand: a number beside its noun outside an ICU plural ("{minimum} أحرف"
 *   reads "١٢ أحرف", where Arabic says "١٢ حرفاً"), and a number written into the text with the
 *   noun's wrong form for it (CLDR's categories: 3-10 the plural, 11-99 the singular accusative,
 *   100, 1000 ... the singular);
 * - a reader's gender assumed: "كتبتَ" (a fatha or kasra marking who reads), "أنت غير متصل",
 *   "إذا لم تكن أنت": the guest or the member of staff may be a woman or a man;
 * - a middle dot between a sentence's parts: beside Arabic-Indic digits "·" reads as a zero ("٠"),
 *   so the parts are joined with the Arabic comma;
 * - the waiter's check and the tax invoice in one word: "فاتورة" is an invoice (or a bill), an
 *   outlet's check is "طلب" (decision 097), and the folio is "الحساب".
 *
 * Latin digits in Arabic text are arabic-digits.test.ts's; react-aria's own "حدد عنصرًا" is
 * components/ui/select.test.tsx's.
 */

const raw = import.meta.glob<string>(
  ['../locales/*.po', '../../../worker/src/locales/*.po', '../../../shared/src/locales/*.po'],
  { query: '?raw', import: 'default', eager: true },
);

type Entry = {
  catalogue: 'web' | 'worker' | 'shared';
  context: string | null;
  id: string;
  arabic: string;
  english: string;
  /** The placeholders' expressions, as Lingui's extraction notes them (the web's only). */
  expressions: Record<string, string>;
};

const unquote = (s: string) => JSON.parse(`"${s}"`) as string;

/** A .po file's entries: context, id, text and the extraction's placeholder notes. */
function readPo(text: string) {
  const entries: { context: string | null; id: string; text: string; expressions: Record<string, string> }[] =
    [];
  for (const block of text.split(/\n\s*\n/)) {
    let context: string | null = null;
    let id = '';
    let value = '';
    let field: 'context' | 'id' | 'text' | null = null;
    const expressions: Record<string, string> = {};
    for (const line of block.split('\n')) {
      const note = /^#\. placeholder \{(\w+)\}: (.*)$/.exec(line);
      if (note) expressions[note[1]!] = `${expressions[note[1]!] ?? ''} ${note[2]!}`;
      const start = /^(msgctxt|msgid|msgstr) "(.*)"$/.exec(line);
      const more = /^"(.*)"$/.exec(line);
      if (start) {
        field = start[1] === 'msgctxt' ? 'context' : start[1] === 'msgid' ? 'id' : 'text';
        const part = unquote(start[2]!);
        if (field === 'context') context = part;
        else if (field === 'id') id = part;
        else value = part;
      } else if (more && field) {
        const part = unquote(more[1]!);
        if (field === 'context') context = (context ?? '') + part;
        else if (field === 'id') id += part;
        else value += part;
      }
    }
    if (id) entries.push({ context, id, text: value, expressions });
  }
  return entries;
}

function catalogue(name: Entry['catalogue'], dir: string): Entry[] {
  const file = (language: string) => {
    const text = raw[`${dir}/${language}.po`];
    if (text === undefined) throw new Error(`no catalogue ${dir}/${language}.po`);
    return readPo(text);
  };
  const key = (e: { context: string | null; id: string }) => `${e.context ?? ''}\u0004${e.id}`;
  const english = new Map(file('en').map((e) => [key(e), e.text || e.id]));
  return file('ar')
    .filter((e) => e.text !== '')
    .map((e) => ({
      catalogue: name,
      context: e.context,
      id: e.id,
      arabic: e.text,
      // The web's ids are its English; the worker's and shared's are codes.
      english: name === 'web' ? e.id : (english.get(key(e)) ?? ''),
      expressions: e.expressions,
    }));
}

const ENTRIES = [
  ...catalogue('web', '../locales'),
  ...catalogue('worker', '../../../worker/src/locales'),
  ...catalogue('shared', '../../../shared/src/locales'),
];

type Part = string | [string, string?, Record<string, Part[] | string>?];

/** A compiled message or branch as a list of parts (a branch of plain text is a string). */
const asParts = (compiled: Part[] | string): Part[] => (typeof compiled === 'string' ? [compiled] : compiled);

/** A plural's or select's branches (compiled with an `offset` beside them). */
const branches = (part: Part): Part[][] =>
  Array.isArray(part) && typeof part[2] === 'object'
    ? Object.entries(part[2])
        .filter(([key, branch]) => key !== 'offset' && branch != null)
        .map(([, branch]) => asParts(branch))
    : [];

/** The message's parts (text and placeholders) and, apart, each plural's or select's branches. */
function sequences(message: string): Part[][] {
  const found: Part[][] = [];
  const walk = (parts: Part[]) => {
    found.push(parts);
    for (const part of parts) for (const branch of branches(part)) walk(branch);
  };
  walk(asParts(compileMessage(message) as Part[] | string));
  return found;
}

const where = (e: Entry) => `${e.catalogue}: ${e.context ? `[${e.context}] ` : ''}${e.id} => ${e.arabic}`;

// ---- A stop after money

const MONEY_NAME =
  /^(amount|price|total|newTotal|expected|balance|least|due|owed|deposit|refund|fee)(Text)?$/i;
const MONEY_CODE = /formatPrice|formatOmr|formatMoney|formatAmount|formatRials/;

/**
 * The names the code gives money it has formatted (`const toCome = formatPrice(...)`, `{ amount:
 * formatMoney(...) }`): a placeholder of that name in a message is an amount.
 */
const code = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '../../../worker/src/**/*.ts', '!**/*.test.{ts,tsx}', '!**/*.d.ts', '!**/locales/**'],
  { query: '?raw', import: 'default', eager: true },
);
const MONEY_VARIABLES = new Set(
  Object.values(code).flatMap((text) =>
    [...text.matchAll(/\b(\w+)\s*[:=]\s*(?:formatPrice|formatOmr|formatMoney|formatAmount)\(/g)].map(
      (m) => m[1]!,
    ),
  ),
);

function isMoney(e: Entry, name: string) {
  return MONEY_NAME.test(name) || MONEY_VARIABLES.has(name) || MONEY_CODE.test(e.expressions[name] ?? '');
}

function stopsAfterMoney(e: Entry): boolean {
  return sequences(e.arabic).some((parts) =>
    parts.some((part, i) => {
      if (!Array.isArray(part) || part[2] || !isMoney(e, part[0])) return false;
      const next = parts[i + 1];
      return typeof next === 'string' && /^(<\/\d+>)*\s*\./.test(next);
    }),
  );
}

// ---- Counts written by hand

/** A counted noun's forms: the singular, the plural (3-10) and the singular accusative (11-99). */
const NOUNS: [singular: string, plural: string, accusative: string][] = [
  ['حرف', 'أحرف', 'حرفاً'],
  ['يوم', 'أيام', 'يوماً'],
  ['ليلة', 'ليالٍ', 'ليلة'],
  ['ساعة', 'ساعات', 'ساعة'],
  ['دقيقة', 'دقائق', 'دقيقة'],
  ['ثانية', 'ثوانٍ', 'ثانية'],
  ['غرفة', 'غرف', 'غرفة'],
  ['صورة', 'صور', 'صورة'],
  ['مرة', 'مرات', 'مرة'],
  ['رقم', 'أرقام', 'رقماً'],
  ['نقطة', 'نقاط', 'نقطة'],
  ['ضيف', 'ضيوف', 'ضيفاً'],
  ['نزيل', 'نزلاء', 'نزيلاً'],
  ['طلب', 'طلبات', 'طلباً'],
  ['مشاركة', 'مشاركات', 'مشاركة'],
  ['شهر', 'أشهر', 'شهراً'],
  ['سنة', 'سنوات', 'سنة'],
  ['أسبوع', 'أسابيع', 'أسبوعاً'],
  ['صنف', 'أصناف', 'صنفاً'],
  ['إقامة', 'إقامات', 'إقامة'],
];
/** Letters without their marks and the alef seat of a tanween, for comparing forms. */
const bare = (word: string) => word.replace(/[\u064B-\u0652]/g, '').replace(/ا$/, '');
const NOUN_OF = new Map<string, { form: 'singular' | 'plural'; noun: string }>();
for (const [singular, pluralForm, accusative] of NOUNS) {
  NOUN_OF.set(bare(singular), { form: 'singular', noun: singular });
  NOUN_OF.set(bare(accusative), { form: 'singular', noun: singular });
  NOUN_OF.set(bare(pluralForm), { form: 'plural', noun: singular });
}
/** Other words said of a count: written beside a placeholder, they are a hand-made plural too. */
const COUNTED_ALSO = [
  'أحرف',
  'حروف',
  'ليالي',
  'ليال',
  'بالغين',
  'بالغون',
  'أطفال',
  'أشخاص',
  'حجوزات',
  'مهام',
];

const firstWord = (text: string) => /^\s*([\u0621-\u0652]+)/.exec(text)?.[1] ?? null;

const NUMERIC_NAME =
  /^(n|count|countText|number|max|min|minimum|maximum|length|limit|left|nights|days|hours|minutes|seconds|points|pointsText|rooms|guests|adults|children|quantity|stays)$|Count$|Days$|Nights$|Points$/;
const NUMERIC_CODE = /formatCount|\bn\(|\bcount\(|\.length\b/;

function isCount(e: Entry, part: Part): boolean {
  if (typeof part === 'string') return part === '#';
  if (part[1] === 'number') return true;
  if (part[1]) return false;
  return NUMERIC_NAME.test(part[0]) || NUMERIC_CODE.test(e.expressions[part[0]] ?? '');
}

/** A counted placeholder beside its noun, outside a plural's branch. */
function handPlural(e: Entry): boolean {
  const top = asParts(compileMessage(e.arabic) as Part[] | string);
  // A select's branches are still one form for every count; a plural's are not checked here.
  const flat: Part[][] = [top];
  for (const part of top) {
    if (Array.isArray(part) && part[1] === 'select') flat.push(...branches(part));
  }
  return flat.some((parts) =>
    parts.some((part, i) => {
      if (!isCount(e, part) || part === '#') return false;
      const next = parts[i + 1];
      const word = typeof next === 'string' ? firstWord(next) : null;
      return word !== null && (NOUN_OF.has(bare(word)) || COUNTED_ALSO.includes(word));
    }),
  );
}

const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const pluralRules = new Intl.PluralRules('ar');

/** A number written into the text with its noun in the wrong form for it ("١٢ أحرف"). */
function wrongForm(e: Entry): string | null {
  for (const parts of sequences(e.arabic)) {
    for (const part of parts) {
      if (typeof part !== 'string') continue;
      for (const m of part.matchAll(/([٠-٩][٠-٩٬]*)\s+([\u0621-\u0652]+)/g)) {
        const n = Number([...m[1]!.replace(/٬/g, '')].map((d) => ARABIC_DIGITS.indexOf(d)).join(''));
        const noun = NOUN_OF.get(bare(m[2]!));
        if (!noun) continue;
        const category = pluralRules.select(n);
        const want =
          category === 'few' ? 'plural' : category === 'many' || category === 'other' ? 'singular' : null;
        if (want && noun.form !== want) return `${m[0]} (${category})`;
      }
    }
  }
  return null;
}

// ---- The reader's gender

const GENDERED = [
  // A fatha or a kasra on the last letter of "you" / "your": كتبتَ، لكَ، كتبتِ، لكِ (not a plural's
  // case ending: الحجوزاتِ).
  /(?<!ا)[تك][\u064E\u0650](?![\u0621-\u0652])/,
  // "You are offline / sure / registered", said to a man.
  /أنت[\u064E\u0650]?\s+(غير\s+)?(متصل|متأكد|مسجّ?ل|مستعد|موافق|قادر|مشترك)(?![ة\u0621-\u064A])/,
  /لم\s+تكن\s+أنت/,
];

// ---- A filter's words in one gender

/**
 * The options shown together as one filter or one set of states (by context and id): each says
 * the same noun's state ("الطلبات المفتوحة / المغلقة", "مدفوعة / مرفوضة"), so they agree in gender.
 */
const FILTERS: [name: string, options: [context: string | null, id: string][]][] = [
  [
    'online payments',
    ['Declined', 'Expired', 'Paid', 'Waiting for the guest'].map((id) => ['online payment state', id]),
  ],
  [
    'provider states',
    ['Declined', 'Expired', 'Not paid yet', 'Paid'].map((id) => ['payment provider state', id]),
  ],
  [
    'work orders',
    [
      ['work order', 'Open'],
      ['work order', 'Closed'],
    ],
  ],
  [
    'lost and found',
    [
      ['lost and found', 'Held'],
      [null, 'Due for disposal'],
      ['lost and found', 'Handed back'],
      ['lost and found', 'Disposed of'],
    ],
  ],
  ['booking list', ['Pending', 'Active', 'Completed', 'Cancelled'].map((id) => ['booking list', id])],
  ['VIP cards', ['Active', 'Expired', 'Not started yet'].map((id) => ['VIP card status', id])],
  ['room status', ['Clean', 'Dirty', 'Inspected', 'Out of order'].map((id) => ['room status', id])],
  [
    'police registration',
    ['To send', 'Incomplete', 'Sent', 'Refused'].map((id) => ['police registration', id]),
  ],
];

/**
 * A state's grammatical gender, by its first word: a participle or a verb ("مدفوعة", "سُلِّمت",
 * "تُخلِّص منها" feminine; "مدفوع", "سُلّم", "تُخلّص منه" masculine); phrases that agree with
 * nothing ("قيد الانتظار", "بانتظار الضيف", "لم يُدفع بعد", "انتهت مدة الاحتفاظ") are neither.
 */
function genderOf(arabic: string): 'f' | 'm' | null {
  const words = arabic.replace(/[\u064B-\u0652]/g, '').split(/\s+/);
  const first = (words[0] ?? '').replace(/^ال/, '');
  const last = words.at(-1) ?? '';
  if (/^(قيد|بانتظار|لم|انتهت|حان|تم|خارج|للإرسال)$/.test(first)) return null;
  if (/ة$/.test(first) || /^منها$/.test(last) || (/^[تسأي]/.test(first) && /ت$/.test(first))) return 'f';
  if (/^منه$/.test(last) || /^م/.test(first) || /^[أسعتي]/.test(first)) return 'm';
  return null;
}

// ---- The check and the invoice

const INVOICE_WORD = /فاتور|فواتير/;

// ---- A middle dot between parts

/** A middle dot (U+00B7, or the dot operator U+22C5) in the Arabic; a list's bullet (•) is not one. */
const middleDot = (e: Entry) => /[\u00B7\u22C5]/.test(e.arabic);
const INVOICE_IN_ENGLISH = /invoice|\bbills?\b|credit/i;

describe('the Arabic catalogues', () => {
  it('are all read, and the names of money in the code known', () => {
    expect(MONEY_VARIABLES.has('toCome')).toBe(true);
    expect(ENTRIES.filter((e) => e.catalogue === 'web').length).toBeGreaterThan(3000);
    expect(ENTRIES.filter((e) => e.catalogue === 'worker').length).toBeGreaterThan(800);
    expect(ENTRIES.filter((e) => e.catalogue === 'shared').length).toBeGreaterThan(100);
  });

  it('put no stop after an amount: the currency ends with its own ("ر.ع.")', () => {
    expect(ENTRIES.filter(stopsAfterMoney).map(where)).toEqual([]);
  });

  it('count through ICU plurals, never a placeholder beside a noun written by hand', () => {
    expect(ENTRIES.filter(handPlural).map(where)).toEqual([]);
  });

  it('give a number written in the text its noun in the form CLDR says for it', () => {
    expect(
      ENTRIES.flatMap((e) => {
        const found = wrongForm(e);
        return found ? [`${where(e)}: ${found}`] : [];
      }),
    ).toEqual([]);
  });

  it('assume no reader’s gender', () => {
    expect(ENTRIES.filter((e) => GENDERED.some((rule) => rule.test(e.arabic))).map(where)).toEqual([]);
  });

  it('give the options of one filter one gender', () => {
    const text = (context: string | null, id: string) =>
      ENTRIES.find((e) => e.catalogue === 'web' && e.context === context && e.id === id)?.arabic;
    const mixed = FILTERS.flatMap(([name, options]) => {
      const words = options.map(([context, id]) => text(context, id));
      if (words.some((w) => w === undefined)) return [`${name}: an option is not in the catalogue`];
      const genders = new Set(words.map((w) => genderOf(w!)).filter((g) => g !== null));
      return genders.size > 1 ? [`${name}: ${words.join(' · ')}`] : [];
    });
    expect(mixed).toEqual([]);
  });

  it('separate with the Arabic comma, never a middle dot (beside Arabic-Indic digits it reads as a zero)', () => {
    // The walk again: the housekeeping board's "الغرف: ٥ · النقاط: ١٦ · أُنجز ٠ من ٥" read as
    // "النقاط: ١٦ ٠ أُنجز", the dot the same small mark at the same height as "٠".
    expect(ENTRIES.filter(middleDot).map(where)).toEqual([]);
  });

  it('say "فاتورة" for an invoice or a bill only, never for an outlet’s check', () => {
    expect(
      ENTRIES.filter((e) => INVOICE_WORD.test(e.arabic) && !INVOICE_IN_ENGLISH.test(e.english)).map(where),
    ).toEqual([]);
  });
});

describe('the checks themselves', () => {
  const entry = (arabic: string, english = 'x', expressions: Record<string, string> = {}): Entry => ({
    catalogue: 'web',
    context: null,
    id: english,
    arabic,
    english,
    expressions,
  });

  it('catch each fault the walk found, and pass its correction', () => {
    // "ر.ع.." at a sentence's end.
    expect(stopsAfterMoney(entry('المستحق عن الإقامة: <0>{expected}</0>.'))).toBe(true);
    expect(
      stopsAfterMoney(entry('بين {then} و{now}: {1}.', 'x', { 1: 'formatPrice(revenue, language)' })),
    ).toBe(true);
    expect(stopsAfterMoney(entry('المستحق عن الإقامة: <0>{expected}</0>'))).toBe(false);
    expect(stopsAfterMoney(entry('على {name} مبلغ <0>{amount}</0>؛ حصّله الآن.'))).toBe(false);
    // "١٢ أحرف": a count beside its noun by hand, in a placeholder or in the text.
    expect(handPlural(entry('{minimum} أحرف على الأقل'))).toBe(true);
    expect(handPlural(entry('{0} نقطة', 'x', { 0: 'n(cost)' }))).toBe(true);
    expect(handPlural(entry('مدة الاحتفاظ إلى {max, number} يوم'))).toBe(true);
    expect(handPlural(entry('{n, plural, few {{count} أحرف} many {{count} حرفاً} other {{count} حرف}}'))).toBe(
      false,
    );
    expect(handPlural(entry('{outlet} رقم {number}: {item}'))).toBe(false);
    expect(wrongForm(entry('١٢ أحرف على الأقل'))).toBe('١٢ أحرف (many)');
    expect(wrongForm(entry('٥ حرفاً'))).toBe('٥ حرفاً (few)');
    expect(wrongForm(entry('١٢ حرفاً، ٥ ثوانٍ، ٣٠ يوماً، ٢٬٠٠٠ حرف'))).toBeNull();
    // A middle dot between parts, and the Arabic comma that replaces it.
    expect(middleDot(entry('الغرف: {0} · النقاط: {1} · أُنجز {2} من {3}'))).toBe(true);
    expect(middleDot(entry('الغرف: {0}، النقاط: {1}، أُنجز {2} من {3}'))).toBe(false);
    // The reader's gender.
    expect(GENDERED.some((rule) => rule.test('كتبتَ'))).toBe(true);
    expect(GENDERED.some((rule) => rule.test('أنت غير متصل: اتصل بالإنترنت'))).toBe(true);
    expect(GENDERED.some((rule) => rule.test('رسالتك'))).toBe(false);
    expect(GENDERED.some((rule) => rule.test('لم تبقَ غرف الليلة'))).toBe(false);
    expect(GENDERED.some((rule) => rule.test('يقارن الحجوزاتِ كما هي'))).toBe(false);
    expect(GENDERED.some((rule) => rule.test('يُؤكَّد الحجز، أكِّد هاتفك'))).toBe(false);
    // A filter's genders.
    expect(['مرفوض', 'منتهية الصلاحية', 'مدفوعة'].map(genderOf)).toEqual(['m', 'f', 'f']);
    expect(['مفتوحة', 'مغلق'].map(genderOf)).toEqual(['f', 'm']);
    expect(['محفوظة', 'انتهت مدة الاحتفاظ', 'سُلّم', 'تُخلّص منه'].map(genderOf)).toEqual(['f', null, 'm', 'm']);
    expect(['سُلِّمت', 'تُخلِّص منها', 'بانتظار الضيف', 'قيد الانتظار'].map(genderOf)).toEqual([
      'f',
      'f',
      null,
      null,
    ]);
    // The check and the invoice.
    expect(INVOICE_WORD.test('ألغِ الفاتورة') && !INVOICE_IN_ENGLISH.test('Void the check')).toBe(true);
    expect(INVOICE_IN_ENGLISH.test('Outlet’s tax invoice, paid at the outlet')).toBe(true);
  });
});
