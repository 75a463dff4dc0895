import { isCalendarDate } from '@shared/date-schemas';
import { toLatinDigits } from '@shared/digits';
import { REGION_CODES } from '@shared/region-codes';
import {
  HISTORY_COLUMNS,
  HISTORY_REQUIRED_COLUMNS,
  HISTORY_RULES,
  HISTORY_STATUSES,
  type HistoryColumn,
  type HistoryStatus,
} from '@shared/revenue';
import { isCleanText } from '@shared/text-rule';
import { addDays } from '@shared/dates';
import { columnKey } from './csv-records';
import { REGION_ALPHA3 } from './region-alpha3';

/**
 * One line of a history file read into a row, or refused with why (docs/decisions/094): every
 * column checked on its own, then the dates together. A line with any refusal is refused whole
 * (its other columns are not half kept); the rest of the file goes in.
 */

export type HistoryRow = {
  reference: string;
  bookedOn: string;
  arrival: string;
  departure: string;
  status: HistoryStatus;
  cancelledOn: string | null;
  roomType: string;
  rooms: number;
  adults: number | null;
  children: number | null;
  nationality: string | null;
  segment: string | null;
  channel: string | null;
  rateBaisa: number | null;
};

export type LineRefusal = { field: HistoryColumn | 'line'; code: string };

/** The columns of a header row: each known column's index, the unknown ones ignored, the missing and doubled ones named. */
export function headerColumns(names: string[]): {
  columns: Partial<Record<HistoryColumn, number>>;
  missing: HistoryColumn[];
  twice: HistoryColumn[];
} {
  const byKey = new Map(HISTORY_COLUMNS.map((c) => [columnKey(c), c] as const));
  const columns: Partial<Record<HistoryColumn, number>> = {};
  const twice: HistoryColumn[] = [];
  names.forEach((name, i) => {
    const column = byKey.get(columnKey(name));
    if (!column) return;
    if (columns[column] !== undefined) twice.push(column);
    else columns[column] = i;
  });
  return { columns, missing: HISTORY_REQUIRED_COLUMNS.filter((c) => columns[c] === undefined), twice };
}

const REGIONS: ReadonlySet<string> = new Set(REGION_CODES);

/** A nationality as ISO 3166 alpha-2 (written alpha-2 or alpha-3); an unknown code: null (kept empty, not refused). */
export function nationalityOf(value: string): string | null {
  const code = value.trim().toUpperCase();
  if (code.length === 2 && REGIONS.has(code)) return code;
  if (code.length === 3) return REGION_ALPHA3[code] ?? null;
  return null;
}

/** The room types the hotel sells, by code and by name in either language (lower case). */
export type RoomTypeNames = Map<string, string>;

/**
 * Reads one line. `types`: the hotel's room types by code and name (a type it does not sell is
 * kept under the code as written); `today`: nothing is booked after it.
 */
export function readHistoryLine(
  fields: string[],
  columns: Partial<Record<HistoryColumn, number>>,
  types: RoomTypeNames,
  today: string,
): { row: HistoryRow } | { refusals: LineRefusal[] } {
  const refusals: LineRefusal[] = [];
  const raw = (column: HistoryColumn) => {
    const i = columns[column];
    return i === undefined ? '' : (fields[i] ?? '').trim();
  };
  const refuse = (field: HistoryColumn, code: string) => refusals.push({ field, code });
  const text = (column: HistoryColumn, max: number) => {
    const value = raw(column);
    if (value === '') {
      if (HISTORY_REQUIRED_COLUMNS.includes(column)) refuse(column, 'history_field_required');
      return null;
    }
    if (!isCleanText(value)) return (refuse(column, 'history_text_invalid'), null);
    if (value.length > max) return (refuse(column, 'history_text_too_long'), null);
    return value;
  };
  const date = (column: HistoryColumn) => {
    const value = toLatinDigits(raw(column));
    if (value === '') {
      if (HISTORY_REQUIRED_COLUMNS.includes(column)) refuse(column, 'history_field_required');
      return null;
    }
    if (!isCalendarDate(value)) return (refuse(column, 'history_date_invalid'), null);
    return value;
  };
  const whole = (column: HistoryColumn, min: number, max: number, code: string) => {
    const value = toLatinDigits(raw(column));
    if (value === '') return null;
    if (!/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max)
      return (refuse(column, code), null);
    return Number(value);
  };

  const reference = text('reference', HISTORY_RULES.referenceMax);
  const bookedOn = date('bookedOn');
  const arrival = date('arrival');
  const departure = date('departure');
  const statusText = raw('status')
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  let status: HistoryStatus | null = null;
  if (statusText === '') refuse('status', 'history_field_required');
  else if (!(HISTORY_STATUSES as readonly string[]).includes(statusText))
    refuse('status', 'history_status_invalid');
  else status = statusText as HistoryStatus;
  const cancelledOn = date('cancelledOn');
  const roomTypeText = text('roomType', HISTORY_RULES.textMax);
  const rooms = whole('rooms', 1, HISTORY_RULES.maxRooms, 'history_rooms_invalid') ?? 1;
  const adults = whole('adults', 0, HISTORY_RULES.maxGuests, 'history_guests_invalid');
  const children = whole('children', 0, HISTORY_RULES.maxGuests, 'history_guests_invalid');
  const segment = text('segment', HISTORY_RULES.textMax);
  const channel = text('channel', HISTORY_RULES.textMax);
  const rateBaisa = whole('rateBaisa', 0, HISTORY_RULES.maxRateBaisa, 'history_rate_invalid');
  const nationalityText = raw('nationality');
  const nationality = nationalityText === '' ? null : nationalityOf(toLatinDigits(nationalityText));

  // The dates together, once each is a real date.
  if (arrival && departure) {
    if (departure <= arrival) refuse('departure', 'history_departure_not_after_arrival');
    else if (addDays(arrival, HISTORY_RULES.maxStayNights) < departure)
      refuse('departure', 'history_stay_too_long');
  }
  if (bookedOn && arrival && bookedOn > arrival) refuse('bookedOn', 'history_booked_after_arrival');
  if (bookedOn && bookedOn > today) refuse('bookedOn', 'history_booked_in_future');
  if (status === 'cancelled' && cancelledOn === null && raw('cancelledOn') === '')
    refuse('cancelledOn', 'history_cancelled_on_required');
  if (status !== null && status !== 'cancelled' && raw('cancelledOn') !== '')
    refuse('cancelledOn', 'history_cancelled_on_not_cancelled');
  if (cancelledOn && bookedOn && cancelledOn < bookedOn)
    refuse('cancelledOn', 'history_cancelled_before_booked');
  if (cancelledOn && cancelledOn > today) refuse('cancelledOn', 'history_cancelled_in_future');

  if (refusals.length > 0 || !reference || !bookedOn || !arrival || !departure || !status || !roomTypeText)
    return { refusals: refusals.length ? refusals : [{ field: 'line', code: 'history_field_required' }] };
  return {
    row: {
      reference,
      bookedOn,
      arrival,
      departure,
      status,
      cancelledOn: status === 'cancelled' ? cancelledOn : null,
      roomType: types.get(roomTypeText.toLowerCase()) ?? roomTypeText,
      rooms,
      adults,
      children,
      nationality,
      segment,
      channel,
      rateBaisa,
    },
  };
}
