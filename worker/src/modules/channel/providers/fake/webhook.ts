import type { ExecutionContext as WorkContext } from 'hono';
import type { Env } from '../../../../platform/env';
import { FAKE_CHANNEX } from './constants';
import { fakeChannexFetch } from './dispatch';

/**
 * The fake's webhooks, as Channex sends its own: a `POST` of `{ event, property_id, user_id,
 * timestamp, payload }` to the app's channel webhook after each booking revision, carrying the
 * custom header the webhook was set up with (`x-channex-webhook-secret`); Channex signs nothing.
 * The payload names the booking and the revision: the app reads the revision itself from the API.
 * Sent through the whole app (dispatch.ts), never the network.
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
  payload: { booking_id: string; revision_id: string; property_id: string };
};

/** The webhook of one revision. */
export function webhookBody(revision: {
  bookingId: string;
  revisionId: string;
  status: keyof typeof EVENTS;
}): FakeWebhookBody {
  return {
    event: EVENTS[revision.status],
    property_id: FAKE_CHANNEX.propertyId,
    user_id: null,
    timestamp: new Date().toISOString(),
    payload: {
      booking_id: revision.bookingId,
      revision_id: revision.revisionId,
      property_id: FAKE_CHANNEX.propertyId,
    },
  };
}

/**
 * Sends a revision's webhook to the app at `origin` and answers the app's status (null when the
 * app could not be reached: the revision stays in the feed, which the app polls).
 */
export async function sendFakeWebhook(
  env: Env,
  origin: string,
  revision: Parameters<typeof webhookBody>[0],
  ctx?: WorkContext,
): Promise<number | null> {
  try {
    const res = await fakeChannexFetch(env, ctx)(`${origin}${FAKE_CHANNEX.webhookPath}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [FAKE_CHANNEX.webhookHeader]: FAKE_CHANNEX.webhookSecret,
      },
      body: JSON.stringify(webhookBody(revision)),
    });
    return res.status;
  } catch (err) {
    console.log(JSON.stringify({ msg: 'fake-channex-webhook-failed', error: String(err) }));
    return null;
  }
}
