import { Hono } from 'hono';
import { idParamSchema } from '@shared/date-schemas';
import {
  assignmentsSchema,
  housekeepingSettingsSchema,
  makeDaySchema,
  minibarReportSchema,
  taskPatchSchema,
  tasksQuerySchema,
} from '@shared/housekeeping-tasks';
import { requireRole } from '../../../platform/auth-middleware';
import { createdHeaders, idempotencyFrom } from '../../../platform/idempotency-key';
import type { AppEnv } from '../../../platform/env';
import { translate } from '../../../platform/messages';
import { validate } from '../../../platform/validation';
import { reportMinibar } from '../minibar';
import {
  assignRooms,
  housekeepingDayQuery,
  makeDay,
  moveTask,
  readSettings,
  readTasks,
  saveSettings,
} from '../tasks';

/**
 * Housekeeping's tasks (modules/housekeeping/tasks.ts), under /api/housekeeping:
 *
 * - GET /tasks?date= (housekeepers and up; by default the open business day, not the calendar's:
 *   until the day close, the day before, `housekeepingDay`): a supervisor (staff
 *   and up) gets every task of the day and the housekeepers; a housekeeper only the tasks assigned
 *   to them; both the minibar outlet's menu.
 * - PATCH /tasks/:id `{ status, assignedTo? }`: a task moved; `assignedTo` by a supervisor only
 *   (403); a housekeeper moves only their own (another's is 404); an impossible move 409.
 * - POST /tasks/:id/minibar `{ items: [{ itemId, quantity }] }`: the minibar taken, posted as the
 *   minibar outlet's check to the stay, in one batch (an Idempotency-Key makes a tap sent twice one
 *   check).
 * - PUT /assignments `{ date, rooms: [{ roomId, assignedTo }] }` (a supervisor): the board's rooms
 *   given to housekeepers at once.
 * - POST /days `{ date }` (a supervisor): a day's tasks made before any day close made them.
 * - GET /settings (staff), PUT /settings (managers) `{ stayOverEveryNights, turndown, *Credits }`:
 *   the hotel's rules the next days' tasks are made by.
 */
export const housekeepingTaskRoutes = new Hono<AppEnv>()
  .get('/tasks', requireRole('housekeeper'), validate('query', tasksQuerySchema), async (c) => {
    const date = c.req.valid('query').date ?? (await housekeepingDayQuery(c.get('db')));
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readTasks(c.get('db'), c.get('user'), date));
  })
  .patch(
    '/tasks/:id',
    requireRole('housekeeper'),
    validate('param', idParamSchema),
    validate('json', taskPatchSchema),
    async (c) => {
      await moveTask(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json'));
      return c.json({ message: translate('task_saved', c.get('language')) });
    },
  )
  .post(
    '/tasks/:id/minibar',
    requireRole('housekeeper'),
    validate('param', idParamSchema),
    validate('json', minibarReportSchema),
    async (c) => {
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const idem = await idempotencyFrom(c, `housekeeping_minibar:${id}`, input);
      const { replayed, check } = await reportMinibar(c.get('db'), c.get('user'), id, input.items, {
        idem,
        language: c.get('language') as 'ar' | 'en',
      });
      createdHeaders(c, replayed);
      return c.json({ message: translate('minibar_posted', c.get('language')), check }, 201);
    },
  )
  .put('/assignments', requireRole('staff'), validate('json', assignmentsSchema), async (c) => {
    await assignRooms(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('rooms_given', c.get('language')) });
  })
  .post('/days', requireRole('staff'), validate('json', makeDaySchema), async (c) => {
    await makeDay(c.get('db'), c.get('user'), c.req.valid('json').date);
    return c.json({ message: translate('tasks_made', c.get('language')) }, 201);
  })
  .get('/settings', requireRole('staff'), async (c) => {
    c.header('Cache-Control', 'private, no-store');
    return c.json(await readSettings(c.get('db')));
  })
  .put('/settings', requireRole('manager'), validate('json', housekeepingSettingsSchema), async (c) => {
    const settings = await saveSettings(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('housekeeping_settings_saved', c.get('language')), settings });
  });
