import { createServer, type Server } from 'node:http';

/**
 * A local stand-in for a push service (the worker tests' vitest globalSetup; never the
 * internet): it keeps every message POSTed to /push/<name> as received (headers and the
 * encrypted body, base64) and answers 201, or the statuses a test queued for that name first.
 * The test reads them back (GET /received/<name>) and decrypts them itself with the
 * subscription's private key (worker/src/modules/messaging/push.test.ts), so nothing here knows a key.
 *   POST /push/<name>             a push message (what the worker sends)
 *   POST /answers/<name>          body: JSON array of statuses for the next messages (e.g. [500])
 *   GET  /received/<name>         JSON array of { headers, body } received, oldest first
 */
// PUSH_RECEIVER_PORT in the environment moves it (two checkouts testing side by side).
export const PUSH_RECEIVER_PORT = Number(process.env.PUSH_RECEIVER_PORT ?? 8824);

let server: Server | undefined;

export async function setup() {
  const received = new Map<string, { headers: Record<string, string>; body: string }[]>();
  const answers = new Map<string, number[]>();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const [, action, name] = /^\/(push|answers|received)\/([\w-]+)$/.exec(req.url ?? '') ?? [];
      if (!action || !name) return void res.writeHead(404).end();
      if (action === 'received') {
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(received.get(name) ?? []));
        return;
      }
      if (action === 'answers') {
        answers.set(name, JSON.parse(Buffer.concat(chunks).toString()) as number[]);
        return void res.writeHead(204).end();
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([key, value]) => [
          key,
          Array.isArray(value) ? value.join(', ') : (value ?? ''),
        ]),
      );
      received.set(name, [
        ...(received.get(name) ?? []),
        { headers, body: Buffer.concat(chunks).toString('base64') },
      ]);
      res.writeHead(answers.get(name)?.shift() ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server!.listen(PUSH_RECEIVER_PORT, '127.0.0.1', resolve));
}

export async function teardown() {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
