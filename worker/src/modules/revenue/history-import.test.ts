import { env } from 'cloudflare:workers';
import { drizzle } from 'drizzle-orm/d1';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, hotelToday } from '@shared/dates';
import { HISTORY_RULES, type HistoryImport, type HistoryImports } from '@shared/revenue';
import { count, json, one, staffAccount } from '@worker-test/builders';
import { call, runCron, signUp } from '@worker-test/helpers';
import { generateHistory, historyCsv } from '../../seed/revenue-history';
import { CHUNK_BYTES, r2Source, runHistoryImports } from './history-import';

/**
 * The history import (POST /api/admin/revenue/history; docs/decisions/094): a manager's CSV is kept
 * in R2 and answered 202 at once; the minute cron reads it in chunks; each refused line is named
 * (line, column, code) and the rest goes in; the same file again changes nothing, a corrected line
 * replaces its reference's row and the nights' books follow; nothing of it becomes a stay, a folio
 * line or an invoice; a bad file is refused with a clear error and nothing kept; the roles below
 * manager are refused.
 */

let manager = '';
/** What the hotel's stays, folios and invoices held before any import. */
const PRODUCT_TABLES = ['booking_submissions', 'booking_nights', 'folio_lines', 'invoices', 'room_nights'];
let productRows: number[] = [];
beforeAll(async () => {
  manager = (await staffAccount({ role: 'manager' })).cookie;
  productRows = await Promise.all(PRODUCT_TABLES.map((t) => count(`select count(*) as n from ${t}`)));
});

const TODAY = hotelToday();
const d = (offset: number) => addDays(TODAY, offset);
const HEADER = 'reference,bookedOn,arrival,departure,status,cancelledOn,roomType,rooms,nationality,rateBaisa';

function upload(body: BodyInit, cookie = manager, contentType?: string) {
  return call('/api/admin/revenue/history', {
    method: 'POST',
    cookie,
    lang: 'en',
    body,
    ...(contentType && { headers: { 'content-type': contentType } }),
  });
}
function form(text: string | Uint8Array, name = 'history.csv') {
  const data = new FormData();
  data.set('file', new File([text], name, { type: 'text/csv' }));
  return data;
}
const status = async (id: number, cookie = manager) =>
  json<HistoryImport>(await call(`/api/admin/revenue/history/${id}`, { cookie, lang: 'en' }));
const drizzleDb = () => drizzle(env.DB);
/** Every running import read to its end, as the minute cron does. */
const runImports = () => runHistoryImports(drizzleDb(), r2Source(env.IMAGES));

const GOOD = [
  `G1,${d(-40)},${d(-30)},${d(-28)},stayed,,gold,1,OMN,13200`,
  `G2,${d(-40)},${d(-30)},${d(-29)},cancelled,${d(-35)},silver,2,gb,12600`,
  `G3,${d(-20)},${d(-10)},${d(-8)},no_show,,OLD-TWIN,1,XX,9000`,
  `"G4",${d(-5)},${d(3)},${d(5)},stayed,,"gold",1,,`,
];
const BAD = [
  // line 6: an impossible date; 7: a departure not after the arrival; 8: a cancellation before its booking.
  `B1,${d(-40)},${TODAY.slice(0, 4)}-02-30,${d(-28)},stayed,,gold,1,OM,1000`,
  `B2,${d(-40)},${d(-30)},${d(-30)},stayed,,gold,1,OM,1000`,
  `B3,${d(-40)},${d(-30)},${d(-29)},cancelled,${d(-41)},gold,1,OM,1000`,
];
const FILE = [HEADER, ...GOOD, ...BAD].join('\r\n') + '\r\n';

