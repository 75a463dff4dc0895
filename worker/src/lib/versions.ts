import { inArray } from 'drizzle-orm';
import type { Context } from 'hono';
import { changeCounters } from '../db/schema/operations';
import type { AppEnv } from '../env';

/**
 * What polling costs (issue 17): every polled list carries an ETag made of the
 * versions of the resources it shows (bumped by triggers on every write,
 * migrations/0011_change_counters.sql) and of what else it depends on (the user,
 * the query, the hotel day). A poll whose If-None-Match still matches is answered
 * 304 Not Modified after reading one small row per resource, not the list.
 */
export type Resource =
  'bookings' | 'inventory' | 'points' | 'notifications' | 'entries' | 'reviews' | 'chat_qa' | 'content';

/** Thrown when the client's copy is current; the app's error handler answers 304. */
export class NotModified extends Error {
  constructor(readonly etag: string) {
    super('not modified');
  }
}

/**
 * Sets the ETag of this answer from the resources' versions and `scope`, or throws
 * NotModified when the client's If-None-Match already names it. Throwing keeps each
 * route's answer type its success shape, for the typed web client.
 */
export async function answerIfChanged<E extends AppEnv>(
  c: Context<E>,
  resources: Resource[],
  scope: string,
): Promise<void> {
  // The edge cache (lib/edge-cache.ts) has read them already on a miss: no second query.
  const known = c.get('versions');
  const versions = resources.every((r) => known?.has(r))
    ? resources.map((r) => known!.get(r)).join('.')
    : await readVersionString(c, resources);
  const etag = `W/"${versions}:${scope.replace(/[^\w.:=&/-]/g, '_').slice(0, 200)}"`;
  const sent = c.req.header('if-none-match');
  if (sent !== undefined && sent.split(/\s*,\s*/).includes(etag)) throw new NotModified(etag);
  c.header('ETag', etag);
}

async function readVersionString<E extends AppEnv>(c: Context<E>, resources: Resource[]) {
  const rows = await c
    .get('db')
    .select()
    .from(changeCounters)
    .where(inArray(changeCounters.resource, resources));
  return resources
    .map((r) => rows.find((row: { resource: string; version: number }) => row.resource === r)?.version ?? 0)
    .join('.');
}
