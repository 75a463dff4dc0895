import { describe, expect, it } from 'vitest';
import { booksOfLines, curveOfChanges, roomsAtLead, sumCurves, withPoint } from './booking-curves';
import { detectDelimiter, readRecords, splitFields, type CsvRecord } from './csv-records';
import { headerColumns, nationalityOf, readHistoryLine } from './history-lines';

/**
 * Reading a history file (docs/decisions/094): records found on the bytes a chunk at a time,
 * whatever the chunk boundaries (quotes, line breaks and Arabic inside fields, CRLF, LF or CR
 * line ends, a byte-order mark), a never-closed quote or an overlong line refused alone; each line
 * checked column by column and its dates together; the nights' booking curves built from lines.
 */

const enc = new TextEncoder();

/** Every record of a text, read in chunks of `size` bytes as the import reads its file. */
function readAll(text: string, size: number, delimiter = ',', maxLineBytes = 1000) {
  const bytes = enc.encode(text);
  const records: CsvRecord[] = [];
  let offset = 0;
  let state = { line: 1, skipping: false };
  let length = size;
  for (let guard = 0; offset < bytes.length && guard < 10_000; guard++) {
    const chunk = bytes.subarray(offset, Math.min(bytes.length, offset + length));
    const final = offset + chunk.length >= bytes.length;
    const read = readRecords(chunk, delimiter, state, final, maxLineBytes);
    records.push(...read.records);
    offset += read.consumed;
    state = read.next;
    // A record longer than the chunk (the import's chunks are longer than any line it keeps): a longer read.
    length = read.consumed === 0 ? length * 2 : size;
  }
  return records.map((r) =>
    'fields' in r ? { line: r.line, fields: r.fields } : { line: r.line, refused: r.refused },
  );
}

const FILE =
  'reference,arrival,notes\r\n' +
  'A1,2026-01-02,"Al Hinai, Said"\r\n' +
  '\r\n' +
  'A2,2026-01-03,"two\nlines ""quoted"""\r\n' +
  'A3,2026-01-04,سعيد الهنائي\r\n' +
  'A4,2026-01-05,last';

describe('records read a chunk at a time', () => {
  it('gives the same records at every chunk size, with the file’s line numbers', () => {
    const whole = readAll(FILE, 1_000_000);
    expect(whole).toEqual([
      { line: 1, fields: ['reference', 'arrival', 'notes'] },
      { line: 2, fields: ['A1', '2026-01-02', 'Al Hinai, Said'] },
      { line: 4, fields: ['A2', '2026-01-03', 'two\nlines "quoted"'] },
      { line: 6, fields: ['A3', '2026-01-04', 'سعيد الهنائي'] },
      { line: 7, fields: ['A4', '2026-01-05', 'last'] },
    ]);
    // Every boundary, inside a quote, a CRLF and an Arabic letter's bytes among them.
    for (const size of [80, 50, 33, 45, 47, 64, 7, 3])
      expect(readAll(FILE, size), `chunks of ${size}`).toEqual(whole);
  });

  it('reads LF and CR line ends alike', () => {
    const lf = readAll('a,b\n1,2\n3,4\n', 5);
    const cr = readAll('a,b\r1,2\r3,4\r', 5);
    expect(lf.map((r) => 'fields' in r && r.fields)).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(cr).toEqual(lf);
  });

  it('refuses alone a line whose quote never closes, and goes on after it', () => {
    const text = `a,b\n1,"open\n2,ok\n${'x'.repeat(50)}\n3,fine\n`;
    expect(readAll(text, 40, ',', 20)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, refused: 'history_line_quote' },
      { line: 3, fields: ['2', 'ok'] },
      { line: 4, refused: 'history_line_too_long' },
      { line: 5, fields: ['3', 'fine'] },
    ]);
  });

  it('refuses a line longer than a chunk and skips to its end across chunks', () => {
    const text = `a,b\n${'y'.repeat(300)}\n9,after\n`;
    expect(readAll(text, 64, ',', 40)).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, refused: 'history_line_too_long' },
      { line: 3, fields: ['9', 'after'] },
    ]);
  });

  it('finds the delimiter from the header: comma, semicolon (Excel in many locales) or tab', () => {
    expect(detectDelimiter('reference,bookedOn,arrival')).toBe(',');
    expect(detectDelimiter('reference;bookedOn;"a,b";arrival')).toBe(';');
    expect(detectDelimiter('reference\tbookedOn\tarrival')).toBe('\t');
    expect(splitFields('1;"x;y";3', ';')).toEqual(['1', 'x;y', '3']);
  });
});

