import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { mediaUploadFieldsSchema } from '@shared/media-schemas';
import { multiLineText } from '@shared/text-rule';
import { routeSchemas } from './platform/openapi';
import { app } from './index';
import { count, staffAccount } from '@worker-test/builders';
import { call } from '@worker-test/helpers';

/**
 * One rule for the characters of every text the API takes (shared/src/text-rule.ts): no control
 * character and no unpaired surrogate anywhere; tab and line breaks only in the multi-line kinds
 * of field (notes, descriptions, reasons, addresses, messages, reviews). The walk reads every
 * schema the mounted routes validate with (platform/openapi.ts notes them), so a field added
 * tomorrow without the rule fails here.
 */

type Leaf = { where: string; field: string; schema: ZodType; kind: string };
type Def = { type: string; checks?: unknown[]; [k: string]: unknown };

const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;

/** Every leaf of a schema that takes text (its strings) or anything (unknown, any, custom). */
function leaves(schema: unknown, field: string, where: string, out: Leaf[], lazy = new Set<unknown>()): void {
  const def = defOf(schema);
  const go = (inner: unknown, path = field) => leaves(inner, path, where, out, lazy);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return go(def.innerType);
    case 'pipe':
      go(def.in);
      return go(def.out);
    case 'object':
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>))
        go(value, `${field}.${key}`);
      if (def.catchall && defOf(def.catchall).type !== 'never') go(def.catchall, `${field}.*`);
      return;
    case 'array':
      return go(def.element, `${field}[]`);
    case 'tuple':
      (def.items as unknown[]).forEach((item, i) => go(item, `${field}[${i}]`));
      if (def.rest) go(def.rest, `${field}[]`);
      return;
    case 'union':
      return (def.options as unknown[]).forEach((option) => go(option));
    case 'intersection':
      go(def.left);
      return go(def.right);
    case 'record':
      go(def.keyType, `${field}{key}`);
      return go(def.valueType, `${field}{}`);
    case 'lazy':
      if (lazy.has(schema)) return;
      lazy.add(schema);
      return go((def.getter as () => unknown)());
    // Values that are not free text: their own shape refuses anything else.
    case 'transform':
    case 'enum':
    case 'literal':
    case 'number':
    case 'boolean':
    case 'bigint':
    case 'date':
    case 'null':
    case 'undefined':
    case 'never':
    case 'nan':
      return;
    default:
      out.push({ where, field, schema: schema as ZodType, kind: def.type });
  }
}

/** Fields the walk leaves out, each with the reason. */
const NOT_TEXT = new Map([
  // Echoed by the web from the last answer; the server keeps its own copy and ignores this one.
  ['POST /api/chat json.bookingState', 'ignored by the server'],
]);

/** The development-only controls of the stand-ins (absent from a production build). */
const isDevControl = (path: string) => path.startsWith('/api/dev/');

/** Every text leaf of the API: the routes' validators, and the upload form parsed by hand. */
function apiTextLeaves(): Leaf[] {
  const out: Leaf[] = [];
  for (const route of routeSchemas(app.routes)) {
    if (isDevControl(route.path)) continue;
    leaves(route.schema, route.target, `${route.method} ${route.path}`, out);
  }
  leaves(mediaUploadFieldsSchema, 'form', 'POST /api/admin/media', out);
  return out.filter((leaf) => !NOT_TEXT.has(`${leaf.where} ${leaf.field}`));
}

const isMultiline = (leaf: Leaf) => (defOf(leaf.schema).checks ?? []).includes(multiLineText);

/** The kinds of field where a line break is legitimate (the last word of its path). */
// `text` and `bodyAr`/`bodyEn`: a conversation's message and a saved reply (modules/conversations).
const MULTILINE_KINDS =
  /\.(notes|adminNotes|note|reason|overrideReason|description\w*|siteDescription\w*|address\w*|cancellationPolicy\w*|message\w*|answer|resolution|preferences|specialRequests|\w*Review|text|body(Ar|En))$/;

/** Texts no field takes: control characters of C0 and C1, DEL, and half a surrogate pair. */
const NEVER = [
  'ab\u0000cd',
  'ab\u0007cd',
  'ab\u001bcd',
  'ab\u007fcd',
  'ab\u0085cd',
  'ab\ud800cd',
  'ab\udc00',
  '\ud83d',
  // Nothing that shows: a zero-width space, a right-to-left override, a filler, a mark
  // with no letter, alone or with white space.
  '\u200b',
  '\u202e',
  ' \u200b\u200c\u200d ',
  '\u2067\u202e\u2069',
  '\u3164',
  '\u0301',
];
/** What only a multi-line field takes. */
const LINE_BREAKS = ['ab\ncd', 'ab\r\ncd', 'ab\tcd'];

