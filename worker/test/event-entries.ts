import { expect } from 'vitest';
import { call, entryCall } from './helpers';
import { jpegBytes } from './image-bytes';

/**
 * The prize-draw tests' shared parts (event-entries and event-moderation): images the server
 * accepts, uploaded through the API, and a photography entry posted with its phone proven.
 */

// A real 1x1 PNG and a JPEG's header: the server reads the first bytes and the dimensions.
export const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const png = () => Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0));
export const jpeg = (size = 2048) => jpegBytes(1600, 1200, size);

/** PUTs `bytes` as the upload `id` of an event. */
export function upload(
  bytes: Uint8Array | string,
  eventType = 'photography',
  id: string = crypto.randomUUID(),
) {
  return call(`/api/event-uploads/${id}?eventType=${eventType}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: bytes,
  });
}

/** The ids of `n` images uploaded for an event (PNG and JPEG in turn). */
export async function uploadIds(n: number, eventType = 'photography') {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = crypto.randomUUID();
    const res = await upload(i % 2 ? jpeg() : png(), eventType, id);
    expect(res.status).toBe(201);
    ids.push(id);
  }
  return ids;
}

/** Posts a photography entry (its phone proven first), with an Idempotency-Key if `key`. */
export function createPhotography(body: Record<string, unknown>, key?: string, cookie?: string) {
  return entryCall('/api/photography-submissions', {
    method: 'POST',
    json: body,
    cookie,
    headers: key ? { 'idempotency-key': key } : {},
  });
}