describe('a history file imported in the background', () => {
  let importId = 0;
  it('is kept in R2 and answered 202 before any line is read', async () => {
    const res = await upload(form(FILE));
    expect(res.status).toBe(202);
    const body = await json<{ importId: number; message: string }>(res);
    importId = body.importId;
    expect(body.message).toMatch(/background/);
    const before = await status(importId);
    expect(before).toMatchObject({ status: 'running', phase: 'lines', rows: 0, imported: 0, refused: [] });
    const listed = await env.IMAGES.list({ prefix: 'revenue-history/' });
    expect(listed.objects.some((o) => o.size === new TextEncoder().encode(FILE).length)).toBe(true);
    expect(await count('select count(*) as n from revenue_history')).toBe(0);
  });

  it('is read by the minute cron: the refused lines named, the rest in', async () => {
    await runCron('* * * * *');
    const after = await status(importId);
    expect(after).toMatchObject({
      status: 'done',
      phase: 'done',
      rows: 7,
      imported: 4,
      added: 4,
      refusedCount: 3,
    });
    expect(after.refused).toEqual([
      { line: 6, field: 'arrival', code: 'history_date_invalid' },
      { line: 7, field: 'departure', code: 'history_departure_not_after_arrival' },
      { line: 8, field: 'cancelledOn', code: 'history_cancelled_before_booked' },
    ]);
    const rows = await env.DB.prepare(
      'select reference, status, cancelled_on as cancelledOn, room_type as roomType, rooms, nationality from revenue_history order by reference',
    ).all();
    expect(rows.results).toEqual([
      { reference: 'G1', status: 'stayed', cancelledOn: null, roomType: 'gold', rooms: 1, nationality: 'OM' },
      {
        reference: 'G2',
        status: 'cancelled',
        cancelledOn: d(-35),
        roomType: 'silver',
        rooms: 2,
        nationality: 'GB',
      },
      // A type the hotel does not sell is kept under its own code; an unknown nationality empty.
      {
        reference: 'G3',
        status: 'no_show',
        cancelledOn: null,
        roomType: 'OLD-TWIN',
        rooms: 1,
        nationality: null,
      },
      { reference: 'G4', status: 'stayed', cancelledOn: null, roomType: 'gold', rooms: 1, nationality: null },
    ]);
    // The nights' books: G1's two nights stayed, G2's cancellation left nothing, G3 on the books but not stayed.
    const night = (date: string, type: string) =>
      one<{ history: string; final: number }>(
        'select history, history_final as final from revenue_nights where night = ? and room_type = ?',
        date,
        type,
      );
    expect(await night(d(-30), 'gold')).toEqual({ history: '[10,1]', final: 1 });
    expect(await night(d(-30), 'silver')).toEqual({ history: '[10,2,5,0]', final: 0 });
    expect(await night(d(-10), 'OLD-TWIN')).toEqual({ history: '[10,1]', final: 0 });
  });

  it('names a refused line in Arabic and in English on the screen (the shared catalogue’s codes)', async () => {
    const { formErrorMessage } = await import('@shared/message-catalogue');
    expect(formErrorMessage('history_departure_not_after_arrival', 'en')).toBe(
      'The departure is not after the arrival',
    );
    expect(formErrorMessage('history_departure_not_after_arrival', 'ar')).toBe(
      'تاريخ المغادرة ليس بعد تاريخ الوصول',
    );
  });

  it('changes nothing when the same file comes again', async () => {
    const before = await env.DB.prepare('select * from revenue_history order by reference').all();
    const nights = await env.DB.prepare('select * from revenue_nights order by night, room_type').all();
    const res = await upload(form(FILE));
    const again = (await json<{ importId: number }>(res)).importId;
    await runImports();
    expect(await status(again)).toMatchObject({
      status: 'done',
      imported: 4,
      added: 0,
      replaced: 0,
      unchanged: 4,
    });
    expect((await env.DB.prepare('select * from revenue_history order by reference').all()).results).toEqual(
      before.results,
    );
    expect(
      (await env.DB.prepare('select * from revenue_nights order by night, room_type').all()).results,
    ).toEqual(nights.results);
  });

  it('replaces a line corrected under the same reference, and its nights follow', async () => {
    // G1 was a mistake: it was cancelled; the corrected file says so, and moves it a night later.
    const corrected = [HEADER, `G1,${d(-40)},${d(-29)},${d(-28)},cancelled,${d(-31)},gold,1,OM,13200`].join(
      '\n',
    );
    const id = (await json<{ importId: number }>(await upload(form(corrected)))).importId;
    await runImports();
    expect(await status(id)).toMatchObject({ status: 'done', imported: 1, replaced: 1, added: 0 });
    expect(await one('select arrival, status from revenue_history where reference = ?', 'G1')).toEqual({
      arrival: d(-29),
      status: 'cancelled',
    });
    // The old night has no G1 any more; the new one has it booked then cancelled, not stayed.
    expect(
      await one("select count(*) as n from revenue_nights where night = ? and room_type = 'gold'", d(-30)),
    ).toEqual({ n: 0 });
    expect(
      await one(
        "select history, history_final as final from revenue_nights where night = ? and room_type = 'gold'",
        d(-29),
      ),
    ).toEqual({ history: '[11,1,2,0]', final: 0 });
  });

  it('never makes a stay, a folio line or an invoice', async () => {
    const now = await Promise.all(PRODUCT_TABLES.map((t) => count(`select count(*) as n from ${t}`)));
    expect(now).toEqual(productRows);
  });
});

