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
 * (the revisions not yet acknowledged, every page, oldest first), `GET /booking_revisions/:id`, `POST
 * /booking_revisions/:id/ack`, and webhooks that carry the property's custom header. `name`:
 * `fake` when the base URL is the development fake's (same API, same adapter).
 */
/** Revisions asked for a page of the feed (Channex's most; 10 when not asked). */
export const FEED_PAGE_LIMIT = 100;
/** Pages read at most in one read of the feed (1,000 revisions); the rest wait for the next read. */
const FEED_MAX_PAGES = 10;

const str = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function channexAdapter(
  config: ChannexConfig,
  fetchImpl: typeof fetch = fetch,
  name: ChannelProviderName = 'channex',
  /** Revisions asked for a page of the feed (a test asks for fewer to read several pages). */
  pageLimit = FEED_PAGE_LIMIT,
): ChannelAdapter {
  const api = channexApi(config, fetchImpl);
  const property_id = config.propertyId;
  /** The revision, refused when it is another property's (its own PMS acknowledges it). */
  const ours = (revision: ChannelRevision): ChannelRevision => {
    if (revision.propertyId !== property_id) {
      throw new ChannelProviderError(
        `Channex answered a revision of another property (${revision.id.slice(0, 64)})`,
      );
    }
    return revision;
  };
  return {
    name,

    knowsOwnCodes: config.knowsOwnCodes ?? false,

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
      // Oldest first only when asked (`order[inserted_at]=asc`), 10 a page unless asked for up to
      // 100 (`pagination[limit]`): every page is read before any revision is acknowledged (an
      // acknowledged revision leaves the feed, which would move the pages under a reader).
      const revisions: ChannelRevision[] = [];
      for (let page = 1; page <= FEED_MAX_PAGES; page += 1) {
        const query = [
          `filter[property_id]=${encodeURIComponent(property_id)}`,
          'order[inserted_at]=asc',
          `pagination[page]=${page}`,
          `pagination[limit]=${pageLimit}`,
        ].join('&');
        const answer = await api.call('GET', `/booking_revisions/feed?${query}`);
        if (!isObject(answer) || !Array.isArray(answer.data)) {
          throw new ChannelProviderError('Channex answered an unreadable revisions feed');
        }
        for (const item of answer.data) {
          try {
            revisions.push(ours(readRevision(item)));
          } catch (err) {
            // One unreadable revision (or another property's) never blocks the others; it stays
            // unacknowledged in the feed.
            console.log(JSON.stringify({ msg: 'channel-revision-unreadable', error: String(err) }));
          }
        }
        const meta = isObject(answer.meta) ? answer.meta : {};
        const total = typeof meta.total === 'number' ? meta.total : null;
        // The last page: short, or the total reached.
        if (answer.data.length < pageLimit || (total !== null && page * pageLimit >= total)) break;
      }
      return revisions;
    },
    async readRevision(id: string) {
      const answer = await api.call('GET', `/booking_revisions/${encodeURIComponent(id)}`);
      if (!isObject(answer)) throw new ChannelProviderError('Channex answered an unreadable revision');
      return ours(readRevision(answer.data));
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
      // Sent with `send_data: true`, a booking webhook names its revision in `payload`; without,
      // it names none (the caller then reads the feed). Another property's names none of ours.
      const payload = isObject(body.payload) ? body.payload : {};
      const property = str(body.property_id) ?? str(payload.property_id);
      if (property !== null && property !== property_id) return [];
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
