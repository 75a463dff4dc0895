import { desc, eq, sql } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { addDays, hotelToday } from '@shared/dates';
import {
  HISTORY_RULES,
  type HistoryColumn,
  type HistoryImport,
  type HistoryImports,
  type HistoryRefusal,
} from '@shared/revenue';
import { ApiError } from '../../platform/api-error';
import { insertWhere } from '../../platform/atomic';
import { auditEntry } from '../../platform/audit';
import type { Db } from '../../platform/env';
import { translate, type Language } from '../../platform/messages';
import { auditLog } from '../../platform/tables';
import { roomTypesQuery } from '../catalog';
import { countLineBreaks, detectDelimiter, readRecords } from './csv-records';
import { headerColumns, readHistoryLine, type HistoryRow, type LineRefusal } from './history-lines';
import { rebuildHistoryNights } from './night-books';
import { runBatch, type Statement } from './d1-batch';
import { revenueImportRefusals, revenueImports, revenueState, type RevenueImportRow } from './tables';

/**
 * The history import (docs/decisions/094, "The history import"): `POST
 * /api/admin/revenue/history` checks the file's whole bytes are UTF-8 and its header names the
 * columns a line needs, keeps it in R2 and answers 202 with the import's id; the minute cron reads
 * it in chunks (`runHistoryImports`), never a request: each chunk's lines are checked one by one,
 * the good ones written by their reference (the same line again changes nothing, a corrected one
 * replaces it), the refused ones named with their line, column and code; once every line is in,
 * the books of the nights the import changed are rebuilt (night-books.ts).
 */

/** The R2 folder of the imported files (the bucket the hotel's photos use). */
const FILE_PREFIX = 'revenue-history/';
/** Bytes read at a time (the chunk ends at the last whole line in it). */
export const CHUNK_BYTES = 1024 * 1024;
/** Nights rebuilt at a time. */
const BOOKS_SLICE_NIGHTS = 92;
/** Rows a statement writes at once (their JSON one bound parameter). */
const ROWS_PER_STATEMENT = 400;
/** Refusals kept per import (the count goes on past them). */
const REFUSALS_KEPT = 10_000;
/** How long a run may work on an import before another may take it over. */
const LEASE_MS = 60_000;
/** A run that failed this many times fails the import. */
const MAX_ATTEMPTS = 5;

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
const BOM = [0xef, 0xbb, 0xbf];

/** The hotel's room types by code and by name in either language (lower case), to their code. */
async function roomTypeNames(db: Db): Promise<Map<string, string>> {
  const types = await roomTypesQuery(db);
  const names = new Map<string, string>();
  for (const t of types) {
    for (const name of [t.roomType, t.name, t.nameAr]) names.set(name.trim().toLowerCase(), t.roomType);
  }
  return names;
}

/**
 * POST /api/admin/revenue/history: the file checked, kept in R2 and its import made (202). Refused
 * at once: no file (400 `history_file_required`), over 20 MB (413 `history_file_too_large`),
 * empty, not UTF-8, a header without the required columns (each named) or with one twice, no
 * line under the header.
 */
export async function startHistoryImport(
  db: Db,
  images: R2Bucket,
  actor: SessionUser,
  file: File,
): Promise<{ importId: number }> {
  if (file.size > HISTORY_RULES.maxFileBytes) throw new ApiError(413, 'history_file_too_large');
  const bytes = new Uint8Array(await file.arrayBuffer());
  return queueHistoryFile(db, images, actor, (file.name || 'history.csv').slice(0, 200), bytes);
}

/**
 * A history file checked (as `startHistoryImport` says), kept in R2 and its import made, for the
 * minute cron to read: an upload's, or the demo seed's (`actor` null; worker/src/seed/demo-history.ts).
 */