describe('the text rule on every field of the API', () => {
  const all = apiTextLeaves();

  it('walks the whole API: hundreds of text fields, a few dozen multi-line ones', () => {
    expect(all.length).toBeGreaterThan(400);
    expect(all.filter(isMultiline).length).toBeGreaterThan(40);
    // The walk reaches the fields the issue named.
    const named = new Set(all.map((l) => `${l.where} ${l.field}`));
    for (const field of [
      'POST /api/admin/groups json.name',
      'PATCH /api/admin/groups/:id json.name',
      'POST /api/admin/room-types json.nameAr',
      'PATCH /api/admin/room-types/:code json.nameEn',
      'POST /api/admin/city-ledger json.name',
      'POST /api/admin/groups/:id/rooming-list json.guests[].fullName',
      'POST /api/admin/groups/:id/cancel json.reason',
    ])
      expect(named, field).toContain(field);
  });

  it('every field is text with the rule: no control character, no unpaired surrogate', () => {
    const broken: string[] = [];
    for (const leaf of all) {
      const name = `${leaf.where} ${leaf.field}`;
      if (leaf.kind !== 'string') {
        broken.push(`${name}: takes any value (${leaf.kind})`);
        continue;
      }
      for (const text of NEVER)
        if (leaf.schema.safeParse(text).success) broken.push(`${name}: takes ${JSON.stringify(text)}`);
      if (!isMultiline(leaf))
        for (const text of LINE_BREAKS)
          if (leaf.schema.safeParse(text).success)
            broken.push(`${name}: a single line, takes ${JSON.stringify(text)}`);
    }
    expect(broken).toEqual([]);
  });

  it('only notes, descriptions, reasons, addresses, messages and reviews keep line breaks', () => {
    const multiline = all.filter(isMultiline).map((l) => `${l.where} ${l.field}`);
    expect(multiline.filter((name) => !MULTILINE_KINDS.test(name))).toEqual([]);
    // And they do keep them (no other rule of theirs refuses a line break).
    for (const leaf of all.filter(isMultiline))
      expect(leaf.schema.safeParse('Line one\nLine two\tend').success, `${leaf.where} ${leaf.field}`).toBe(
        true,
      );
  });
});

describe('a name that shows nothing', () => {
  it('is refused wherever a name is taken (an outlet’s item prints on tax invoices), in both languages', async () => {
    const cookie = (await staffAccount({ role: 'manager' })).cookie;
    const outlet = await call('/api/admin/outlets', {
      method: 'POST',
      cookie,
      json: {
        nameAr: 'مقهى',
        nameEn: 'Cafe',
        kind: 'cafe',
        opensAt: '00:00',
        closesAt: '00:00',
        staffIds: [],
      },
    });
    expect(outlet.status, await outlet.clone().text()).toBe(201);
    const { outlet: made } = (await outlet.json()) as { outlet: { id: number } };
    const item = (nameEn: string, nameAr: string, lang: 'ar' | 'en') =>
      call(`/api/admin/outlets/${made.id}/items`, {
        method: 'POST',
        cookie,
        lang,
        json: { nameAr, nameEn, priceBaisa: 1000, department: 'restaurant' },
      });
    const en = await item('\u200b\u200b', 'قهوة', 'en');
    expect(en.status).toBe(400);
    const enBody = (await en.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(enBody.error.code).toBe('validation_failed');
    expect(enBody.error.fields.nameEn).toMatch(/Nothing of this text would show/);
    const ar = await item('Coffee', '\u202e', 'ar');
    expect(ar.status).toBe(400);
    expect(((await ar.json()) as { error: { fields: Record<string, string> } }).error.fields.nameAr).toMatch(
      /لن يظهر شيء/,
    );
    expect(await count(`select count(*) as n from outlet_items where outlet_id = ?`, made.id)).toBe(0);
    // A name with a bidi mark or a zero-width joiner among its letters is a name.
    const ok = await item('Caf\u00e9\u200d', 'قهوة\u200f عربية', 'en');
    expect(ok.status, await ok.clone().text()).toBe(201);
  });
});

describe('a text refused', () => {
  it('is a 400 naming the field, in the language of the request, never stored', async () => {
    // A public call: a review (its name is one line, its comment many).
    const review = (name: string, overallReview: string, lang: 'ar' | 'en') =>
      call('/api/reviews', { method: 'POST', lang, json: { starRating: 5, name, overallReview } });
    const en = await review('Guest\u0000', 'Lovely stay', 'en');
    expect(en.status).toBe(400);
    const body = (await en.json()) as { error: { code: string; fields: Record<string, string> } };
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.fields.name).toMatch(/control characters/);
    const ar = await review('ضيف', 'إقامة \ud83d جميلة', 'ar');
    expect(ar.status).toBe(400);
    const arBody = (await ar.json()) as { error: { fields: Record<string, string> } };
    expect(arBody.error.fields.overallReview).toMatch(/رموز تحكم/);
    expect(await count(`select count(*) as n from reviews where name = ?`, 'Guest\u0000')).toBe(0);
    // Line breaks in the comment are kept; emoji (a surrogate pair) and Arabic marks are text.
    const ok = await review('ضيف\u200f سعيد', 'Line one\nLine two 😀', 'en');
    expect(ok.status, await ok.clone().text()).toBe(201);
  });
});
