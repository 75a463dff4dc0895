import {
  ChannelProviderError,
  type AvailabilityValue,
  type ChannelAdapter,
  type ChannelProviderName,
  type ChannelRevision,
  type RestrictionValue,
} from '../channel-adapter';
import { channexApi, isObject, type ChannexConfig } from './api';
import {
  availabilityWire,
  CHANNEX_MAX_CALL_BYTES,
  maxValueBytes,
  push,
  restrictionWire,
  wireBytes,
} from './ari';
import { readRevision } from './revisions';

export type { ChannexConfig } from './api';
export { baisaToRials, rialsToBaisa } from './revisions';

/**
 * Channex API v1 (https://docs.channex.io): `POST /availability` and `POST /restrictions` with
 * `{values: [...]}` ranges of the property (both ends included; ari.ts: the documented fields,
 * the receipt with its task ids, `x-request-id` and warnings), `GET /booking_revisions/feed`
 * (the revisions not yet acknowledged), `GET /booking_revisions/:id`, `POST
 * /booking_revisions/:id/ack`, and webhooks that carry the property's custom header. `name`:
 * `fake` when the base URL is the development fake's (same API, same adapter).
 */
export function channexAdapter(
  config: ChannexConfig,
  fetchImpl: typeof fetch = fetch,
  name: ChannelProviderName = 'channex',
): ChannelAdapter {
  const api = channexApi(config, fetchImpl);
  const property_id = config.propertyId;
  return {
    name,

    maxCallBytes: maxValueBytes(CHANNEX_MAX_CALL_BYTES),

    valueBytes(kind, value) {
      return wireBytes(
        kind === 'availability'
          ? availabilityWire(property_id, value as AvailabilityValue)
          : restrictionWire(property_id, value as RestrictionValue),
      );
    },

    async pushAvailability(values: AvailabilityValue[]) {
      if (values.length === 0) return { requestId: null, taskIds: [], warnings: [] };
      return push(
        api,
        '/availability',
        values.map((v) => availabilityWire(property_id, v)),
      );
    },

    async pushRestrictions(values: RestrictionValue[]) {
      if (values.length === 0) return { requestId: null, taskIds: [], warnings: [] };
      return push(
        api,
        '/restrictions',
        values.map((v) => restrictionWire(property_id, v)),
      );
    },

    async readRevisions(): Promise<ChannelRevision[]> {
      const answer = await api.call(
        'GET',
        `/booking_revisions/feed?filter[property_id]=${encodeURIComponent(property_id)}`,
      );
      if (!isObject(answer) || !Array.isArray(answer.data)) {
        throw new ChannelProviderError('Channex answered an unreadable revisions feed');
      }
      const revisions: ChannelRevision[] = [];
      for (const item of answer.data) {
        try {
          revisions.push(readRevision(item));
        } catch (err) {
          // One unreadable revision never blocks the others; it stays unacknowledged in the feed.
          console.log(JSON.stringify({ msg: 'channel-revision-unreadable', error: String(err) }));
        }
      }
      return revisions;
    },

    async readRevision(id: string) {
      const answer = await api.call('GET', `/booking_revisions/${encodeURIComponent(id)}`);
      if (!isObject(answer)) throw new ChannelProviderError('Channex answered an unreadable revision');
      return readRevision(answer.data);
    },

    async ack(id: string) {
      await api.call('POST', `/booking_revisions/${encodeURIComponent(id)}/ack`);
    },

    async verifyWebhook(request: Request) {
      const given = request.headers.get(config.webhookHeader) ?? '';
      if (!config.webhookSecret || !(await sameSecret(given, config.webhookSecret))) return null;
      let body: unknown;
      try {
        body = await request.json();
      } catch {
        return null;
      }
      if (!isObject(body)) return null;
      const payload = isObject(body.payload) ? body.payload : {};
      const ids = [payload.revision_id, payload.booking_revision_id]
        .concat(Array.isArray(payload.revision_ids) ? payload.revision_ids : [])
        .filter((id): id is string => typeof id === 'string' && id !== '' && id.length <= 100);
      return [...new Set(ids)];
    },
  };
}

/** Whether two secrets are equal, compared in constant time (over their SHA-256, so lengths leak nothing). */
async function sameSecret(given: string, expected: string): Promise<boolean> {
  const enc = new TextEncoder();
  const [a, b] = await Promise.all([
    crypto.subtle.digest('SHA-256', enc.encode(given)),
    crypto.subtle.digest('SHA-256', enc.encode(expected)),
  ]);
  return crypto.subtle.timingSafeEqual(a, b) && given.length > 0;
}