export async function queueHistoryFile(
  db: Db,
  images: R2Bucket,
  actor: SessionUser | null,
  fileName: string,
  bytes: Uint8Array,
): Promise<{ importId: number }> {
  if (bytes.length > HISTORY_RULES.maxFileBytes) throw new ApiError(413, 'history_file_too_large');
  const start = BOM.every((b, i) => bytes[i] === b) ? 3 : 0;
  if (bytes.length - start === 0) throw new ApiError(400, 'history_file_empty');
  try {
    UTF8.decode(bytes);
  } catch {
    throw new ApiError(400, 'history_not_utf8');
  }
  // The header: the first record (a line may be up to the line limit long).
  const head = bytes.subarray(start, Math.min(bytes.length, start + HISTORY_RULES.maxLineBytes + 2));
  const firstLine = new TextDecoder().decode(head).split(/\r\n|\n|\r/, 1)[0] ?? '';
  const delimiter = detectDelimiter(firstLine);
  const read = readRecords(
    head,
    delimiter,
    { line: 1, skipping: false },
    head.length === bytes.length - start,
    HISTORY_RULES.maxLineBytes,
  );
  const header = read.records[0];
  if (!header || !('fields' in header)) throw new ApiError(400, 'history_header_invalid');
  const { columns, missing, twice } = headerColumns(header.fields);
  if (missing.length > 0) {
    throw new ApiError(
      400,
      'history_columns_missing',
      Object.fromEntries(missing.map((c) => [c, 'history_column_missing'])),
    );
  }
  if (twice.length > 0) {
    throw new ApiError(
      400,
      'history_column_twice',
      Object.fromEntries(twice.map((c) => [c, 'history_column_twice'])),
    );
  }
  // The first line after the header: there must be one with something in it.
  const afterHeader = start + header.after;
  if (
    !/\S/.test(
      new TextDecoder().decode(bytes.subarray(afterHeader, Math.min(bytes.length, afterHeader + 4096))),
    )
  )
    throw new ApiError(400, 'history_no_lines');

  const key = `${FILE_PREFIX}${crypto.randomUUID()}.csv`;
  await images.put(key, bytes, { httpMetadata: { contentType: 'text/csv; charset=utf-8' } });
  try {
    const [made] = await runBatch(db, [
      db
        .insert(revenueImports)
        .values({
          fileKey: key,
          fileName,
          fileBytes: bytes.length,
          columns: columns as Record<string, number>,
          delimiter,
          byteOffset: afterHeader,
          nextLine: 1 + countLineBreaks(head, 0, header.after),
          createdBy: actor?.id ?? null,
        })
        .returning({ id: revenueImports.id }),
      insertWhere(
        db,
        auditLog,
        auditEntry(actor, 'revenue.history_import', 'revenue_import', null, null, {
          fileName,
          bytes: bytes.length,
        }),
        sql`1`,
      ),
    ]);
    return { importId: Number((made!.results[0] as { id: number }).id) };
  } catch (err) {
    await images.delete(key);
    throw err;
  }
}

const isoOf = (ms: Date | number | null) => (ms === null ? null : new Date(ms).toISOString());

function importView(row: RevenueImportRow, refused: HistoryRefusal[], language: Language): HistoryImport {
  return {
    id: row.id,
    fileName: row.fileName,
    fileBytes: row.fileBytes,
    status: row.status,
    phase: row.phase,
    bytesRead: Math.min(row.fileBytes, row.byteOffset),
    rows: row.rows,
    imported: row.imported,
    added: row.added,
    replaced: row.replaced,
    unchanged: row.unchanged,
    refusedCount: row.refusedCount,
    refused,
    error: row.error ? { code: row.error, message: translate(row.error, language) } : null,
    createdAt: isoOf(row.createdAt)!,
    finishedAt: isoOf(row.finishedAt),
  };
}

/** GET /api/admin/revenue/history/:importId (404 `history_import_not_found`). */
export async function historyImport(db: Db, id: number, language: Language): Promise<HistoryImport> {
  const [rows, refused] = await db.batch([
    db.select().from(revenueImports).where(eq(revenueImports.id, id)),
    db
      .select({
        line: revenueImportRefusals.line,
        field: revenueImportRefusals.field,
        code: revenueImportRefusals.code,
      })
      .from(revenueImportRefusals)
      .where(eq(revenueImportRefusals.importId, id))
      .orderBy(revenueImportRefusals.line, revenueImportRefusals.field)
      .limit(HISTORY_RULES.refusalsListed),
  ]);
  const row = rows[0];
  if (!row) throw new ApiError(404, 'history_import_not_found');
  return importView(
    row,
    refused.map((r) => ({ ...r, field: r.field as HistoryColumn | 'line' })),
    language,
  );
}

