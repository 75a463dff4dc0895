import { describe, expect, it } from 'vitest';

/*
 * One message, one meaning (docs/decisions/095-one-message-one-meaning.md). Lingui keys a message by
 * its English words and its context: the same short English word used for two things is ONE
 * message with ONE Arabic translation, and one of the two screens then says the other thing. The
 * walk found two: the outlets' "Minibar" read "المسندة إليّ" (assigned to me) and the inbox's "Mine"
 * read "أوامري" (my work orders). Two checks hold the line:
 *
 * 1. Over the code: a short word whose Arabic depends on what it is about (AMBIGUOUS), used in
 *    more than one part of the app, carries a context at every use, so each part has its own
 *    message and its own translation.
 * 2. Over the catalogue: the domain's words (minibar, work order, outlet, invoice, …) are carried
 *    across both ways: an English message that names one has it in its Arabic, and an Arabic
 *    translation that names one is justified by its English or its context. A translation moved to
 *    the wrong message (the two above) names a thing its English does not.
 */

const code = import.meta.glob<string>(
  ['../**/*.{ts,tsx}', '!**/*.test.{ts,tsx}', '!**/*.d.ts', '!**/locales/**'],
  { query: '?raw', import: 'default', eager: true },
);
const catalogues = import.meta.glob<string>('../locales/*.po', {
  query: '?raw',
  import: 'default',
  eager: true,
});

// ---------------------------------------------------------------------------------------------
// 1. Short ambiguous words carry a context wherever more than one part of the app uses them.

/**
 * Words whose Arabic depends on what they are about: a verb or an adjective (فتح / مفتوحة), whose
 * gender and number follow the thing (مرفوضة for a review, مرفوض for a WhatsApp template), or a
 * noun with several senses (a waiter's check, a check of the data; "Mine": my conversations, my
 * work orders). ("Clean" and "Dirty" are not among them: here they only ever say a room's state.)
 */
export const AMBIGUOUS = [
  'Mine',
  'Minibar',
  'Open',
  'Opened',
  'Check',
  'Checks',
  'Closed',
  'Free',
  'Order',
  'Orders',
  'Hold',
  'Held',
  'Block',
  'Blocked',
  'Release',
  'Released',
  'Return',
  'Post',
  'Posted',
  'Charge',
  'Rate',
  'Balance',
  'Due',
  'Key',
  'Void',
  'Voided',
  'Bill',
  'Credit',
  'Credits',
  'Book',
  'Match',
  'Issue',
  'Issued',
  'Draw',
  'Entry',
  'Rejected',
  'Sent',
  'Receipt',
] as const;

/** The part of the app a file belongs to: its feature (admin's too), entity, or shared layer. */
export function areaOf(path: string): string {
  const p = path.replace(/^(\.\.\/)+/, '');
  const m =
    /^features\/admin\/([^/]+)\//.exec(p) ??
    /^features\/([^/]+)\//.exec(p) ??
    /^entities\/admin\/([^/]+)\//.exec(p) ??
    /^entities\/([^/]+)\//.exec(p) ??
    /^(components\/[^/]+|app|lib|hooks|offline)\//.exec(p);
  return m ? m[1]! : p;
}

export type Use = { id: string; context: string | null; path: string; area: string };

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The object literal around `at` (from its `{` to its `}`), for a `message:` key's context. */
function enclosingObject(text: string, at: number): string {
  let depth = 0;
  let start = at;
  for (; start >= 0; start--) {
    if (text[start] === '}') depth++;
    else if (text[start] === '{') {
      if (depth === 0) break;
      depth--;
    }
  }
  depth = 0;
  let end = at;
  for (; end < text.length; end++) {
    if (text[end] === '{') depth++;
    else if (text[end] === '}') {
      if (depth === 0) break;
      depth--;
    }
  }
  return text.slice(start, end + 1);
}

/**
 * Every use of the message `id` in a source text, in each form the Lingui macros take it:
 * t`Open`, msg`Open`, <Trans>Open</Trans>, <Trans context="…">Open</Trans>, and
 * t({ message: 'Open', context: '…' }) / msg({ … }).
 */
