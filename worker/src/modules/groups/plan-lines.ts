import { addDays } from '@shared/dates';
import type { GroupRoomsLine } from '@shared/group-schemas';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import { ratePlansQuery } from '../rates';

/**
 * A block's rooms are sold at the block's plan: its rooming list prices every guest there. A line
 * holding rooms of a type the plan does not sell would hold rooms no rooming list can ever book,
 * so it is refused when it is made (400 `rate_plan_room_type_unsold`, the line's `roomType`
 * named). "Made" is a line that holds more than its nights hold now (`held`: type|night -> held,
 * empty for a new block): a line of 0 frees nights whatever its type, and a block saved again
 * with the lines it already had (a name changed) keeps them even if the plan stopped selling the
 * type since.
 *
 * @example
 * await assertPlanSellsLines(db, 'corporate', input.rooms); // POST: every line is new
 */
export async function assertPlanSellsLines(
  db: Db,
  ratePlan: string,
  lines: readonly GroupRoomsLine[],
  held: ReadonlyMap<string, number> = new Map(),
): Promise<void> {
  const raises = (line: GroupRoomsLine) => {
    for (let night = line.from; night <= line.to; night = addDays(night, 1))
      if ((held.get(`${line.roomType}|${night}`) ?? 0) < line.count) return true;
    return false;
  };
  const made = lines.map((line, i) => ({ line, i })).filter(({ line }) => line.count > 0 && raises(line));
  if (made.length === 0) return;
  const plan = (await ratePlansQuery(db)).find((p) => p.code === ratePlan);
  // An unknown plan is named by the block's own input check.
  if (!plan) return;
  const fields: Record<string, string> = {};
  for (const { line, i } of made)
    if (!plan.roomTypes.includes(line.roomType)) fields[`rooms.${i}.roomType`] = 'rate_plan_room_type_unsold';
  if (Object.keys(fields).length > 0) throw new ApiError(400, 'rate_plan_room_type_unsold', fields);
}
