import type { CreateGroupInput, GroupDetail, GroupNight, UpdateGroupInput } from '@shared/group-schemas';
import { addDays, hotelToday } from '@shared/dates';
import { toLatinDigits } from '@shared/digits';

/** A line of the block as typed: rooms of a type each night from `from` to `to` (both held). */
export type RoomLine = { key: string; roomType: string; from: string; to: string; count: number };

export type BlockForm = {
  name: string;
  /** '' for a block of no company. */
  companyId: string;
  ratePlan: string;
  status: 'tentative' | 'definite';
  releaseDate: string;
  billing: 'master' | 'individual';
  rooms: RoomLine[];
};

let nextKey = 0;
export const newLine = (roomType = '', from = '', to = ''): RoomLine => ({
  key: `l${++nextKey}`,
  roomType,
  from,
  to,
  count: 1,
});

/** A new block: a week from today for three nights, released three days before. */
export function emptyBlock(ratePlan = '', roomType = ''): BlockForm {
  const from = addDays(hotelToday(), 7);
  return {
    name: '',
    companyId: '',
    ratePlan,
    status: 'tentative',
    releaseDate: addDays(from, -3),
    billing: 'individual',
    rooms: [newLine(roomType, from, addDays(from, 2))],
  };
}

/**
 * The block's nights as lines: each type's run of consecutive nights holding the same count is
 * one line (what staff typed, read back).
 */
export function linesFromNights(nights: readonly GroupNight[]): RoomLine[] {
  const lines: RoomLine[] = [];
  const sorted = [...nights]
    .filter((n) => n.held > 0)
    .sort((a, b) => a.roomType.localeCompare(b.roomType) || a.date.localeCompare(b.date));
  for (const night of sorted) {
    const last = lines.at(-1);
    if (
      last &&
      last.roomType === night.roomType &&
      last.count === night.held &&
      addDays(last.to, 1) === night.date
    )
      last.to = night.date;
    else lines.push({ ...newLine(night.roomType, night.date, night.date), count: night.held });
  }
  return lines;
}

export function formOfBlock(detail: GroupDetail): BlockForm {
  const { group } = detail;
  return {
    name: group.name,
    companyId: group.companyId === null ? '' : String(group.companyId),
    ratePlan: group.ratePlan,
    status: group.status === 'definite' ? 'definite' : 'tentative',
    releaseDate: group.releaseDate,
    billing: group.billing,
    rooms: linesFromNights(detail.nights),
  };
}

const bodyLine = (line: RoomLine) => ({
  roomType: line.roomType,
  from: line.from,
  to: line.to,
  count: line.count,
});

/** POST /api/admin/groups's body. */
export function createBody(form: BlockForm): CreateGroupInput {
  return {
    name: toLatinDigits(form.name).trim(),
    companyId: form.companyId ? Number(form.companyId) : null,
    ratePlan: form.ratePlan,
    status: form.status,
    releaseDate: form.releaseDate,
    billing: form.billing,
    rooms: form.rooms.map(bodyLine),
  };
}

/**
 * PATCH's body: the fields, and the lines; a night the block held that no line names any more is
 * set to 0 (freed), since nights the lines leave out keep what they hold.
 */
export function updateBody(form: BlockForm, before: readonly GroupNight[]): UpdateGroupInput {
  const covered = (night: GroupNight) =>
    form.rooms.some((l) => l.roomType === night.roomType && l.from <= night.date && night.date <= l.to);
  const freed = before
    .filter((n) => n.held > 0 && !covered(n))
    .map((n) => ({ roomType: n.roomType, from: n.date, to: n.date, count: 0 }));
  const { ratePlan: _plan, ...rest } = createBody(form);
  return { ...rest, rooms: [...form.rooms.map(bodyLine), ...freed] };
}

/**
 * The lines (0-based) that would hold rooms of a type the block's plan does not sell (`sold`, the
 * plan's room types; unknown: none), as the server judges them (groups/plan-lines.ts): a line
 * that holds more than its nights hold now (`before`; a new block's are all new). A line of 0
 * frees its nights, and one the block already holds may stay if the plan stopped selling it.
 */
export function unsoldLines(
  form: Pick<BlockForm, 'rooms'>,
  sold: readonly string[] | undefined,
  before: readonly GroupNight[] = [],
): number[] {
  if (!sold) return [];
  const held = new Map(before.map((n) => [`${n.roomType}|${n.date}`, n.held]));
  const raises = (line: RoomLine) => {
    if (!line.from || !line.to || line.to < line.from) return true;
    for (let night = line.from; night <= line.to; night = addDays(night, 1))
      if ((held.get(`${line.roomType}|${night}`) ?? 0) < line.count) return true;
    return false;
  };
  return form.rooms.flatMap((line, i) =>
    line.roomType && line.count > 0 && !sold.includes(line.roomType) && raises(line) ? [i] : [],
  );
}

/** The field a server's `fields` key names on the form (`rooms.1.to` -> `rooms.1.to`, `name`). */
export type BlockField =
  | 'name'
  | 'companyId'
  | 'ratePlan'
  | 'status'
  | 'releaseDate'
  | 'billing'
  | 'rooms'
  | `rooms.${number}.${'roomType' | 'from' | 'to' | 'count'}`;
