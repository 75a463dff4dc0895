import { Hono } from 'hono';
import { idParamSchema, idSchema } from '@shared/date-schemas';
import {
  backtestQuerySchema,
  eventCreateSchema,
  eventUpdateSchema,
  eventsQuerySchema,
  forecastQuerySchema,
} from '@shared/revenue';
import {
  applySuggestionsSchema,
  priceLocksSchema,
  priceSettingsSchema,
  suggestionsQuerySchema,
} from '@shared/revenue-prices';
import { z } from '@shared/zod';
import { ApiError } from '../../../../platform/api-error';
import { requireRole } from '../../../../platform/auth-middleware';
import type { AppEnv } from '../../../../platform/env';
import { translate } from '../../../../platform/messages';
import { validate } from '../../../../platform/validation';
import { backtest } from '../../backtest';
import { createEvent, deleteEvent, eventsOfYear, updateEvent } from '../../events';
import { forecast } from '../../forecast';
import { historyImport, historyImports, startHistoryImport } from '../../history-import';
import { applySuggestions } from '../../apply-suggestions';
import { readPriceSettings, saveLocks, savePriceSettings } from '../../price-settings';
import { computeSuggestions, suggestionsAnswer } from '../../suggestions';

const importParamSchema = z.object({ importId: idSchema });

/**
 * /api/admin/revenue (managers and admins; docs/decisions/094):
 *
 * - POST /history (multipart, field `file`: a CSV up to 20 MB) -> 202 `{ importId, message }`: read
 *   in the background by the minute cron; GET /history (the latest imports, what the history holds),
 *   GET /history/:importId (its progress and refused lines);
 * - GET /events?year, POST /events, PUT /events/:id, DELETE /events/:id: the Gulf's calendar;
 * - GET /forecast?from&to&asOf: every night's on the books, forecast, band, rooms for sale, by
 *   room type, with its reasons in both languages;
 * - GET /backtest?from&to: the forecast of each as-of day against what the nights sold, by lead
 *   bucket, beside the three baselines;
 * - GET /settings, PUT /settings: the price suggestions' target, threshold, step cap, price step,
 *   autopilot and limits (docs/decisions/101); PUT /locks: nights locked or unlocked;
 * - GET /suggestions?from&to: each night's ladder per room type, the suggestions with their reasons
 *   in both languages, the autopilot's latest runs; POST /suggestions/apply `{ ids }`: written
 *   through the rate calendar in one batch (409 `suggestion_stale` for one out of date).
 */
export const revenueAdmin = new Hono<AppEnv>()
  .use(requireRole('manager'))
  .post('/history', async (c) => {
    let body: Record<string, unknown>;
    try {
      body = await c.req.parseBody();
    } catch {
      throw new ApiError(400, 'history_file_required');
    }
    const file = body.file;
    if (!(file instanceof File)) throw new ApiError(400, 'history_file_required');
    const { importId } = await startHistoryImport(c.get('db'), c.env.IMAGES, c.get('user'), file);
    return c.json({ importId, message: translate('history_import_started', c.get('language')) }, 202);
  })
  .get('/history', async (c) => c.json(await historyImports(c.get('db'), c.get('language'))))
  .get('/history/:importId', validate('param', importParamSchema), async (c) =>
    c.json(await historyImport(c.get('db'), c.req.valid('param').importId, c.get('language'))),
  )
  .get('/events', validate('query', eventsQuerySchema), async (c) =>
    c.json({ events: await eventsOfYear(c.get('db'), c.req.valid('query').year) }),
  )
  .post('/events', validate('json', eventCreateSchema), async (c) => {
    const event = await createEvent(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ message: translate('event_saved', c.get('language')), event }, 201);
  })
  .put('/events/:id', validate('param', idParamSchema), validate('json', eventUpdateSchema), async (c) => {
    const event = await updateEvent(c.get('db'), c.get('user'), c.req.valid('param').id, c.req.valid('json'));
    return c.json({ message: translate('event_saved', c.get('language')), event });
  })
  .delete('/events/:id', validate('param', idParamSchema), async (c) => {
    await deleteEvent(c.get('db'), c.get('user'), c.req.valid('param').id);
    return c.json({ message: translate('event_deleted', c.get('language')) });
  })
  .get('/forecast', validate('query', forecastQuerySchema), async (c) =>
    c.json(await forecast(c.get('db'), c.req.valid('query'))),
  )
  .get('/backtest', validate('query', backtestQuerySchema), async (c) =>
    c.json(await backtest(c.get('db'), c.req.valid('query'))),
  )
  .get('/settings', async (c) => c.json(await readPriceSettings(c.get('db'))))
  .put('/settings', validate('json', priceSettingsSchema), async (c) => {
    const settings = await savePriceSettings(c.get('db'), c.get('user'), c.req.valid('json'));
    return c.json({ ...settings, message: translate('revenue_settings_saved', c.get('language')) });
  })
  .put('/locks', validate('json', priceLocksSchema), async (c) => {
    const body = c.req.valid('json');
    const { nights } = await saveLocks(c.get('db'), c.get('user'), body);
    const code = body.locked ? 'revenue_nights_locked' : 'revenue_nights_unlocked';
    return c.json({ nights, message: translate(code, c.get('language'), { nights }) });
  })
  .get('/suggestions', validate('query', suggestionsQuerySchema), async (c) =>
    c.json(suggestionsAnswer(await computeSuggestions(c.get('db'), c.req.valid('query')))),
  )
  .post('/suggestions/apply', validate('json', applySuggestionsSchema), async (c) => {
    const { applied, unchanged } = await applySuggestions(
      c.get('db'),
      c.get('user'),
      c.req.valid('json').ids,
    );
    return c.json({
      applied,
      unchanged,
      message: translate('revenue_suggestions_applied', c.get('language'), { applied, unchanged }),
    });
  });