describe('a large file', () => {
  it('is read a chunk at a time, never in one go, and ends with every line in', async () => {
    const lines = generateHistory({ asOf: TODAY, seed: 3, rooms: { gold: 20, silver: 10 }, yearsBack: 2 });
    const csv = historyCsv(lines);
    // Chunks of 200 KB here (1 MB in the cron): the same reading, more chunk boundaries.
    const chunkBytes = 200_000;
    expect(csv.length).toBeGreaterThan(4 * chunkBytes);
    expect(CHUNK_BYTES).toBeGreaterThan(HISTORY_RULES.maxLineBytes);
    const id = (await json<{ importId: number }>(await upload(form(csv, 'old-system.csv')))).importId;
    await runHistoryImports(drizzleDb(), r2Source(env.IMAGES), { steps: 1, chunkBytes });
    const first = await status(id);
    expect(first.status).toBe('running');
    expect(first.bytesRead).toBeGreaterThan(0);
    // The header, then one chunk cut at its last whole line.
    const header = csv.indexOf('\r\n') + 2;
    expect(first.bytesRead - header).toBeLessThanOrEqual(chunkBytes);
    expect(first.bytesRead - header).toBeGreaterThan(chunkBytes - 300);
    expect(first.rows).toBeGreaterThan(100);
    await runHistoryImports(drizzleDb(), r2Source(env.IMAGES), { chunkBytes });
    const done = await status(id);
    expect(done).toMatchObject({
      status: 'done',
      rows: lines.length,
      imported: lines.length,
      refusedCount: 0,
    });
    expect(done.bytesRead).toBe(done.fileBytes);
    const list = await json<HistoryImports>(await call('/api/admin/revenue/history', { cookie: manager }));
    expect(list.imports[0]).toMatchObject({ id, status: 'done', fileName: 'old-system.csv' });
    expect(list.history.lines).toBe(4 + lines.length);
  });
});