const HEADER = [
  'Reference',
  'booked_on',
  'ARRIVAL',
  'departure',
  'status',
  'cancelledOn',
  'room type',
  'rooms',
  'adults',
  'children',
  'nationality',
  'segment',
  'channel',
  'rateBaisa',
  'notes',
];
const { columns } = headerColumns(HEADER);
const types = new Map([
  ['gold', 'gold'],
  ['الذهبية', 'gold'],
  ['gold room', 'gold'],
]);
const TODAY = '2026-11-28';
const line = (over: Partial<Record<string, string>>) => {
  const base: Record<string, string> = {
    Reference: 'R1',
    booked_on: '2026-01-01',
    ARRIVAL: '2026-02-01',
    departure: '2026-02-03',
    status: 'stayed',
    cancelledOn: '',
    'room type': 'gold',
    rooms: '1',
    adults: '2',
    children: '0',
    nationality: 'OM',
    segment: 'leisure',
    channel: 'phone',
    rateBaisa: '13200',
    notes: 'ignored',
  };
  const values = { ...base, ...over };
  return HEADER.map((h) => values[h] ?? '');
};
const refusals = (over: Partial<Record<string, string>>) => {
  const read = readHistoryLine(line(over), columns, types, TODAY);
  return 'refusals' in read ? read.refusals.map((r) => `${r.field}:${r.code}`) : [];
};

describe('a history line', () => {
  it('reads the columns in any order, by names written any way, the others ignored', () => {
    expect(headerColumns(['x', 'status', 'Booked On', 'REFERENCE']).columns).toEqual({
      status: 1,
      bookedOn: 2,
      reference: 3,
    });
    expect(headerColumns(['reference', 'status']).missing).toEqual([
      'bookedOn',
      'arrival',
      'departure',
      'roomType',
    ]);
    expect(headerColumns(['reference', 'Reference']).twice).toEqual(['reference']);
    const read = readHistoryLine(
      line({ 'room type': 'الذهبية', rooms: '٢', nationality: 'omn' }),
      columns,
      types,
      TODAY,
    );
    expect(read).toEqual({
      row: {
        reference: 'R1',
        bookedOn: '2026-01-01',
        arrival: '2026-02-01',
        departure: '2026-02-03',
        status: 'stayed',
        cancelledOn: null,
        roomType: 'gold',
        rooms: 2,
        adults: 2,
        children: 0,
        nationality: 'OM',
        segment: 'leisure',
        channel: 'phone',
        rateBaisa: 13200,
      },
    });
  });

  it('keeps a room type the hotel does not sell under its own code, and an unknown nationality empty', () => {
    const read = readHistoryLine(
      line({ 'room type': 'TWIN-OLD', nationality: 'XYZ', rooms: '' }),
      columns,
      types,
      TODAY,
    );
    expect('row' in read && [read.row.roomType, read.row.nationality, read.row.rooms]).toEqual([
      'TWIN-OLD',
      null,
      1,
    ]);
    expect(nationalityOf('gbr')).toBe('GB');
    expect(nationalityOf('ZZ')).toBeNull();
  });

  it('refuses an impossible date, a departure not after the arrival, a cancellation before its booking', () => {
    expect(refusals({ ARRIVAL: '2026-02-30' })).toEqual(['arrival:history_date_invalid']);
    expect(refusals({ departure: '2026-02-01' })).toEqual(['departure:history_departure_not_after_arrival']);
    expect(refusals({ status: 'cancelled', cancelledOn: '2025-12-31' })).toEqual([
      'cancelledOn:history_cancelled_before_booked',
    ]);
  });

  it('refuses the other contradictions, each named with its column', () => {
    expect(refusals({ Reference: '' })).toEqual(['reference:history_field_required']);
    expect(refusals({ status: 'maybe' })).toEqual(['status:history_status_invalid']);
    expect(refusals({ status: 'cancelled' })).toEqual(['cancelledOn:history_cancelled_on_required']);
    expect(refusals({ cancelledOn: '2026-01-05' })).toEqual([
      'cancelledOn:history_cancelled_on_not_cancelled',
    ]);
    expect(refusals({ booked_on: '2026-02-02' })).toEqual(['bookedOn:history_booked_after_arrival']);
    expect(refusals({ booked_on: '2026-12-01', ARRIVAL: '2027-01-01', departure: '2027-01-02' })).toEqual([
      'bookedOn:history_booked_in_future',
    ]);
    expect(refusals({ departure: '2027-03-01' })).toEqual(['departure:history_stay_too_long']);
    expect(refusals({ rooms: '0' })).toEqual(['rooms:history_rooms_invalid']);
    expect(refusals({ adults: '-1', rateBaisa: '1.5' })).toEqual([
      'adults:history_guests_invalid',
      'rateBaisa:history_rate_invalid',
    ]);
    expect(refusals({ segment: 'a\u0000b' })).toEqual(['segment:history_text_invalid']);
    expect(refusals({ channel: 'x'.repeat(41) })).toEqual(['channel:history_text_too_long']);
    // Arabic-Indic digits are digits.
    expect(refusals({ booked_on: '٢٠٢٦-٠١-٠١' })).toEqual([]);
  });
});

