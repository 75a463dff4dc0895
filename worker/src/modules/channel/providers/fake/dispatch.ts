import type { ExecutionContext as WorkContext } from 'hono';
import type { Env } from '../../../../platform/env';

/**
 * How the fake channel manager and the app reach each other without the network: a request goes
 * through the whole app (its middleware, routing and checks), as the fake payment provider's
 * webhooks do. The entry installs it once (worker/src/index.ts), since the app is not importable
 * from a module.
 */
export type AppDispatch = (request: Request, env: Env, ctx: WorkContext) => Promise<Response>;

let installed: AppDispatch | null = null;

/** Sets how a request reaches the app (the entry calls it once, before any request). */
export function installChannelDispatch(dispatch: AppDispatch): void {
  installed = dispatch;
}

/** A context for a request sent outside one: what it leaves to run after its answer is awaited. */
function ownContext(pending: Promise<unknown>[]): WorkContext {
  return {
    waitUntil: (p: Promise<unknown>) => void pending.push(p.catch(() => undefined)),
    passThroughOnException: () => undefined,
    props: {},
  };
}

/**
 * A `fetch` that answers through the app itself: the Channex adapter's fetch while
 * `CHANNEL_MANAGER=fake` (its base URL is the app's own origin, which a test or a worker cannot
 * call over the network). `ctx`: the request's or the cron's, so what the dispatched request
 * leaves to run is kept; without one it is awaited before the answer is returned.
 */
export function fakeChannexFetch(env: Env, ctx?: WorkContext): typeof fetch {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const dispatch = installed;
    if (!dispatch) throw new Error('No channel dispatch installed (worker/src/index.ts).');
    const request = new Request(input instanceof URL ? input.toString() : input, init);
    if (ctx) return dispatch(request, env, ctx);
    const pending: Promise<unknown>[] = [];
    const res = await dispatch(request, env, ownContext(pending));
    await Promise.all(pending);
    return res;
  };
}