export function usesOf(id: string, path: string, text: string): Use[] {
  const area = areaOf(path);
  const uses: Use[] = [];
  const word = escape(id);
  for (const _ of text.matchAll(new RegExp(`(?<![\\w.$])(?:t|msg)\`${word}\``, 'g'))) {
    uses.push({ id, context: null, path, area });
  }
  for (const m of text.matchAll(new RegExp(`<Trans(\\s[^>]*)?>\\s*${word}\\s*</Trans>`, 'g'))) {
    const context = /context=(?:"([^"]*)"|\{['"`]([^'"`]*)['"`]\})/.exec(m[1] ?? '');
    uses.push({ id, context: context ? (context[1] ?? context[2]!) : null, path, area });
  }
  for (const m of text.matchAll(new RegExp(`\\bmessage:\\s*(['"\`])${word}\\1`, 'g'))) {
    const context = /\bcontext:\s*(['"`])([^'"`]*)\1/.exec(enclosingObject(text, m.index));
    uses.push({ id, context: context ? context[2]! : null, path, area });
  }
  return uses;
}

/**
 * The uses of an ambiguous word that need a context: when the word is used in more than one part
 * of the app (with or without one), every use without a context.
 */
export function usesWithoutContext(uses: readonly Use[]): Use[] {
  const areas = new Set(uses.map((u) => u.area));
  return areas.size > 1 ? uses.filter((u) => u.context === null) : [];
}

/** The msgid / msgctxt / msgstr entries of a catalogue (ours are one line each). */
export function readPo(po: string): { id: string; context: string | null; text: string }[] {
  const unquote = (s: string) => JSON.parse(`"${s}"`) as string;
  return [...po.matchAll(/^(?:msgctxt "(.*)"\n)?msgid "(.+)"\nmsgstr "(.*)"$/gm)].map((m) => ({
    context: m[1] === undefined ? null : unquote(m[1]),
    id: unquote(m[2]!),
    text: unquote(m[3]!),
  }));
}

const ar = readPo(catalogues['../locales/ar.po']!);

describe('short words whose Arabic depends on what they are about', () => {
  const all = Object.entries(code);

  it('carry a context at every use when more than one part of the app uses them', () => {
    const missing = AMBIGUOUS.flatMap((id) =>
      usesWithoutContext(all.flatMap(([path, text]) => usesOf(id, path, text))),
    ).map((u) => `"${u.id}" without a context in ${u.path.replace(/^(\.\.\/)+/, 'web/src/')}`);
    expect(missing).toEqual([]);
  });

  it('are found wherever the catalogue has them (the scan misses no form of the macros)', () => {
    // Each ambiguous word the catalogue holds, with each of its contexts, is found in the code.
    const found = new Set(
      AMBIGUOUS.flatMap((id) => all.flatMap(([path, text]) => usesOf(id, path, text))).map(
        (u) => `${u.id}\u0004${u.context ?? ''}`,
      ),
    );
    const inCatalogue = ar
      .filter((e) => (AMBIGUOUS as readonly string[]).includes(e.id))
      .map((e) => `${e.id}\u0004${e.context ?? ''}`);
    expect(inCatalogue.length).toBeGreaterThan(10);
    expect(inCatalogue.filter((key) => !found.has(key)).map((k) => k.replace('\u0004', ' | '))).toEqual([]);
  });

  it('the check finds the walk’s "Minibar" and "Mine" as they were written', () => {
    const uses = [
      ...usesOf('Minibar', '../features/admin/outlets/components/x.tsx', 'minibar: msg`Minibar`,'),
      ...usesOf(
        'Minibar',
        '../entities/folio/folio-words.ts',
        "msg({ message: 'Minibar', context: 'folio department' })",
      ),
      ...usesOf('Mine', '../features/admin/inbox/components/x.tsx', '  mine: msg`Mine`,'),
      ...usesOf('Mine', '../features/admin/work-orders/components/x.tsx', "{ key: 'mine', label: t`Mine` }"),
      ...usesOf('Open', '../features/admin/inbox/x.tsx', '<Trans context="conversations">Open</Trans>'),
      ...usesOf('Open', '../features/events/x.tsx', '<Trans>Open</Trans>'),
    ];
    expect(usesWithoutContext(uses).map((u) => `${u.id} ${u.area}`)).toEqual([
      'Minibar outlets',
      'Mine inbox',
      'Mine work-orders',
      'Open events',
    ]);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. The domain's words are carried across, both ways.

/** Arabic compared without its short vowels, shadda and tatweel, and with one alef. */
export const foldArabic = (s: string) => s.replace(/[\u064B-\u0652\u0670\u0640]/g, '').replace(/[أإآ]/g, 'ا');

/** No Arabic letter next to it (JavaScript's \b knows only Latin word characters). */
const A = '(?![\\u0600-\\u06FF])';

/**
 * A thing of the hotel's, named in English (`en`, over the msgid) and in Arabic (`ar`, over the
 * folded translation). `reverse`: an Arabic translation naming it must be justified by its msgid
 * or its context (`why`, when it differs from `en`): set where the Arabic word is the thing's own
 * and names nothing else here.
 */
type Concept = { name: string; en: RegExp; ar: RegExp; reverse?: RegExp | true };

export const CONCEPTS: Concept[] = [
  { name: 'minibar', en: /\bminibar/i, ar: /ميني ?بار/, reverse: true },
  {
    name: 'work order',
    en: /\bwork.?orders?\b/i,
    ar: /امر عمل|امر العمل|اوامر/,
    reverse: /\bwork.?orders?\b|\borders?\b/i,
  },
  {
    // "Assigned to me": the inbox's own, never another screen's.
    name: 'assigned to me',
    en: /^$/,
    ar: new RegExp(`(?:المسنده?|المسندة|مسندة|مسنده|اسندها|اسند) الي${A}`),
    reverse: /assign|\bmine\b|\bme\b/i,
  },
  { name: 'outlet', en: /\boutlets?\b/i, ar: /منفذ|منافذ/, reverse: true },
  { name: 'police', en: /\bpolice\b/i, ar: /شرطة/, reverse: true },
  {
    name: 'credit note',
    en: /\bcredit.?notes?\b/i,
    ar: /اشعار(?:ات)?(?: [\u0600-\u06FF]+)? (?:ال)?دائن/,
    reverse: /\bcredit/i,
  },
  { name: 'tape chart', en: /\btape.?chart\b/i, ar: /مخطط الغرف/, reverse: true },
  { name: 'WhatsApp', en: /whatsapp/i, ar: /واتساب/, reverse: true },
  { name: 'nationality', en: /\bnationalit/i, ar: /جنسي/, reverse: /nationalit|countr/i },
  { name: 'passport', en: /\bpassport/i, ar: /جواز/, reverse: true },
  { name: 'café', en: /\bcaf[eé]s?(?!\p{L})/iu, ar: /مقه|مقاه/, reverse: true },
  { name: 'restaurant', en: /\brestaurants?\b/i, ar: /مطعم|مطاعم/, reverse: true },
  { name: 'template', en: /\btemplates?\b/i, ar: /قالب|قوالب/, reverse: true },
  {
    // إيصال is also "taking there" (لإيصالها, to deliver them): the noun alone.
    name: 'receipt',
    en: /\breceipts?\b/i,
    ar: new RegExp(`(?:^|[\\s(«])(?:ال)?ايصال(?:ات)?${A}`),
    reverse: /\breceipts?\b|\bslip\b/i,
  },
  { name: 'invoice', en: /\binvoic/i, ar: /فاتور|فواتير|مستند/ },
  { name: 'folio', en: /\bfolios?\b/i, ar: /حساب/ },
  { name: 'VIP', en: /\bVIP\b/, ar: /VIP|مميز|كبار/ },
  { name: 'loyalty points', en: /\bpoints?\b/i, ar: /نقاط|نقط/ },
  { name: 'deposit', en: /\bdeposits?\b/i, ar: /عربون|مقدم/ },
  { name: 'check-in', en: /\bcheck(?:ed|s|ing)?[- ]in\b/i, ar: /دخول|وصول|تسجيل/ },
  { name: 'check-out', en: /\bcheck(?:ed|s|ing)?[- ]out\b/i, ar: /خروج|مغادر|غادر/ },
];

export type Clash = {
  concept: string;
  way: 'missing in Arabic' | 'not in the English';
  id: string;
  context: string | null;
  text: string;
};

/** Where a catalogue's translations do not carry the domain's words across (both ways). */
export function clashes(entries: readonly { id: string; context: string | null; text: string }[]): Clash[] {
  const found: Clash[] = [];
  for (const e of entries) {
    if (!e.text) continue;
    const arabic = foldArabic(e.text);
    for (const c of CONCEPTS) {
      if (c.en.test(e.id) && !c.ar.test(arabic)) {
        found.push({ concept: c.name, way: 'missing in Arabic', ...e });
      }
      const why = c.reverse === true ? c.en : c.reverse;
      if (why && c.ar.test(arabic) && !why.test(e.id) && !why.test(e.context ?? '')) {
        found.push({ concept: c.name, way: 'not in the English', ...e });
      }
    }
  }
  return found;
}

describe('the Arabic catalogue carries the hotel’s words across', () => {
  it('names in Arabic what the English names, and nothing the English does not', () => {
    expect(
      clashes(ar).map(
        (c) => `${c.concept} ${c.way}: "${c.id}"${c.context ? ` (${c.context})` : ''} → "${c.text}"`,
      ),
    ).toEqual([]);
  });

  it('would have caught the walk’s two clashes', () => {
    const walk = [
      { id: 'Minibar', context: null, text: 'المسندة إليّ' },
      { id: 'Mine', context: null, text: 'أوامري' },
      // As they are now, each in its context.
      { id: 'Minibar', context: 'outlet kind', text: 'الميني بار' },
      { id: 'Mine', context: 'conversations', text: 'المسندة إليّ' },
      { id: 'Mine', context: 'work order', text: 'أوامري' },
    ];
    expect(clashes(walk).map((c) => `${c.concept} ${c.way} ${c.id} ${c.context ?? ''}`.trim())).toEqual([
      'minibar missing in Arabic Minibar',
      'assigned to me not in the English Minibar',
      'work order not in the English Mine',
    ]);
  });
});