/**
 * GET /api/admin/revenue/history: the latest imports, and what the history holds (its lines, the
 * first and last arrivals, each read along an index: no count over the history).
 */
export async function historyImports(db: Db, language: Language): Promise<HistoryImports> {
  const [imports, totals] = await db.batch([
    db.select().from(revenueImports).orderBy(desc(revenueImports.id)).limit(20),
    db.all<{ lines: number | null; first: string | null; last: string | null }>(
      sql`select (select sum(added) from revenue_imports) as lines,
        (select min(arrival) from revenue_history) as first, (select max(arrival) from revenue_history) as last`,
    ),
  ]);
  const t = totals[0];
  return {
    imports: imports.map((row) => {
      const { refused: _, ...view } = importView(row, [], language);
      return view;
    }),
    history: { lines: Number(t?.lines ?? 0), firstArrival: t?.first ?? null, lastArrival: t?.last ?? null },
  };
}

/** The history's columns a row compares and writes (HistoryRow's, in its table's names). */
const ROW_FIELDS: [keyof HistoryRow, string][] = [
  ['reference', 'reference'],
  ['bookedOn', 'booked_on'],
  ['arrival', 'arrival'],
  ['departure', 'departure'],
  ['status', 'status'],
  ['cancelledOn', 'cancelled_on'],
  ['roomType', 'room_type'],
  ['rooms', 'rooms'],
  ['adults', 'adults'],
  ['children', 'children'],
  ['nationality', 'nationality'],
  ['segment', 'segment'],
  ['channel', 'channel'],
  ['rateBaisa', 'rate_baisa'],
];

/** Statements writing rows (added or replaced) by their reference, from one JSON parameter each. */
function upsertStatements(importId: number, rows: (HistoryRow & { line: number })[]): Statement[] {
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    const part = rows.slice(i, i + ROWS_PER_STATEMENT);
    const columns = ROW_FIELDS.map(([, column]) => column);
    const values = ROW_FIELDS.map(([field]) => `json_extract(value, '$.${field}')`);
    statements.push(
      sql`insert into revenue_history (${sql.raw(columns.join(', '))}, import_id, line)
        select ${sql.raw(values.join(', '))}, ${importId}, json_extract(value, '$.line') from json_each(${JSON.stringify(part)}) where true
        on conflict (reference) do update set ${sql.raw(
          columns
            .filter((c) => c !== 'reference')
            .map((c) => `${c} = excluded.${c}`)
            .join(', '),
        )}, import_id = excluded.import_id, line = excluded.line,
          updated_at = cast(unixepoch('subsec') * 1000 as integer)`,
    );
  }
  return statements;
}

type StoredRow = Record<string, string | number | null>;

/** The rows already held for these references. */
async function storedRows(db: Db, references: string[]): Promise<Map<string, StoredRow>> {
  const stored = new Map<string, StoredRow>();
  for (let i = 0; i < references.length; i += 2000) {
    const part = references.slice(i, i + 2000);
    const rows = await db.all<StoredRow>(
      sql`select ${sql.raw(ROW_FIELDS.map(([, c]) => c).join(', '))} from revenue_history
        where reference in (select value from json_each(${JSON.stringify(part)}))`,
    );
    for (const row of rows) stored.set(String(row.reference), row);
  }
  return stored;
}

const sameRow = (row: HistoryRow, stored: StoredRow) =>
  ROW_FIELDS.every(([field, column]) => (row[field] ?? null) === (stored[column] ?? null));

/** A night range widened by a stay's nights [arrival, departure). */
function widen(range: { from: string | null; to: string | null }, arrival: string, departure: string) {
  const last = addDays(departure, -1);
  if (range.from === null || arrival < range.from) range.from = arrival;
  if (range.to === null || last > range.to) range.to = last;
}

/** Claims the oldest running import no other run works on, for LEASE_MS; or none. */
async function claimImport(db: Db, now: number): Promise<RevenueImportRow | null> {
  const [row] = await db
    .update(revenueImports)
    .set({ leaseUntil: now + LEASE_MS })
    .where(
      sql`${revenueImports.id} = (select id from revenue_imports where status = 'running'
        and (lease_until is null or lease_until < ${now}) order by id limit 1)`,
    )
    .returning();
  return row ?? null;
}

