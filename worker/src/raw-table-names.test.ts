import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No module names another module's table in raw SQL (docs/decisions/
 * 048-worker-modules.md, "Still named across the line in raw SQL"). dependency-cruiser sees a
 * table imported across a door, not a table named by its SQL name inside a string: this test reads
 * each module's tables (`sqliteTable('name'` in its `*tables.ts` files) and every other module's
 * source (tests left out) for that name as a word inside a string or template literal that reads
 * as SQL. The owner offers a named query, statement builder or scalar through its door instead.
 *
 * The allow-list below is explicit and only shrinks: each entry is a file, the other modules'
 * tables it may still name, and why.
 */

const modulesDir = fileURLToPath(new URL('./modules', import.meta.url));
const modules = readdirSync(modulesDir).filter((name) => statSync(join(modulesDir, name)).isDirectory());

/**
 * The owner sits above the reader (it imports the reader: bookings under the folio and groups,
 * the folio under groups, outlets and payments):
 * the reader cannot import the owner's door, and no port serves this read yet (a port filled by
 * the owner and installed by the entry would be the way).
 */
const UPPER = 'the owner sits above this module, which cannot import its door; a port would serve';
/** The integrity checks read across modules by nature, as operations/integrity.ts does. */
const INTEGRITY = 'an integrity check: it reads other modules’ rows by nature (run by modules/operations)';
/** Found by this test, not yet moved: the owner sits below and could offer the read through its door. */
const NOT_YET =
  'not yet moved: the owner sits below and its door could offer a named query, scalar or statement';
/**
 * The statistics import no module (their door's Never): the dashboard reads the others' rows in
 * one round trip. Asking the owners' doors (the inventory's rooms for sale, bookings' counts) would
 * lift that rule: not done here.
 */
const STATISTICS =
  'the statistics import no module by their door’s rule; reading through the owners’ doors would lift it: not yet decided';
/** The books on hand: one aggregate over every holder of a night (stays, blocks, allotments). */
const BOOKS_ON_HAND =
  'the books on hand count every hold of a night in one aggregate; groups could offer the blocks’ nights as a query: not yet moved';

/** A file (from modules/), the tables it may name of another module (`*`: any), and why. */
export const ALLOWED: readonly { file: string; tables: readonly string[]; reason: string }[] = [
  {
    file: 'operations/integrity.ts',
    tables: ['*'],
    reason: 'the integrity check reads every table by nature (money, nights, holds across modules)',
  },
  {
    file: '*/upper-keys.ts',
    tables: ['*'],
    reason:
      'stand-in keys of an upper module’s table, named on purpose so the lower module imports nothing of it',
  },
  { file: 'bookings/booking-status.ts', tables: ['folio_lines'], reason: UPPER },
  { file: 'bookings/group-billing-reads.ts', tables: ['group_blocks'], reason: UPPER },
  { file: 'conversations/guest-data.ts', tables: ['guest_profiles', 'user_phones'], reason: NOT_YET },
  {
    file: 'conversations/inbox.ts',
    tables: ['booking_submissions', 'guest_profiles', 'stay_requests'],
    reason: NOT_YET,
  },
  { file: 'conversations/message-rows.ts', tables: ['guest_profiles'], reason: NOT_YET },
  { file: 'conversations/staff-actions.ts', tables: ['guest_profiles'], reason: NOT_YET },
  { file: 'conversations/threads.ts', tables: ['guest_profiles'], reason: NOT_YET },
  { file: 'folio/credit-notes.ts', tables: ['booking_submissions'], reason: NOT_YET },
  { file: 'folio/day-report.ts', tables: ['booking_submissions'], reason: NOT_YET },
  {
    file: 'folio/day-report.ts',
    tables: ['extra_purchases', 'outlet_check_voids', 'outlet_checks', 'outlets', 'payment_sessions'],
    reason: UPPER,
  },
  { file: 'folio/integrity-checks.ts', tables: ['*'], reason: INTEGRITY },
  { file: 'folio/invoice-list.ts', tables: ['outlets'], reason: UPPER },
  { file: 'folio/invoices.ts', tables: ['group_blocks'], reason: UPPER },
  {
    file: 'folio/invoices.ts',
    tables: ['booking_submissions', 'city_ledger_accounts', 'site_settings'],
    reason: NOT_YET,
  },
  { file: 'folio/line-statements.ts', tables: ['booking_submissions'], reason: NOT_YET },
  { file: 'folio/outlet-lines.ts', tables: ['outlet_check_voids', 'outlet_checks'], reason: UPPER },
  { file: 'folio/outlet-lines.ts', tables: ['site_settings'], reason: NOT_YET },
  { file: 'folio/routes/invoices.ts', tables: ['booking_submissions'], reason: NOT_YET },
  { file: 'folio/tax-report.ts', tables: ['outlet_check_voids', 'outlet_checks'], reason: UPPER },
  { file: 'guests/companions.ts', tables: ['booking_submissions'], reason: NOT_YET },
  {
    file: 'guests/registrations.ts',
    tables: ['booking_submissions', 'guest_profiles'],
    reason: NOT_YET,
  },
  { file: 'inventory/availability.ts', tables: ['rooms'], reason: NOT_YET },
  {
    file: 'messaging/push-outbox.ts',
    tables: ['booking_submissions', 'stay_requests'],
    reason: NOT_YET,
  },
  { file: 'payments/payment-list.ts', tables: ['booking_submissions'], reason: NOT_YET },
  { file: 'reports/books-integrity.ts', tables: ['*'], reason: INTEGRITY },
  { file: 'reports/books-on-hand.ts', tables: ['group_block_nights', 'group_blocks'], reason: BOOKS_ON_HAND },
  {
    file: 'reports/books-on-hand.ts',
    tables: ['booking_nights', 'booking_submissions', 'room_inventory'],
    reason: NOT_YET,
  },
  { file: 'reports/flash.ts', tables: ['booking_submissions'], reason: NOT_YET },
  {
    file: 'reports/production.ts',
    tables: ['booking_submissions', 'folio_lines', 'folio_roundings', 'guest_profiles'],
    reason: NOT_YET,
  },
  {
    file: 'reports/tourism.ts',
    tables: ['booking_submissions', 'day_closes', 'folio_lines', 'guest_profiles', 'stay_companions'],
    reason: NOT_YET,
  },
  {
    file: 'statistics/dashboard.ts',
    tables: ['booking_submissions', 'room_blocks', 'room_inventory', 'services'],
    reason: STATISTICS,
  },
  { file: 'whatsapp/guest-data.ts', tables: ['booking_submissions', 'user_phones'], reason: NOT_YET },
  { file: 'whatsapp/routes/opt-in.ts', tables: ['user_phones'], reason: NOT_YET },
];

