import { exports } from 'cloudflare:workers';

/** Calls the worker like a browser on the same origin would. */
export function call(
  path: string,
  init: RequestInit & { cookie?: string; json?: unknown; lang?: 'ar' | 'en' } = {},
) {
  const headers = new Headers(init.headers);
  // Browsers send Origin on every POST; the CSRF check relies on it.
  if (!headers.has('origin')) headers.set('origin', 'http://127.0.0.1:8787');
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.lang) headers.set('accept-language', init.lang);
  if (init.json !== undefined) headers.set('content-type', 'application/json');
  return exports.default.fetch(
    new Request(`http://127.0.0.1:8787${path}`, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    }),
  );
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