/** Where an import's bytes are read from: a range of its file (null: the file is gone). */
export type FileSource = (key: string, offset: number, length: number) => Promise<Uint8Array | null>;

/** The file in R2 (a range read). */
export const r2Source =
  (images: R2Bucket): FileSource =>
  async (key, offset, length) => {
    const object = await images.get(key, { range: { offset, length } });
    return object ? new Uint8Array(await object.arrayBuffer()) : null;
  };

/** One chunk of an import's lines: read, checked, written with the import's progress in one batch. */
async function readChunk(
  db: Db,
  source: FileSource,
  row: RevenueImportRow,
  today: string,
  now: number,
  chunkBytes: number,
) {
  const length = Math.min(chunkBytes, row.fileBytes - row.byteOffset);
  const read_ = length > 0 ? await source(row.fileKey, row.byteOffset, length) : new Uint8Array();
  if (!read_) throw new ImportFailure('history_file_missing');
  const bytes = read_;
  const final = row.byteOffset + bytes.length >= row.fileBytes;
  const read = readRecords(
    bytes,
    row.delimiter,
    { line: row.nextLine, skipping: row.skipping },
    final,
    HISTORY_RULES.maxLineBytes,
  );
  const types = await roomTypeNames(db);

  const refusals: (LineRefusal & { line: number })[] = [];
  const good = new Map<string, HistoryRow & { line: number }>();
  let refusedLines = 0;
  let accepted = 0;
  for (const record of read.records) {
    if ('refused' in record) {
      refusals.push({ line: record.line, field: 'line', code: record.refused });
      refusedLines += 1;
      continue;
    }
    const line = readHistoryLine(
      record.fields,
      row.columns as Partial<Record<HistoryColumn, number>>,
      types,
      today,
    );
    if ('refusals' in line) {
      refusals.push(...line.refusals.map((r) => ({ ...r, line: record.line })));
      refusedLines += 1;
      continue;
    }
    accepted += 1;
    // The same reference twice in a file: the later line replaces the earlier.
    good.delete(line.row.reference);
    good.set(line.row.reference, { ...line.row, line: record.line });
  }

  const stored = await storedRows(db, [...good.keys()]);
  const nights = { from: row.nightsFrom, to: row.nightsTo };
  const changed: (HistoryRow & { line: number })[] = [];
  let added = 0;
  let replaced = 0;
  let longest = 0;
  for (const r of good.values()) {
    const before = stored.get(r.reference);
    if (before && sameRow(r, before)) continue;
    if (before) {
      replaced += 1;
      widen(nights, String(before.arrival), String(before.departure));
    } else added += 1;
    widen(nights, r.arrival, r.departure);
    longest = Math.max(longest, Math.round((Date.parse(r.departure) - Date.parse(r.arrival)) / 86_400_000));
    changed.push(r);
  }
  const unchanged = accepted - added - replaced;
  const keepRefusals = Math.max(0, REFUSALS_KEPT - row.refusedCount);
  const offset = row.byteOffset + read.consumed;
  const done = final && offset >= row.fileBytes;
  const statements: Statement[] = [
    ...upsertStatements(row.id, changed),
    ...(longest > 0
      ? [
          db
            .update(revenueState)
            .set({ historyMaxNights: sql`max(${revenueState.historyMaxNights}, ${longest})` })
            .where(eq(revenueState.id, 1)),
        ]
      : []),
    ...(refusals.length && keepRefusals > 0
      ? [
          sql`insert or ignore into revenue_import_refusals (import_id, line, field, code)
            select ${row.id}, json_extract(value, '$.line'), json_extract(value, '$.field'), json_extract(value, '$.code')
            from json_each(${JSON.stringify(refusals.slice(0, keepRefusals))})`,
        ]
      : []),
    db
      .update(revenueImports)
      .set({
        byteOffset: offset,
        nextLine: read.next.line,
        skipping: read.next.skipping,
        rows: sql`${revenueImports.rows} + ${read.records.length}`,
        imported: sql`${revenueImports.imported} + ${accepted}`,
        added: sql`${revenueImports.added} + ${added}`,
        replaced: sql`${revenueImports.replaced} + ${replaced}`,
        unchanged: sql`${revenueImports.unchanged} + ${unchanged}`,
        refusedCount: sql`${revenueImports.refusedCount} + ${refusedLines}`,
        nightsFrom: nights.from,
        nightsTo: nights.to,
        leaseUntil: now + LEASE_MS,
        ...(done
          ? nights.from === null
            ? { phase: 'done' as const, status: 'done' as const, finishedAt: new Date(now), leaseUntil: null }
            : { phase: 'books' as const, booksCursor: nights.from }
          : {}),
      })
      .where(eq(revenueImports.id, row.id)),
  ];
  await runBatch(db, statements);
  // A chunk that held no whole line (one longer than a chunk cannot be: it is refused first).
  if (read.consumed === 0 && !done) throw new ImportFailure('history_import_failed');
}

