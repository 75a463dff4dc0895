import type { Env } from './env';

/**
 * What else ends with a session, from modules the accounts and platform may not import: the live
 * sockets a session opened (modules/conversations: the hotel's Durable Object closes them, so a
 * device signed out hears of no message any more). The entry installs the hooks once
 * (worker/src/index.ts), as it installs the notification channels (platform/notify.ts).
 *
 * Every path that ends sessions tells them after its change committed: a logout (`idHash`, that
 * session), a password reset, a staff account disabled or its role changed, an erased account
 * (`userId`: every session of the account).
 */
export type EndedSessions = { idHash: string } | { userId: number };

/** Acts on the sessions ended; never throws (a failure is logged: the sessions are gone anyway). */
export type SessionEndHook = (env: Env, ended: EndedSessions) => Promise<void>;

let hooks: readonly SessionEndHook[] = [];

/** The entry's installation of the hooks (worker/src/index.ts). */
export function installSessionEndHooks(list: readonly SessionEndHook[]): void {
  hooks = list;
}

/**
 * Tells every hook that `ended` ended. Awaited by the caller before it answers: a device that was
 * told "signed out" hears nothing after it.
 */
export async function sessionsEnded(env: Env, ended: EndedSessions): Promise<void> {
  await Promise.all(
    hooks.map((hook) =>
      hook(env, ended).catch((err: unknown) =>
        console.log(JSON.stringify({ msg: 'session-end-hook-failed', error: String(err) })),
      ),
    ),
  );
}