/** Every source file of a module but its tests. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The SQL names of the tables a module declares in its `*tables.ts` files. */
export function declaredTables(source: string): string[] {
  return [...source.matchAll(/sqliteTable\(\s*'([a-z0-9_]+)'/g)].map((m) => m[1]!);
}

/**
 * The text of a source's string and template literals (one entry per literal; a template's
 * `${...}` holes are read as code, so a template inside one is its own entry), comments skipped.
 */
export function literals(source: string): string[] {
  const found: string[] = [];
  let i = 0;
  const readCode = (closeOnBrace: boolean): void => {
    let depth = 0;
    while (i < source.length) {
      const c = source[i]!;
      if (c === '/' && source[i + 1] === '/') {
        const end = source.indexOf('\n', i);
        i = end === -1 ? source.length : end;
      } else if (c === '/' && source[i + 1] === '*') {
        const end = source.indexOf('*/', i + 2);
        i = end === -1 ? source.length : end + 2;
      } else if (c === "'" || c === '"') {
        let text = '';
        i++;
        while (i < source.length && source[i] !== c) {
          if (source[i] === '\\') i++;
          text += source[i] ?? '';
          i++;
        }
        i++;
        found.push(text);
      } else if (c === '`') {
        i++;
        readTemplate();
      } else if (c === '{') {
        depth++;
        i++;
      } else if (c === '}') {
        if (closeOnBrace && depth === 0) {
          i++;
          return;
        }
        depth--;
        i++;
      } else i++;
    }
  };
  const readTemplate = (): void => {
    let text = '';
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        text += source[i + 1] ?? '';
        i += 2;
      } else if (source[i] === '$' && source[i + 1] === '{') {
        i += 2;
        text += ' ? ';
        readCode(true);
      } else text += source[i++];
    }
    i++;
    found.push(text);
  };
  readCode(false);
  return found;
}

/**
 * Where SQL names a table: after `from`, `join`, `into`, `update` (either case), or at the start
 * of a literal given to drizzle's `.from(sql\`t a join ...\`)` (a name and an alias, alone or
 * before a join or a comma). A word elsewhere (a column, a route, an SQL comment) is not a table named.
 */