/** One slice of the books' rebuild, and the import's cursor moved on (or the import done). */
async function rebuildSlice(db: Db, row: RevenueImportRow, now: number) {
  const from = row.booksCursor ?? row.nightsFrom!;
  const end = row.nightsTo!;
  const to = addDays(from, BOOKS_SLICE_NIGHTS - 1) < end ? addDays(from, BOOKS_SLICE_NIGHTS - 1) : end;
  const last = to >= end;
  await rebuildHistoryNights(db, from, to, [
    db
      .update(revenueImports)
      .set(
        last
          ? { phase: 'done', status: 'done', booksCursor: null, finishedAt: new Date(now), leaseUntil: null }
          : { booksCursor: addDays(to, 1), leaseUntil: now + LEASE_MS },
      )
      .where(eq(revenueImports.id, row.id)),
  ]);
}

/** An import that cannot go on (its file is gone): failed with this code. */
class ImportFailure extends Error {}

/**
 * The minute cron's work on the imports: the oldest running one, a chunk of lines or a slice of
 * nights at a time, until `budgetMs` is spent (or `steps` taken) or nothing is left; then the next one.
 * (`chunkBytes`: the chunks' size, CHUNK_BYTES but for a test.) An error
 * leaves the import for the next run (its lease runs out); the fifth fails it.
 */
export async function runHistoryImports(
  db: Db,
  source: FileSource,
  {
    budgetMs = 20_000,
    now = () => Date.now(),
    steps = Infinity,
    chunkBytes = CHUNK_BYTES,
  }: { budgetMs?: number; now?: () => number; steps?: number; chunkBytes?: number } = {},
): Promise<{ chunks: number; slices: number }> {
  const started = now();
  const today = hotelToday(new Date(started));
  let chunks = 0;
  let slices = 0;
  const more = () => now() - started < budgetMs && chunks + slices < steps;
  while (more()) {
    let row = await claimImport(db, now());
    if (!row) break;
    try {
      while (more() && row.status === 'running') {
        if (row.phase === 'lines') {
          await readChunk(db, source, row, today, now(), chunkBytes);
          chunks += 1;
        } else {
          await rebuildSlice(db, row, now());
          slices += 1;
        }
        const [next] = await db.select().from(revenueImports).where(eq(revenueImports.id, row.id));
        row = next!;
      }
      if (row.status === 'running') {
        // Out of time: another run goes on from here at once.
        await db.update(revenueImports).set({ leaseUntil: null }).where(eq(revenueImports.id, row.id));
      }
    } catch (err) {
      const failed = err instanceof ImportFailure || row.attempts + 1 >= MAX_ATTEMPTS;
      console.log(JSON.stringify({ msg: 'revenue-import-failed', importId: row.id, error: String(err) }));
      await db
        .update(revenueImports)
        .set(
          failed
            ? {
                status: 'failed',
                error: err instanceof ImportFailure ? err.message : 'history_import_failed',
                finishedAt: new Date(now()),
                leaseUntil: null,
                attempts: row.attempts + 1,
              }
            : { attempts: row.attempts + 1 },
        )
        .where(eq(revenueImports.id, row.id));
      if (!failed) break;
    }
  }
  return { chunks, slices };
}
