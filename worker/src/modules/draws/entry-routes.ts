import type { Context } from 'hono';
import type { AppEnv } from '../../platform/env';
import { createEntry, decide, listModerated, type ModeratedKind, type NewEntry } from './entries';
import type { AuthedEnv } from '../../platform/auth-middleware';
import { requestDeviceId } from '../../platform/device-id';
import { createdHeaders } from '../../platform/idempotency-key';
import { phoneProven } from '../accounts';
import { readSession } from '../../platform/session-cookies';
import { answerIfChanged } from '../../platform/etag-answers';

/**
 * What the three prize-draw entry resources share (modules/draws/routes/moderated-submissions.ts,
 * location-sharing-submissions.ts): answering a create, and the
 * staff list and decisions of the two moderated kinds.
 */
/**
 * Creates the entry (modules/draws/entries.ts) as the signed-in entrant (or none) under the request's
 * Idempotency-Key, and sets the create's headers; the route answers 201 with the body.
 */
export async function enter<Answer extends Record<string, unknown>>(
  c: Context<AppEnv>,
  body: unknown,
  entry: NewEntry<Answer>,
) {
  const session = await readSession(c);
  const sender = {
    userId: session?.user.id ?? null,
    idempotencyKey: c.req.header('idempotency-key'),
    lang: c.get('language'),
    deviceId: requestDeviceId(c),
    phoneProven: () => phoneProven(c, entry.phone),
  };
  const created = await createEntry(c.get('db'), c.env.IMAGES, sender, body, entry);
  createdHeaders(c, created.replayed);
  return created.body;
}

/** Decides an entry (modules/draws/entries.ts) and answers it as staff now see it. */
export async function decideEntry(
  c: Context<AuthedEnv>,
  kind: ModeratedKind,
  id: number,
  approved: boolean,
  notes: string | null | undefined,
) {
  const decided = await decide(c.get('db'), c.get('user'), kind, id, approved, notes);
  c.header('Cache-Control', 'no-store');
  return c.json(decided, 200);
}

/** The moderated entries of a kind, newest first (staff; polled with an ETag). */
export async function listEntries(c: Context<AuthedEnv>, kind: ModeratedKind) {
  await answerIfChanged(c, ['entries'], kind);
  c.header('Cache-Control', 'no-store');
  return c.json(await listModerated(c.get('db'), kind), 200);
}
