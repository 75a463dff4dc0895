import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { whatsappNumberOf } from './modules/whatsapp';
import type { AppEnv, Env } from './platform/env';
import { activeHotelEnvs, hotelOfEnv } from './platform/hotels';

/**
 * WhatsApp's one webhook for the chain (docs/decisions/103, "WhatsApp"). Meta calls one URL per
 * app whatever number a guest wrote to, so a delivery is given, its raw bytes and headers unchanged
 * (its signature holds), to each hotel whose number (`metadata.phone_number_id`) one of its changes
 * names; each hotel's webhook keeps the changes for its own number and leaves out the rest
 * (modules/whatsapp/webhook-reading.ts), checks the signature itself, and answers as it always has.
 * A delivery that names no hotel's number, or only the hotel of its host, is that hotel's as before;
 * so is every delivery when two hotels share one number (the fake's, when no hotel has its own).
 * The answer is the worst of the hotels' (Meta sends again what was not taken; every hotel keeps a
 * message once by its id), or the one hotel's.
 */

type Run = (request: Request, env: Env, ctx: Context<AppEnv>['executionCtx']) => Response | Promise<Response>;

/**
 * The mark of a request this isolate forwarded (a random value of the isolate, which nobody outside
 * can send): it reaches its hotel's webhook and is never forwarded again. (The app's middlewares may
 * give the request a new object, so the object itself cannot be the mark.)
 */
const FORWARDED = 'x-whatsapp-forwarded';
let isolateMark: string | undefined;
/** Made at the first request (a Worker may not draw random values outside a handler). */
const mark = () => (isolateMark ??= crypto.randomUUID());

/** The numbers a delivery's changes name, read leniently (the webhook reads it strictly). */
function numbersOf(raw: ArrayBuffer): Set<string> {
  const numbers = new Set<string>();
  let body: unknown;
  try {
    body = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return numbers;
  }
  const entries = (body as { entry?: unknown } | null)?.entry;
  for (const entry of Array.isArray(entries) ? entries : []) {
    const changes = (entry as { changes?: unknown } | null)?.changes;
    for (const change of Array.isArray(changes) ? changes : []) {
      const id = (change as { value?: { metadata?: { phone_number_id?: unknown } } } | null)?.value?.metadata
        ?.phone_number_id;
      if (typeof id === 'string' || typeof id === 'number') numbers.add(String(id));
    }
  }
  return numbers;
}

export function whatsappRouting(run: Run) {
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!c.env.CHAIN_DB || c.req.method !== 'POST' || c.req.header(FORWARDED) === mark()) return next();
    const raw = await c.req.arrayBuffer();
    const numbers = numbersOf(raw);
    if (numbers.size === 0) return next();
    const hotels = await activeHotelEnvs(c.env);
    const byNumber = new Map<string, { code: string; env: Env }[]>();
    for (const { hotel, env } of hotels) {
      const number = whatsappNumberOf(env);
      if (number) byNumber.set(number, [...(byNumber.get(number) ?? []), { code: hotel.code, env }]);
    }
    if ([...byNumber.values()].some((list) => list.length > 1)) return next();
    const here = hotelOfEnv(c.env).code;
    const targets = [...numbers].flatMap((n) => byNumber.get(n) ?? []);
    if (targets.length === 0 || targets.every((t) => t.code === here)) return next();

    const answers = await Promise.all(
      targets.map(async ({ code, env }) => {
        const headers = new Headers(c.req.raw.headers);
        headers.set(FORWARDED, mark());
        const request = new Request(c.req.url, { method: 'POST', headers, body: raw });
        const res = await run(request, env, c.executionCtx);
        return { hotel: code, res };
      }),
    );
    const worst = answers.reduce((a, b) => (b.res.status > a.res.status ? b : a));
    if (answers.length === 1 || worst.res.status >= 300) return worst.res;
    c.header('Cache-Control', 'no-store');
    return c.json({
      received: true,
      hotels: await Promise.all(answers.map(async ({ hotel, res }) => ({ hotel, answer: await res.json() }))),
    });
  });
}
