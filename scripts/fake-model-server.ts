import { createServer, type Server } from 'node:http';

/**
 * A local stand-in for an OpenAI-compatible chat endpoint (the worker tests' vitest globalSetup;
 * never the internet). The model name chooses the behaviour:
 * `fake-good` answers (echoing what it was told, so a test can see the grounding),
 * `fake-slow` answers after 5 s (past the assistant's time limit), `fake-broken`
 * fails with 500, `fake-empty` answers with no text.
 */
// FAKE_MODEL_PORT in the environment moves it (two checkouts testing side by side).
export const FAKE_MODEL_PORT = Number(process.env.FAKE_MODEL_PORT ?? 8823);

let server: Server | undefined;

/**
 * Also a stand-in for the HTTP e-mail provider (worker/src/platform/mail.ts, worker/src/modules/messaging/email-outbox-sending.test.ts):
 * POST /mail/flaky answers 500 to the first try of each Idempotency-Key and 200 after; GET
 * /mail/accepted?key= answers how many times that key was tried and accepted.
 *
 * Also a stand-in for the SMS gateway and the WhatsApp Cloud API
 * (worker/src/platform/phone-messages.ts): a POST under /providers/ is recorded and answered 200
 * (under /providers/fail/, 500); GET /providers/received lists what was recorded.
 */
const mailTries = new Map<string, { tries: number; accepted: number; body: string }>();
const received: { path: string; authorization: string | null; body: unknown }[] = [];

function provider(req: { method?: string; url?: string; headers: Record<string, unknown> }, body: string) {
  if (req.method === 'GET') return { status: 200, body: JSON.stringify(received) };
  received.push({
    path: req.url ?? '',
    authorization: typeof req.headers.authorization === 'string' ? req.headers.authorization : null,
    body: JSON.parse(body || 'null') as unknown,
  });
  return req.url?.startsWith('/providers/fail/')
    ? { status: 500, body: '{"error":"down"}' }
    : { status: 200, body: '{"messages":[{"id":"fake"}]}' };
}

export async function setup() {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (url.pathname === '/mail/flaky' && req.method === 'POST') {
        const key = String(req.headers['idempotency-key'] ?? '');
        const seen = mailTries.get(key) ?? { tries: 0, accepted: 0, body: '' };
        seen.tries++;
        if (seen.tries > 1) seen.accepted++;
        seen.body = body;
        mailTries.set(key, seen);
        res.writeHead(seen.tries > 1 ? 200 : 500, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      if (url.pathname === '/mail/accepted') {
        const seen = mailTries.get(url.searchParams.get('key') ?? '');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(seen ?? null));
        return;
      }
      if (req.url?.startsWith('/providers/')) {
        const answer = provider(req, body);
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
        return;
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404).end();
        return;
      }
      const request = JSON.parse(body) as { model: string; messages: { role: string; content: string }[] };
      const system = request.messages.find((m) => m.role === 'system')?.content ?? '';
      const last = request.messages.at(-1)?.content ?? '';
      const reply = (content: string) =>
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'fake-1',
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: request.model,
            choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
          }),
        );
      switch (request.model) {
        case 'fake-good':
          reply(
            `MODEL ANSWER to "${last}" (grounded: ${system.includes('12.600') ? 'prices' : 'no prices'}, auth: ${req.headers.authorization ?? 'none'})`,
          );
          return;
        case 'fake-slow':
          setTimeout(() => reply('too late'), 5_000);
          return;
        case 'fake-empty':
          reply('');
          return;
        default:
          res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"boom"}}');
      }
    });
  });
  await new Promise<void>((resolve) => server!.listen(FAKE_MODEL_PORT, '127.0.0.1', resolve));
}

export async function teardown() {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
