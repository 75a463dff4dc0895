import type { LiveEvent } from '@shared/conversation-schemas';
import type { Env } from './env';

/**
 * Telling the open screens of a change, from modules that may not import the hotel's live Durable
 * Object (modules/conversations owns it): the outlets tell an outlet's tablet of a guest's order and
 * the guest of its answer (docs/decisions/102-outlet-orders.md). The entry installs the publisher
 * once (worker/src/index.ts), as it installs the session hooks (platform/session-hooks.ts).
 */
export type LivePublisher = (env: Env, tags: string[], event: LiveEvent) => Promise<void>;

let publisher: LivePublisher | null = null;

/** The entry's installation of the publisher (conversations' `publishLive`). */
export function installLivePublisher(publish: LivePublisher): void {
  publisher = publish;
}

/**
 * Sends `event` to the sockets holding one of `tags`, after the change committed (the caller's
 * `waitUntil`). Never throws: a screen reads its data again when its socket reopens.
 */
export async function publishLiveEvent(env: Env, tags: string[], event: LiveEvent): Promise<void> {
  if (!publisher || tags.length === 0) return;
  try {
    await publisher(env, tags, event);
  } catch (err) {
    console.log(JSON.stringify({ msg: 'live-publish-failed', error: String(err) }));
  }
}
