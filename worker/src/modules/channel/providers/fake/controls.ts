import { calendarDate } from '@shared/date-schemas';
import { addDays } from '@shared/dates';
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { ApiError } from '../../../../platform/api-error';
import type { AppEnv } from '../../../../platform/env';
import { validate } from '../../../../platform/validation';
import { readAri } from './ari';
import {
  createFakeBooking,
  fakeBookingSchema,
  fakeModificationSchema,
  listRevisions,
  revisionById,
  revisionResource,
  reviseFakeBooking,
  fakeRoomsOf,
} from './bookings';
import { setFaults, setWarnings } from './limits';
import { pollChannelFeed } from '../../routes/webhooks';
import { sendOutbox } from '../../sender';
import { holdingWebhooks, holdWebhooks, sendFakeWebhook } from './webhook';

/**
 * The fake channel manager's test controls (development only; anywhere else 404
 * `route_not_found`), under `/api/dev/channel`: what an OTA and Channex's own screens would do.
 *
 * - `POST /bookings` `{ otaName, otaReservationCode, rooms: [{ roomType, ratePlan, adults,
 *   children, nights: [{ date, priceBaisa }] }], guest: { name, phone, email }, paymentCollect,
 *   commissionBaisa, currency?, propertyId? }` (the channel's ids: a type's code, `plan:type`; a
 *   room's stay is its nights; `currency` the revision's, OMR unless said; `propertyId` the
 *   fake's own unless said), or one room by the single-room fields `{ roomType, ratePlan,
 *   checkInDate, checkOutDate, adults, children, nights }`: a `new` revision in the feed and its
 *   webhook sent through the app; 201 `{ channelBookingId, revisionId, bookingRoomIds,
 *   webhookStatus }` (the app's answer to the webhook; null when it was not sent: held, or the
 *   app not reached).
 * - `POST /bookings/:channelBookingId/modify` (any of the same fields: `rooms` replaces the rooms,
 *   an entry with `bookingRoomId` changing that room, one without the room at its place unless
 *   another entry names that one, a room no entry takes removed; the single-room fields change
 *   the first room, nights left out keeping their prices, a new night taking the first night's)
 *   and `/cancel`: a `modified` or `cancelled` revision and its webhook; 404 `not_found`, 409
 *   `invalid_status` once cancelled. README.md beside this quotes what Channex documents.
 * - `POST /revisions/:id/deliver` `{ sendData? }`: that revision's webhook sent now, whatever came
 *   before (`sendData: false`: as a webhook created without `send_data`, naming no revision);
 *   `{ revisionId, webhookStatus }`, 404 `not_found`.
 * - `GET /ari?roomType&ratePlan&from&to`: what the fake holds per night, `[{ date, availability,
 *   priceBaisa, minStay, maxStay, stopSell, closedToArrival, closedToDeparture }]` (null: never
 *   sent; the price and restrictions need `ratePlan`).
 * - `GET /revisions`: `[{ id, status, acked, channelBookingId }]`, oldest first.
 * - `POST /faults` `{ status: 429 | 500, count }`: the fake's next `count` API calls fail so;
 *   `{ warnings: n }`: its next `n` pushes each answer 200 with their first value ignored and
 *   warned (`meta.warnings`), as Channex answers values it refuses.
 *   `{ holdWebhooks: true }`: the revisions' webhooks are held back from now on (delivered by
 *   `/revisions/:id/deliver`, or read from the feed), `false` to send them again.
 * - `POST /send` and `POST /poll`: what the cron does, now and inside this request, the link
 *   switched on first: the outbox sent (`{ status, calls, rows }`), the feed read and applied
 *   (`{ applied }`). `npm run bench:rows` counts the rows they read (`x-d1-meter`).
 */

const ARI_MAX_NIGHTS = 366;

const ariQuerySchema = z
  .object({
    roomType: z
      .string({ error: 'validation_failed' })
      .trim()
      .min(1, 'validation_failed')
      .max(100, 'validation_failed'),
    ratePlan: z.string().trim().min(1, 'validation_failed').max(100, 'validation_failed').optional(),
    from: calendarDate(),
    to: calendarDate(),
  })
  .superRefine((q, ctx) => {
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_end_before_start' });
    else if (q.to > addDays(q.from, ARI_MAX_NIGHTS - 1)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'range_too_long' });
    }
  });

const faultCount = z
  .number({ error: 'validation_failed' })
  .int('validation_failed')
  .min(0, 'validation_failed')
  .max(1000, 'validation_failed');

