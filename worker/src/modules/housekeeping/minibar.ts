import { eq } from 'drizzle-orm';
import type { SessionUser } from '@shared/auth-schemas';
import { ApiError } from '../../platform/api-error';
import type { Db } from '../../platform/env';
import type { Idempotency } from '../../platform/idempotency';
import { chargeMinibar } from '../outlets';
import { housekeepingTasks } from './tables';
import { isSupervisor } from './tasks';

/**
 * POST /api/housekeeping/tasks/:id/minibar: what a housekeeper found taken from a room's minibar,
 * posted as the minibar outlet's check to the stay the task serves (the outlets' door: items of the
 * minibar's menu, the check's number on each folio line, the outlet's revenue in the day close),
 * ALL in ONE batch with its audit line naming the task: every line goes in, or none. A housekeeper
 * reports only from their own tasks (another's is 404); a task with no stay, or a stay no longer in
 * house, is 409 (docs/decisions/091-housekeeping-tasks.md).
 */
export async function reportMinibar(
  db: Db,
  user: SessionUser,
  id: number,
  items: { itemId: number; quantity: number }[],
  { idem, language }: { idem: Idempotency | null; language: 'ar' | 'en' },
) {
  const [task] = await db.select().from(housekeepingTasks).where(eq(housekeepingTasks.id, id));
  if (!task || (!isSupervisor(user) && task.assignedTo !== user.id))
    throw new ApiError(404, 'task_not_found');
  if (task.bookingId === null) throw new ApiError(409, 'room_not_in_house');
  // Items named twice count once, their quantities added.
  const quantities = new Map<number, number>();
  for (const item of items) quantities.set(item.itemId, (quantities.get(item.itemId) ?? 0) + item.quantity);
  return chargeMinibar(
    db,
    user,
    {
      bookingId: task.bookingId,
      items: [...quantities].map(([itemId, quantity]) => ({ itemId, quantity })),
      task: { id: task.id, roomId: task.roomId },
    },
    { idem, language },
  );
}