const patterns = new Map<string, RegExp[]>();
function tableNamedIn(text: string, name: string): boolean {
  let found = patterns.get(name);
  if (!found) {
    found = [
      new RegExp(`\\b(?:from|join|into|update)\\s+${name}(?![\\w.])`, 'i'),
      new RegExp(`^\\s*${name}\\s+\\w+\\s*(?:$|,|(?:left\\s+|inner\\s+|cross\\s+)?join\\b)`, 'i'),
    ];
    patterns.set(name, found);
  }
  return found.some((pattern) => pattern.test(text));
}

/** The tables of `names` a source names in its SQL literals. */
export function namedTables(source: string, names: readonly string[]): string[] {
  const found = new Set<string>();
  for (const text of literals(source))
    for (const name of names) if (tableNamedIn(text, name)) found.add(name);
  return [...found].sort();
}

const tablesOf = new Map(
  modules.map((m) => [
    m,
    sourceFiles(join(modulesDir, m))
      .filter((f) => /tables\.ts$/.test(f))
      .flatMap((f) => declaredTables(readFileSync(f, 'utf8'))),
  ]),
);

function allowedFor(file: string): Set<string> {
  const allowed = new Set<string>();
  for (const entry of ALLOWED) {
    const pattern = new RegExp(`^${entry.file.replace(/[.]/g, '\\.').replace(/\*/g, '[^/]+')}$`);
    if (pattern.test(file)) for (const t of entry.tables) allowed.add(t);
  }
  return allowed;
}

/** Every file's naming of another module's table that the allow-list does not cover. */
export function crossings(): string[] {
  const out: string[] = [];
  for (const m of modules) {
    const others = modules.filter((o) => o !== m).flatMap((o) => tablesOf.get(o)!.map((t) => ({ o, t })));
    for (const path of sourceFiles(join(modulesDir, m))) {
      const file = relative(modulesDir, path).split(sep).join('/');
      const allowed = allowedFor(file);
      if (allowed.has('*')) continue;
      const named = namedTables(
        readFileSync(path, 'utf8'),
        others.map((x) => x.t),
      );
      for (const t of named)
        if (!allowed.has(t)) out.push(`${file} names ${others.find((x) => x.t === t)!.o}'s ${t}`);
    }
  }
  return out;
}

describe('raw SQL names no other module’s table', () => {
  it('reads the tables of every module', () => {
    expect(tablesOf.get('inventory')).toContain('hotel_rooms');
    expect(tablesOf.get('folio')).toContain('folio_lines');
    expect([...tablesOf.values()].flat().length).toBeGreaterThan(60);
  });

  it('finds no table of another module named in a module’s SQL text, but the allowed', () => {
    expect(crossings()).toEqual([]);
  });

  it('allows nothing it no longer needs (the list only shrinks)', () => {
    const stale = ALLOWED.filter((e) => !e.tables.includes('*')).flatMap((e) =>
      e.tables
        .filter((t) => {
          const path = join(modulesDir, e.file);
          return !namedTables(readFileSync(path, 'utf8'), [t]).length;
        })
        .map((t) => `${e.file}: ${t}`),
    );
    expect(stale).toEqual([]);
  });
});

describe('the literal reader', () => {
  it('reads strings and templates, holes as code, and skips comments', () => {
    const source = [
      '// SELECT * FROM hotel_rooms',
      '/* JOIN room_blocks */',
      'const a = \'x\' + "y";',
      'const q = sql`SELECT id FROM bookings ${sql`JOIN hotel_rooms r`} WHERE ${a ? `b` : "c"}`;',
    ].join('\n');
    expect(literals(source)).toEqual([
      'x',
      'y',
      'JOIN hotel_rooms r',
      'b',
      'c',
      'SELECT id FROM bookings  ?  WHERE  ? ',
    ]);
  });

  it('matches a table as a whole word in SQL text only', () => {
    const names = ['hotel_rooms', 'rooms', 'room_blocks'];
    expect(namedTables('sql`SELECT r.number FROM hotel_rooms r`', names)).toEqual(['hotel_rooms']);
    expect(namedTables("const path = '/api/admin/rooms';", names)).toEqual([]);
    expect(namedTables('sql`SELECT b.rooms FROM x b`', names)).toEqual([]);
    expect(namedTables('sql`EXISTS (SELECT 1 FROM room_blocks k)`', names)).toEqual(['room_blocks']);
    expect(
      namedTables('sql`booking_submissions b left join hotel_rooms h on h.id = b.room_id`', [
        'booking_submissions',
      ]),
    ).toEqual(['booking_submissions']);
    expect(namedTables('db.select().from(sql`rooms r`)', names)).toEqual(['rooms']);
    expect(namedTables('sql`select x -- of its rooms\n from y`', names)).toEqual([]);
  });
});