const faultsSchema = z.union([
  z.object({ holdWebhooks: z.boolean({ error: 'validation_failed' }) }).strict(),
  z.object({
    status: z.union([z.literal(429), z.literal(500)], { error: 'validation_failed' }),
    count: faultCount,
  }),
  // The next n pushes each have a value ignored with a warning (Channex's 200 with meta.warnings).
  z.object({ warnings: faultCount }),
]);

const deliverSchema = z.object({ sendData: z.boolean({ error: 'validation_failed' }).default(true) });

const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

/** Sends a revision's webhook (unless webhooks are held back) and answers the control's body. */
async function announced(
  c: Context<AppEnv>,
  revision: { bookingId: string; revisionId: string; status: 'new' | 'modified' | 'cancelled' },
) {
  const found = await revisionById(c.get('db'), revision.revisionId);
  const attributes = found ? revisionResource(found).attributes : null;
  const webhookStatus = (await holdingWebhooks(c.get('db')))
    ? null
    : await sendFakeWebhook(
        c.env,
        origin(c),
        { ...revision, propertyId: attributes?.property_id },
        c.executionCtx,
      );
  c.header('Cache-Control', 'no-store');
  return {
    channelBookingId: revision.bookingId,
    revisionId: revision.revisionId,
    // The fake's own ids of the rooms (a test names a room by one to change it; never in a
    // revision) and Booking.com's `ota_unique_id` of each (null for another OTA's).
    ...(await fakeRoomsOf(c.get('db'), revision.bookingId).then((rooms) => ({
      bookingRoomIds: rooms.map((r) => r.id),
      otaUniqueIds: rooms.map((r) => r.otaUniqueId),
    }))),
    webhookStatus,
  };
}

export const fakeChannelControls = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (c.env.ENVIRONMENT !== 'development') throw new ApiError(404, 'route_not_found');
    await next();
  })
  .post('/bookings', validate('json', fakeBookingSchema), async (c) => {
    const made = await createFakeBooking(c.get('db'), c.req.valid('json'));
    return c.json(await announced(c, made), 201);
  })
  .post('/bookings/:channelBookingId/modify', validate('json', fakeModificationSchema), async (c) => {
    const made = await reviseFakeBooking(c.get('db'), c.req.param('channelBookingId'), {
      status: 'modified',
      patch: c.req.valid('json'),
    });
    return c.json(await announced(c, made));
  })
  .post('/bookings/:channelBookingId/cancel', async (c) => {
    const made = await reviseFakeBooking(c.get('db'), c.req.param('channelBookingId'), {
      status: 'cancelled',
    });
    return c.json(await announced(c, made));
  })
  .get('/ari', validate('query', ariQuerySchema), async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await readAri(c.get('db'), c.req.valid('query')));
  })
  .get('/revisions', async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(await listRevisions(c.get('db')));
  })
  .post('/faults', validate('json', faultsSchema), async (c) => {
    const fault = c.req.valid('json');
    if ('holdWebhooks' in fault) {
      await holdWebhooks(c.get('db'), fault.holdWebhooks);
      return c.json({ holdWebhooks: fault.holdWebhooks });
    }
    if ('warnings' in fault) {
      await setWarnings(c.get('db'), fault.warnings);
      return c.json(fault);
    }
    await setFaults(c.get('db'), fault.status, fault.count);
    return c.json({ status: fault.status, count: fault.count });
  })
  .post('/revisions/:id/deliver', validate('json', deliverSchema), async (c) => {
    const found = await revisionById(c.get('db'), c.req.param('id'));
    if (!found) throw new ApiError(404, 'not_found');
    const { attributes } = revisionResource(found);
    const webhookStatus = await sendFakeWebhook(
      c.env,
      origin(c),
      {
        bookingId: attributes.booking_id,
        revisionId: attributes.id,
        status: attributes.status,
        propertyId: attributes.property_id,
      },
      c.executionCtx,
      c.req.valid('json').sendData,
    );
    c.header('Cache-Control', 'no-store');
    return c.json({ revisionId: attributes.id, webhookStatus });
  })
  .post('/send', async (c) => {
    await switchOn(c.env.DB);
    c.header('Cache-Control', 'no-store');
    return c.json(await sendOutbox(c.env, c.get('db'), origin(c), { ctx: c.executionCtx }));
  })
  .post('/poll', async (c) => {
    await switchOn(c.env.DB);
    c.header('Cache-Control', 'no-store');
    return c.json(await pollChannelFeed(c.env, c.get('db'), origin(c), c.executionCtx));
  });

/** The link switched on, outside the request's (metered) database: its reads are not the run's. */
async function switchOn(d1: D1Database): Promise<void> {
  await d1.prepare('update channel_state set enabled = 1 where id = 1 and enabled = 0').run();
}
