import { eq } from 'drizzle-orm';
import type { ExecutionContext as WorkContext } from 'hono';
import type { Db, Env } from '../../../../platform/env';
import { fakeChannexWebhookHold } from '../../fake-channex-tables';
import { FAKE_CHANNEX } from './constants';
import { fakeChannexFetch } from './dispatch';

/**
 * The fake's webhooks, as Channex sends its own: a `POST` of `{ event, property_id, user_id,
 * timestamp, payload }` to the app's channel webhook after each booking revision, carrying the
 * custom header the webhook was set up with (`x-channex-webhook-secret`); Channex signs nothing.
 * The fake's webhook is set up as the app's must be at Channex, with `send_data: true`: the
 * payload names the booking and the revision (the app reads the revision itself from the API).
 * Without `send_data` (a delivery asked `sendData: false`) it carries no payload. Sent through the
 * whole app (dispatch.ts), never the network; held back while a test asks (`holdWebhooks`).
 */

const EVENTS = {
  new: 'booking_new',
  modified: 'booking_modification',
  cancelled: 'booking_cancellation',
} as const;

export type FakeWebhookBody = {
  event: (typeof EVENTS)[keyof typeof EVENTS];
  property_id: string;
  user_id: null;
  timestamp: string;
  /** Only with `send_data: true`. */
  payload?: { booking_id: string; revision_id: string; property_id: string };
};

type Announced = {
  bookingId: string;
  revisionId: string;
  status: keyof typeof EVENTS;
  /** The revision's property (the fake's own unless a test made one of another). */
  propertyId?: string;
};

/** The webhook of one revision (`sendData`: as created with `send_data: true`, the default). */
export function webhookBody(revision: Announced, sendData = true): FakeWebhookBody {
  const property_id = revision.propertyId ?? FAKE_CHANNEX.propertyId;
  return {
    event: EVENTS[revision.status],
    property_id,
    user_id: null,
    timestamp: new Date().toISOString(),
    ...(sendData && {
      payload: { booking_id: revision.bookingId, revision_id: revision.revisionId, property_id },
    }),
  };
}

/** Whether the fake holds its webhooks back (a test delivers them on demand). */
export async function holdingWebhooks(db: Db): Promise<boolean> {
  const row = await db
    .select({ holding: fakeChannexWebhookHold.holding })
    .from(fakeChannexWebhookHold)
    .where(eq(fakeChannexWebhookHold.id, 1))
    .get();
  return row?.holding ?? false;
}

/** Holds the fake's webhooks back from now on, or (false) sends them again as revisions are made. */
export async function holdWebhooks(db: Db, holding: boolean): Promise<void> {
  await db
    .insert(fakeChannexWebhookHold)
    .values({ id: 1, holding })
    .onConflictDoUpdate({ target: fakeChannexWebhookHold.id, set: { holding } });
}

/**
 * Sends a revision's webhook to the app at `origin` and answers the app's status (null when the
 * app could not be reached: the revision stays in the feed, which the app polls).
 */
export async function sendFakeWebhook(
  env: Env,
  origin: string,
  revision: Announced,
  ctx?: WorkContext,
  sendData = true,
): Promise<number | null> {
  try {
    const res = await fakeChannexFetch(env, ctx)(`${origin}${FAKE_CHANNEX.webhookPath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [FAKE_CHANNEX.webhookHeader]: FAKE_CHANNEX.webhookSecret,
      },
      body: JSON.stringify(webhookBody(revision, sendData)),
    });
    return res.status;
  } catch (err) {
    console.log(JSON.stringify({ msg: 'fake-channex-webhook-failed', error: String(err) }));
    return null;
  }
}
