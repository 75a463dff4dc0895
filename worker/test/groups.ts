import { expect } from 'vitest';
import type { GroupDetail } from '@shared/group-schemas';
import { call } from './helpers';
import { day, json, staffCookie } from './builders';

/**
 * A group block as the groups' tests make it (groups, rooming-list, group-availability): the
 * request staff send, and the block made through the API (POST /api/admin/groups).
 */

/**
 * A block's request: the Oman LNG delegation, two deluxe rooms held for one night 300 days ahead
 * (released that day), definite, on plan standard, each room paying its own bill; `over` replaces
 * any field, also with a wrong value.
 */
export const groupBlockRequest = (over: Record<string, unknown> = {}) => ({
  name: 'Oman LNG delegation',
  ratePlan: 'standard',
  status: 'definite',
  releaseDate: day(300),
  billing: 'individual',
  rooms: [{ roomType: 'deluxe', from: day(300), to: day(301), count: 2 }],
  ...over,
});

/**
 * A group block made through the API (`groupBlockRequest` with `over`) by `cookie` (the seeded
 * front desk's by default), in English; fails the test unless it is created (201). Answers the
 * block as the API does.
 */
export async function groupBlock(over: Record<string, unknown> = {}, cookie?: string) {
  const res = await call('/api/admin/groups', {
    method: 'POST',
    json: groupBlockRequest(over),
    cookie: cookie ?? (await staffCookie()),
    lang: 'en',
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return json<GroupDetail & { message: string }>(res);
}
