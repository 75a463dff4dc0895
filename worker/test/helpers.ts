import { normalizePhone } from '@shared/digits';
import { createExecutionContext, createScheduledController, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import worker from '../src/index';

/** The origin the tests' requests go to and come from (the dev server's). */
export const ORIGIN = 'http://127.0.0.1:8787';

/** The worker's bindings, as a test may give them (the test's own, or those with a change). */
export type Bindings = typeof env;

export type CallInit = RequestInit & {
  cookie?: string;
  json?: unknown;
  lang?: 'ar' | 'en';
  /** The bindings the worker runs with (default the test's `env`): a setting changed, a D1 recorded. */
  env?: Bindings;
  /** The origin the request goes to and comes from (default ORIGIN). */
  origin?: string;
};

/**
 * Runs a request through the worker and waits for what it left running (`waitUntil`: the
 * notifications, the channel's sender, a webhook of a fake), so a test reads what the request
 * led to, never half of it.
 */
export async function runWorker(request: Request, bindings: Bindings = env): Promise<Response> {
  const ctx = createExecutionContext();
  const res = await worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return res;
}

/** A cron run as the platform runs it, at `scheduledTime`; waits for all it started. */
export async function runCron(cron: string, scheduledTime = Date.now()): Promise<void> {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), env, ctx);
  await waitOnExecutionContext(ctx);
}

/**
 * The worker's own fetch in a context it is given (the way a fake's request comes back into the
 * app: `installChannelDispatch(workerFetch)`); the caller's context waits for its background work.
 */
export const workerFetch = (
  request: Request,
  bindings: Parameters<typeof worker.fetch>[1],
  ctx: Parameters<typeof worker.fetch>[2],
) => Promise.resolve(worker.fetch(request as Request<unknown, IncomingRequestCfProperties>, bindings, ctx));

/**
 * A `fetch` through the whole app, for an adapter whose provider's fake runs inside it (the
 * channel manager's); each request waits for what it left running (runWorker).
 */
export const appFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> =>
  runWorker(new Request(input instanceof URL ? input.toString() : input, init));

/**
 * Calls the worker like a browser on the same origin would. An API call waits for its background
 * work (runWorker); a page or a file goes through the platform's own entry (`exports.default`),
 * whose assets layer answers the app shell for a page route as production does.
 */
export function call(path: string, init: CallInit = {}) {
  const { cookie, json, lang, env: bindings, origin = ORIGIN, ...rest } = init;
  const headers = new Headers(rest.headers);
  // Browsers send Origin on every POST; the CSRF check relies on it.
  if (!headers.has('origin')) headers.set('origin', origin);
  if (cookie) headers.set('cookie', cookie);
  if (lang) headers.set('accept-language', lang);
  if (json !== undefined) headers.set('content-type', 'application/json');
  const request = new Request(`${origin}${path}`, {
    ...rest,
    headers,
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  if (!path.startsWith('/api/') && !bindings) return exports.default.fetch(request);
  return runWorker(request, bindings);
}

/** The `name=value` part of the session cookie a response sets. */
export function sessionCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('session='));
  if (!set) throw new Error('no session cookie set');
  return set.split(';')[0]!;
}

export function uniqueEmail(prefix = 'guest') {
  return `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.com`;
}

/** The newest verification code e-mailed to the address (dev mailbox). */
export async function latestCode(email: string): Promise<string> {
  const res = await call(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  const mails = (await res.json()) as { text: string }[];
  const match = mails[0]?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code for ${email}`);
  return match[1]!;
}

/** Registers and verifies a guest; answers its session cookie. */
export async function signUp(fullName = 'Test Guest', email = uniqueEmail(), password = 'secret-123') {
  await call('/api/auth/register', { method: 'POST', json: { fullName, email, password } });
  const res = await call('/api/auth/verify-email', {
    method: 'POST',
    json: { email, verificationCode: await latestCode(email) },
  });
  if (res.status !== 200) throw new Error(`verify failed: ${res.status}`);
  return { email, password, cookie: sessionCookie(res) };
}

export async function logIn(email: string, password: string) {
  const res = await call('/api/auth/login', { method: 'POST', json: { email, password } });
  return { res, cookie: res.ok ? sessionCookie(res) : '' };
}

/** The newest code sent to a phone (the dev outbox of SMS / WhatsApp messages). */
export async function latestPhoneCode(phone: string): Promise<string> {
  const res = await call(`/api/dev/messages?to=${encodeURIComponent(phone)}`);
  const messages = (await res.json()) as { text: string }[];
  const match = messages[0]?.text.match(/\b(\d{6})\b/);
  if (!match) throw new Error(`no code for ${phone}`);
  return match[1]!;
}

/** A client address of its own, so a test's code requests do not share one throttle. */
export const someAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250)).join('.')}`;

const phoneProofs = new Map<string, Promise<string>>();

/**
 * Proves a phone through the real API, as the app does: request a code, read it from the dev
 * outbox, verify it. Answers the `phone_proofs=...` cookie pair (kept per phone for the file,
 * so concurrent entries of one phone share one proof).
 */
export function phoneProof(phone: string): Promise<string> {
  // One proof per phone however it is typed (the server compares phones normalised).
  const key = normalizePhone(phone);
  let proof = phoneProofs.get(key);
  if (!proof) {
    proof = proveThroughApi(phone);
    phoneProofs.set(key, proof);
    proof.catch(() => phoneProofs.delete(key));
  }
  return proof;
}

async function proveThroughApi(phone: string): Promise<string> {
  const headers = { 'cf-connecting-ip': someAddress() };
  const sent = await call('/api/phone-verification/request', {
    method: 'POST',
    headers,
    json: { phoneNumber: phone },
  });
  if (sent.status !== 200) throw new Error(`code request failed: ${sent.status} ${await sent.text()}`);
  const res = await call('/api/phone-verification/verify', {
    method: 'POST',
    headers,
    json: { phoneNumber: phone, verificationCode: await latestPhoneCode(phone) },
  });
  if (res.status !== 200) throw new Error(`phone verify failed: ${res.status}`);
  return proofCookie(res);
}

/** The `phone_proofs=...` pair a response sets. */
export function proofCookie(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith('phone_proofs='));
  if (!set) throw new Error('no phone proof cookie set');
  return set.split(';')[0]!;
}

/**
 * `call` for a prize-draw entry or participation check: the body's `participantPhone` is first
 * proven through the real API (phoneProof), and its proof sent with the other cookies.
 */
export async function entryCall(path: string, init: CallInit & { json?: Record<string, unknown> } = {}) {
  const phone = init.json?.participantPhone;
  if (typeof phone !== 'string') return call(path, init);
  let proof: string;
  try {
    proof = await phoneProof(phone);
  } catch {
    // A phone the API refuses (the test checks that refusal): sent without a proof.
    return call(path, init);
  }
  return call(path, { ...init, cookie: [init.cookie, proof].filter(Boolean).join('; ') });
}