describe('a night’s booking curve', () => {
  it('counts, as of each day, the rooms booked by then and not cancelled by then', () => {
    const books = booksOfLines(
      [
        {
          arrival: '2026-03-10',
          departure: '2026-03-12',
          bookedOn: '2026-03-01',
          cancelledOn: null,
          status: 'stayed',
          rooms: 1,
          roomType: 'gold',
        },
        {
          arrival: '2026-03-10',
          departure: '2026-03-11',
          bookedOn: '2026-03-05',
          cancelledOn: '2026-03-08',
          status: 'cancelled',
          rooms: 2,
          roomType: 'gold',
        },
        {
          arrival: '2026-03-10',
          departure: '2026-03-11',
          bookedOn: '2026-03-09',
          cancelledOn: null,
          status: 'no_show',
          rooms: 1,
          roomType: 'gold',
        },
      ],
      '2026-03-10',
      '2026-03-10',
    );
    const night = books.get('2026-03-10')!.get('gold')!;
    // Leads: 9 (booked 1 March), 5 (+2), 2 (-2: cancelled 8 March), 1 (+1 no-show).
    expect(night.curve).toEqual([9, 1, 5, 3, 2, 1, 1, 2]);
    expect([10, 9, 6, 5, 3, 2, 1, 0].map((lead) => roomsAtLead(night.curve, lead))).toEqual([
      0, 1, 1, 3, 3, 1, 2, 2,
    ]);
    // Only the stay that stayed is the final (a cancellation and a no-show are not).
    expect(night.final).toBe(1);
    expect(books.has('2026-03-11')).toBe(false);
  });

  it('adds curves, and takes a stored close’s point', () => {
    const a = curveOfChanges([
      { lead: 9, rooms: 1 },
      { lead: 2, rooms: 1 },
    ]);
    const b = curveOfChanges([{ lead: 5, rooms: 3 }]);
    expect(sumCurves([a, b])).toEqual([9, 1, 5, 4, 2, 5]);
    expect(withPoint(a, 4, 1)).toEqual([9, 1]);
    expect(withPoint(a, 4, 3)).toEqual([9, 1, 4, 3]);
  });
});