describe('a bad file', () => {
  const refused = async (res: Response) => ({
    status: res.status,
    ...(await json<{ error: Record<string, unknown> }>(res)).error,
  });

  it('is refused with a clear error, in the reader’s language, and nothing is kept', async () => {
    const kept = (await env.IMAGES.list({ prefix: 'revenue-history/' })).objects.length;
    const imports = await count('select count(*) as n from revenue_imports');
    expect(await refused(await upload(new FormData()))).toMatchObject({
      status: 400,
      code: 'history_file_required',
    });
    expect(
      await refused(await upload(JSON.stringify({ file: 'x' }), manager, 'application/json')),
    ).toMatchObject({
      status: 400,
      code: 'history_file_required',
    });
    expect(await refused(await upload(form('')))).toMatchObject({ status: 400, code: 'history_file_empty' });
    expect(
      await refused(await upload(form(new Uint8Array([0x72, 0x65, 0x66, 0xff, 0xfe, 0x0a])))),
    ).toMatchObject({
      status: 400,
      code: 'history_not_utf8',
      message: 'The file is not UTF-8 text: save it from the spreadsheet as CSV UTF-8',
    });
    const missing = await refused(await upload(form('reference,arrival,notes\nA,2026-01-01,x\n')));
    expect(missing).toMatchObject({
      status: 400,
      code: 'history_columns_missing',
      fields: {
        bookedOn: 'This column is missing from the header',
        departure: 'This column is missing from the header',
        status: 'This column is missing from the header',
        roomType: 'This column is missing from the header',
      },
    });
    const arabic = await call('/api/admin/revenue/history', {
      method: 'POST',
      cookie: manager,
      lang: 'ar',
      body: form('reference\nA\n'),
    });
    expect((await json<{ error: { message: string } }>(arabic)).error.message).toBe(
      'تنقص سطرَ العناوين أعمدةٌ يحتاجها كل سطر',
    );
    expect(await refused(await upload(form(`${HEADER},Reference\n`)))).toMatchObject({
      status: 400,
      code: 'history_column_twice',
    });
    expect(await refused(await upload(form(`${HEADER}\r\n\r\n`)))).toMatchObject({
      status: 400,
      code: 'history_no_lines',
    });
    // A broken multipart body.
    expect(
      await refused(
        await upload(
          '--x\r\ncontent-disposition: form-data; name="file"\r\n\r\nabc',
          manager,
          'multipart/form-data; boundary=y',
        ),
      ),
    ).toMatchObject({ status: 400, code: 'history_file_required' });
    expect((await env.IMAGES.list({ prefix: 'revenue-history/' })).objects.length).toBe(kept);
    expect(await count('select count(*) as n from revenue_imports')).toBe(imports);
  });

  it('over 20 MB is refused 413 before it is read', async () => {
    const big = new Uint8Array(20 * 1024 * 1024 + 100_000).fill(0x61);
    const res = await upload(form(big));
    expect(res.status).toBe(413);
    expect((await json<{ error: { code: string } }>(res)).error.code).toBe('history_file_too_large');
  });

  it('is an unknown import: 404', async () => {
    const res = await call('/api/admin/revenue/history/999999', { cookie: manager, lang: 'en' });
    expect(res.status).toBe(404);
    expect(
      (
        await json<{ error: { code: string } }>(
          await call('/api/admin/revenue/history/abc', { cookie: manager }),
        )
      ).error.code,
    ).toBe('validation_failed');
  });
});

describe('the roles below manager', () => {
  it('are refused every revenue call, and so is nobody signed in', async () => {
    const guest = (await signUp()).cookie;
    const desk = (await staffAccount({ role: 'staff' })).cookie;
    const housekeeper = (await staffAccount({ role: 'housekeeper' })).cookie;
    const calls: [string, string, RequestInit?][] = [
      ['POST', '/api/admin/revenue/history', { body: form(FILE) }],
      ['GET', '/api/admin/revenue/history'],
      ['GET', '/api/admin/revenue/history/1'],
      ['GET', '/api/admin/revenue/events?year=2026'],
      ['POST', '/api/admin/revenue/events'],
      ['PUT', '/api/admin/revenue/events/1'],
      ['DELETE', '/api/admin/revenue/events/1'],
      ['GET', `/api/admin/revenue/forecast?from=${TODAY}&to=${TODAY}`],
      ['GET', `/api/admin/revenue/backtest?from=${d(-2)}&to=${d(-1)}`],
    ];
    for (const [method, path, init] of calls) {
      for (const cookie of [guest, desk, housekeeper]) {
        const res = await call(path, { method, cookie, ...init });
        expect(res.status, `${method} ${path}`).toBe(403);
      }
      expect((await call(path, { method, ...init })).status, `${method} ${path} signed out`).toBe(401);
    }
    const admin = (await staffAccount({ role: 'admin' })).cookie;
    expect((await call('/api/admin/revenue/history', { cookie: admin })).status).toBe(200);
  });
});
