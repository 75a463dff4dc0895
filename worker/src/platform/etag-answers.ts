import type { Context } from 'hono';
import type { AppEnv } from './env';
import { etagOf, matchesEtag, NotModified, readVersions, type Resource } from './change-counters';

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
  // The edge cache (platform/edge-cache.ts) has read them already on a miss: no second query.
  const known = c.get('versions') as Map<string, number> | undefined;
  const read =
    known && resources.every((r) => known.has(r)) ? known : await readVersions(c.get('db'), resources);
  const versions = resources.map((r) => read.get(r) ?? 0).join('.');
  const etag = etagOf(versions, scope);
  if (matchesEtag(c.req.header('if-none-match'), etag)) throw new NotModified(etag);
  c.header('ETag', etag);
}
