// `npm run probe`: the outside probe, over real HTTP against a fresh
// `wrangler dev` (its own database). Each case prints what an attacker or a
// careless client gets; "ok" means the server held. Run it on any commit to
// compare (docs/decisions/008-hardening.md has what it found and what changed).
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { startBenchServer } from './server.mjs';

const port = Number(process.env.PROBE_PORT ?? 8797);
const { base, stop } = await startBenchServer({ port, persistTo: '.wrangler/probe-state' });
const origin = base;
let ip = 0;
const nextIp = () => `198.51.100.${(ip = (ip % 250) + 1)}`;
const today = new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 10);
const addDays = (d, n) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

// What each case sent and what the server did: its requests (sockets included) and its 5xx answers.
const tally = { requests: 0, serverErrors: 0 };
async function call(path, { method = 'GET', json, body, cookie, address, headers = {} } = {}) {
  tally.requests += 1;
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      origin,
      'cf-connecting-ip': address ?? nextIp(),
      ...(json !== undefined && { 'content-type': 'application/json' }),
      ...(cookie && { cookie }),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : body,
  });
  const text = await res.text();
  let data = null;
  try {
    data = JSON.parse(text);
  } catch {
    // not JSON
  }
  if (res.status >= 500) tally.serverErrors += 1;
  // Every cookie the answer sets, as `name=value` pairs (a session, a booking's grant, a phone's proof).
  const cookies = (res.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]);
  const session = cookies.find((c) => c.startsWith('session='));
  return { status: res.status, data, headers: res.headers, session, cookies };
}
/** One cookie header of several pairs (a device holding a session, grants and proofs). */
const jar = (...pairs) => pairs.filter(Boolean).join('; ');
/** The pair `name=…` among the cookies an answer set. */
const cookieOf = (r, name) => r.cookies.find((c) => c.startsWith(`${name}=`));

/** Waits until `check` (sync or async) holds, at most `ms`; answers whether it did. */
async function until(check, ms = 3000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (await check()) return true;
  return Boolean(await check());
}
/** Time for a live event that should not come to have come. */
const settle = () => new Promise((r) => setTimeout(r, 800));

/**
 * The live socket (GET /api/live, a WebSocket) opened as a browser's app opens it, with its
 * cookies: `status` (101 open, else the refusal), the events it hears after its greeting, the
 * close code it was sent. Node 20 has no WebSocket client of its own: the handshake and the
 * server's frames (unmasked, RFC 6455) are read here.
 */
function liveSocket(path, cookie) {
  tally.requests += 1;
  return new Promise((resolve) => {
    const url = new URL(path, base);
    const req = httpRequest({
      host: url.hostname,
      port: url.port,
      path: url.pathname + url.search,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-key': randomBytes(16).toString('base64'),
        'sec-websocket-version': '13',
        'cf-connecting-ip': nextIp(),
        ...(cookie && { cookie }),
      },
    });
    const refused = (status) => ({ status, events: [], greeted: false, closed: () => status, close() {} });
    req.on('response', (res) => {
      if (res.statusCode >= 500) tally.serverErrors += 1;
      res.resume();
      resolve(refused(res.statusCode));
    });
    req.on('error', () => resolve(refused(0)));
    req.on('upgrade', (res, socket) => {
      const ws = {
        status: res.statusCode,
        events: [],
        greeted: false,
        closed: () => code,
        close: () => socket.destroy(),
      };
      let code = null;
      let buffer = Buffer.alloc(0);
      socket.on('data', (chunk) => {
        buffer = Buffer.concat([buffer, chunk]);
        while (buffer.length >= 2) {
          const opcode = buffer[0] & 0x0f;
          let length = buffer[1] & 0x7f;
          let at = 2;
          if (length === 126) [length, at] = buffer.length >= 4 ? [buffer.readUInt16BE(2), 4] : [Infinity, 0];
          else if (length === 127)
            [length, at] = buffer.length >= 10 ? [Number(buffer.readBigUInt64BE(2)), 10] : [Infinity, 0];
          if (buffer.length < at + length) return;
          const payload = buffer.subarray(at, at + length);
          buffer = buffer.subarray(at + length);
          if (opcode === 8) code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
          if (opcode !== 1) continue;
          try {
            const event = JSON.parse(payload.toString('utf8'));
            if (event.type === 'hello') ws.greeted = true;
            else ws.events.push(event);
          } catch {
            // `pong`
          }
        }
      });
      socket.on('error', () => {});
      socket.on('close', () => (code ??= 1006));
      resolve(ws);
    });
    req.end();
  });
}

/**
 * What a case counts: each call below the caller's role or right (`refuse`, with the statuses
 * that mean "refused"; an open socket's 101 is not one) and each breach (`breach`: something of
 * another's read or done). `outcome` adds them to the case's answer: any breach, or a call let
 * by, and it does not hold.
 */
function ledger() {
  const calls = [];
  const found = [];
  return {
    refuse(label, answer, expected = [404]) {
      calls.push({ label, status: answer.status, refused: expected.includes(answer.status) });
    },
    breach(what) {
      found.push(what);
    },
    outcome({ held, seen }) {
      const let_by = calls.filter((c) => !c.refused);
      return {
        held: held && found.length === 0 && let_by.length === 0,
        seen: [
          seen,
          let_by.length && `let by: ${let_by.map((c) => `${c.label} ${c.status}`).join(', ')}`,
          found.length && `breaches: ${found.join(', ')}`,
        ]
          .filter(Boolean)
          .join('; '),
        refused: [calls.length - let_by.length, calls.length],
        breaches: found.length,
      };
    },
  };
}
const email = (p) => `${p}-${Math.random().toString(36).slice(2, 8)}@example.com`;
async function code(to) {
  const { data } = await call(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
  return data?.[0]?.text.match(/\b(\d{6})\b/)?.[1];
}
async function guest(password = 'probe-guest-pass') {
  const address = email('g');
  await call('/api/auth/register', {
    method: 'POST',
    json: { fullName: 'Probe Guest', email: address, password },
  });
  const v = await call('/api/auth/verify-email', {
    method: 'POST',
    json: { email: address, verificationCode: await code(address) },
  });
  return { email: address, password, cookie: v.session };
}
const staffLogin = async (who, password) =>
  (await call('/api/auth/login', { method: 'POST', json: { email: who, password } })).session;
let phone = 94_000_000;
const booking = (over = {}) => {
  const checkInDate = addDays(today, 30 + (phone % 200));
  return {
    fullName: 'Probe Booker',
    phoneNumber: String((phone += 1)),
    idNumber: '1234567',
    roomType: 'silver',
    bedType: 'double',
    smokingPreference: 'non_smoking',
    numberOfGuests: 2,
    checkInDate,
    checkOutDate: addDays(checkInDate, 2),
    ...over,
  };
};

const results = [];
// PROBE_ONLY=21 (or 3,21): only those cases (each from 21 on stands alone; earlier ones may lean
// on what the cases before them made).
const only = process.env.PROBE_ONLY?.split(',').map(Number);
// A case may also answer `refused: [refused, of]` (its calls below the caller's role or right, and
// how many of them the server refused) and `breaches` (what it read or did that was not its own).
async function probe(item, name, run) {
  if (only && !only.includes(item)) return;
  tally.requests = 0;
  tally.serverErrors = 0;
  try {
    const { held, seen, refused, breaches } = await run();
    results.push({ item, name, held, seen, refused, breaches, ...tally });
  } catch (err) {
    results.push({ item, name, held: false, seen: `probe error: ${err.message}`, ...tally });
  }
}

try {
  const staff = await staffLogin('staff@example.com', 'change-me-staff');
  const admin = await staffLogin('admin@example.com', 'change-me-admin');

  await probe(1, 'takeover: re-register an unverified address, owner verifies', async () => {
    const address = email('owner');
    await call('/api/auth/register', {
      method: 'POST',
      json: { fullName: 'Owner', email: address, password: 'owner-password-1' },
    });
    const ownerCode = await code(address);
    await call('/api/auth/register', {
      method: 'POST',
      json: { fullName: 'Attacker', email: address, password: 'attacker-password-1' },
    });
    await call('/api/auth/verify-email', {
      method: 'POST',
      json: { email: address, verificationCode: ownerCode },
    });
    const attacker = await call('/api/auth/login', {
      method: 'POST',
      json: { email: address, password: 'attacker-password-1' },
    });
    return { held: attacker.status === 401, seen: `attacker's password logs in: ${attacker.status}` };
  });

  await probe(2, 'forgot password exists and answers alike for unknown addresses', async () => {
    const known = await guest();
    const a = await call('/api/auth/forgot-password', { method: 'POST', json: { email: known.email } });
    const b = await call('/api/auth/forgot-password', { method: 'POST', json: { email: email('nobody') } });
    const same = a.status === b.status && JSON.stringify(a.data) === JSON.stringify(b.data);
    return {
      held: a.status === 200 && same,
      seen: `known ${a.status}, unknown ${b.status}, same body: ${same}`,
    };
  });

  await probe(3, 'lockout: 10 wrong passwords from one address, owner from another', async () => {
    const victim = await guest();
    const attacker = nextIp();
    for (let i = 0; i < 11; i++) {
      await call('/api/auth/login', {
        method: 'POST',
        address: attacker,
        json: { email: victim.email, password: 'wrong-password' },
      });
    }
    const owner = await call('/api/auth/login', {
      method: 'POST',
      json: { email: victim.email, password: victim.password },
    });
    return {
      held: owner.status === 200,
      seen: `owner's correct password from another address: ${owner.status}`,
    };
  });

  await probe(4, 'password policy: 123456, six spaces, the e-mail itself', async () => {
    const statuses = [];
    for (const pw of ['123456', '      ', '12345678', 'password1']) {
      const r = await call('/api/auth/register', {
        method: 'POST',
        json: { fullName: 'Weak', email: email('weak'), password: pw },
      });
      statuses.push(r.status);
    }
    const self = email('self');
    const r = await call('/api/auth/register', {
      method: 'POST',
      json: { fullName: 'Self', email: self, password: self },
    });
    statuses.push(r.status);
    return { held: statuses.every((s) => s === 400), seen: `statuses ${statuses.join(',')}` };
  });

  await probe(5, 'enumeration: verify-email for verified vs unknown', async () => {
    const known = await guest();
    const a = await call('/api/auth/verify-email', {
      method: 'POST',
      json: { email: known.email, verificationCode: '123456' },
    });
    const b = await call('/api/auth/verify-email', {
      method: 'POST',
      json: { email: email('x'), verificationCode: '123456' },
    });
    return {
      held: a.status === b.status && a.data?.error?.code === b.data?.error?.code,
      seen: `${a.status} ${a.data?.error?.code} vs ${b.status} ${b.data?.error?.code}`,
    };
  });

  await probe(6, 'impossible dates: 2027-04-31, 2027-13-01, 2027-00-10', async () => {
    const seen = [];
    for (const d of ['2027-04-31', '2027-13-01', '2027-00-10']) {
      seen.push(
        (
          await call('/api/booking-submissions', {
            method: 'POST',
            json: booking({ checkInDate: d, checkOutDate: '2027-05-03' }),
          })
        ).status,
      );
    }
    return { held: seen.every((s) => s === 400), seen: `statuses ${seen.join(',')}` };
  });

  await probe(7, 'a 30-night stay', async () => {
    const r = await call('/api/booking-submissions', {
      method: 'POST',
      json: booking({
        roomType: 'diamond',
        checkInDate: addDays(today, 500),
        checkOutDate: addDays(today, 530),
      }),
    });
    return { held: r.status === 201, seen: `status ${r.status}` };
  });

  await probe(8, 'staff search with 30 Arabic letters', async () => {
    const r = await call(`/api/booking-submissions?q=${encodeURIComponent('ع'.repeat(30))}`, {
      cookie: staff,
    });
    return { held: r.status === 200, seen: `status ${r.status}` };
  });

  await probe(9, 'anonymous pending requests from one phone', async () => {
    const p = '95551234';
    const seen = [];
    for (let i = 0; i < 5; i++)
      seen.push(
        (await call('/api/booking-submissions', { method: 'POST', json: booking({ phoneNumber: p }) }))
          .status,
      );
    return { held: seen.slice(3).every((s) => s === 409 || s === 429), seen: `statuses ${seen.join(',')}` };
  });

  await probe(10, "forged desk booking with another user's e-mail", async () => {
    const r = await call('/api/booking-submissions', {
      method: 'POST',
      json: booking({
        bookingType: 'quick_management',
        email: 'victim@example.com',
        userEmail: 'victim@example.com',
      }),
    });
    return {
      held: r.data?.booking?.userEmail == null,
      seen: `status ${r.status}, userEmail ${r.data?.booking?.userEmail}`,
    };
  });

  await probe(11, 'loose numbers: availableCount null, id 0x10, VIP date 9999-99-99', async () => {
    const a = await call('/api/room-inventory/silver', {
      method: 'PUT',
      cookie: staff,
      json: { availableCount: null },
    });
    const b = await call('/api/booking-submissions/0x10/status', {
      method: 'PATCH',
      cookie: staff,
      json: { status: 'approved' },
    });
    const c = await call('/api/vip-beneficiaries', {
      method: 'POST',
      cookie: staff,
      json: {
        fullName: 'VIP',
        phoneNumber: '96661234',
        civilId: '1234567',
        cardType: 'gold',
        startDate: '9999-99-99',
      },
    });
    return {
      held: [a, b, c].every((r) => r.status === 400),
      seen: `statuses ${a.status},${b.status},${c.status}`,
    };
  });

  await probe(12, "notifications of another guest's phone", async () => {
    const victim = await guest();
    const attacker = await guest();
    const p = String((phone += 1));
    const v = await call('/api/booking-submissions', {
      method: 'POST',
      cookie: victim.cookie,
      json: booking({ phoneNumber: p }),
    });
    await call(`/api/booking-submissions/${v.data.booking.id}/status`, {
      method: 'PATCH',
      cookie: staff,
      json: { status: 'approved' },
    });
    await call('/api/booking-submissions', {
      method: 'POST',
      cookie: attacker.cookie,
      json: booking({ phoneNumber: p }),
    });
    const mine = await call('/api/notifications/mine', { cookie: attacker.cookie });
    // The answer is a page: its items (notifications of the attacker's own account only).
    return {
      held: mine.status === 200 && Array.isArray(mine.data?.items) && mine.data.items.length === 0,
      seen: `attacker reads ${mine.data?.items?.length} notifications`,
    };
  });

  await probe(13, 'a 10 MB JSON body', async () => {
    const r = await call('/api/auth/login', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(10 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    return { held: r.status === 413, seen: `status ${r.status}` };
  });

  await probe(14, 'headers: X-Frame-Options, staff no-store', async () => {
    const h = await call('/api/health');
    const s = await call('/api/admin/staff', { cookie: admin });
    const xfo = h.headers.get('x-frame-options');
    const cc = s.headers.get('cache-control');
    return {
      held: !xfo && /no-store/.test(cc ?? ''),
      seen: `X-Frame-Options ${xfo}, staff Cache-Control ${cc}`,
    };
  });

  // Online payments (decision 071): a guest's non-refundable booking with its whole stay due,
  // checked out on the development provider; then what an outsider can do to it.
  const payer = await guest();
  const paid = await call('/api/booking-submissions', {
    method: 'POST',
    cookie: payer.cookie,
    json: booking({ ratePlan: 'non_refundable' }),
  });
  const paidId = paid.data?.booking?.id;
  const checkout = await call(`/api/booking-submissions/${paidId}/payments`, {
    method: 'POST',
    cookie: payer.cookie,
    json: {},
  });
  const providerSession = String(checkout.data?.checkoutUrl ?? '').match(/\/dev\/pay\/([^?]+)/)?.[1];
  const { createHmac } = await import('node:crypto');
  // Thawani's webhook: `{ data, event_type }`, thawani-signature over the body's bytes + "-" + timestamp.
  const webhook = (body, { secret = 'change-me-webhook', at = Math.floor(Date.now() / 1000) } = {}) => {
    const raw = typeof body === 'string' ? body : JSON.stringify(body);
    const signature = createHmac('sha256', secret)
      .update(Buffer.concat([Buffer.from(raw, 'utf8'), Buffer.from(`-${at}`)]))
      .digest('hex');
    return call('/api/payments/webhooks/fake', {
      method: 'POST',
      body: raw,
      headers: {
        'content-type': 'application/json',
        'thawani-timestamp': String(at),
        'thawani-signature': signature,
      },
    });
  };
  const onlineLines = async () =>
    (await call(`/api/booking-submissions/${paidId}/folio`, { cookie: staff })).data?.lines?.filter(
      (l) => l.kind === 'payment' && l.method === 'online',
    ).length;

  await probe(15, "another guest's booking: its payments read and a checkout opened", async () => {
    const other = await guest();
    const read = await call(`/api/booking-submissions/${paidId}/payments`, { cookie: other.cookie });
    const open = await call(`/api/booking-submissions/${paidId}/payments`, {
      method: 'POST',
      cookie: other.cookie,
      json: {},
    });
    const anonymous = await call(`/api/booking-submissions/${paidId}/payments`);
    return {
      held: read.status === 404 && open.status === 404 && [401, 404].includes(anonymous.status),
      seen: `read ${read.status}, open ${open.status}, signed out ${anonymous.status}`,
    };
  });

  await probe(16, 'checkout bodies: unknown purpose, bad JSON, 3 MB, an id of 20 digits', async () => {
    const path = `/api/booking-submissions/${paidId}/payments`;
    const a = await call(path, { method: 'POST', cookie: payer.cookie, json: { purpose: 'everything' } });
    const b = await call(path, {
      method: 'POST',
      cookie: payer.cookie,
      body: '{"purpose":',
      headers: { 'content-type': 'application/json' },
    });
    const c = await call(path, {
      method: 'POST',
      cookie: payer.cookie,
      body: JSON.stringify({ purpose: 'x'.repeat(3 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    const d = await call('/api/booking-submissions/99999999999999999999/payments', {
      method: 'POST',
      cookie: payer.cookie,
      json: {},
    });
    const statuses = [a, b, c, d].map((r) => r.status);
    return { held: statuses.every((x) => x >= 400 && x < 500), seen: `statuses ${statuses.join(',')}` };
  });

  await probe(
    17,
    'forged webhooks: unsigned, wrong key, an hour old, wrong amount, unknown session, garbage',
    async () => {
      // The body is a hint the adapter checks with the provider's API: a signed one naming a
      // payment or a session the provider does not have changes nothing either.
      const event = (over = {}) => ({
        data: {
          session_id: providerSession,
          payment_id: `pay_probe_${Math.random().toString(36).slice(2)}`,
          amount: checkout.data?.amountBaisa,
          ...over,
        },
        event_type: 'payment.succeeded',
      });
      const unsigned = await call('/api/payments/webhooks/fake', {
        method: 'POST',
        json: event(),
      });
      const wrongKey = await webhook(event(), { secret: 'guess' });
      const old = await webhook(event(), { at: Math.floor(Date.now() / 1000) - 3600 });
      const amount = await webhook({
        data: { session_id: providerSession, amount: 1 },
        event_type: 'checkout.completed',
      });
      const unknown = await webhook({
        data: { session_id: 'checkout_nope' },
        event_type: 'checkout.completed',
      });
      const garbage = await webhook({ event_type: 'payment.succeeded', data: 'x' });
      const other = await call('/api/payments/webhooks/stripe', { method: 'POST', json: event() });
      const statuses = [unsigned, wrongKey, old, amount, unknown, garbage, other].map((r) => r.status);
      const lines = await onlineLines();
      // An unpaid session told of (200: nothing to apply) and one the provider does not know
      // (502: the provider is asked again later) are not breaches: nothing is posted.
      const refusedOrIdle = (x, i) =>
        (x >= 400 && x < 500) || (i === 3 && x === 200) || (i === 4 && x === 502);
      return {
        held: lines === 0 && statuses.every(refusedOrIdle),
        seen: `statuses ${statuses.join(',')}; online lines ${lines}`,
      };
    },
  );

  await probe(18, 'twenty copies of one genuine webhook at once', async () => {
    // Paid on the development provider's page; then its webhook sent again twenty times at once.
    const done = await call(`/api/dev/payments/${providerSession}/complete`, {
      method: 'POST',
      json: { outcome: 'paid' },
    });
    const body = { data: { payment_id: done.data?.paymentId }, event_type: 'payment.succeeded' };
    const answers = await Promise.all(Array.from({ length: 20 }, () => webhook(body)));
    const lines = await onlineLines();
    const statuses = [...new Set(answers.map((r) => r.status))];
    return {
      held: done.data?.webhookStatus === 200 && lines === 1,
      seen: `first ${done.data?.webhookStatus}; copies ${statuses.join(',')}; online lines ${lines}`,
    };
  });

  await probe(19, 'the development provider: an unknown session, a paid one completed again', async () => {
    const unknown = await call('/api/dev/payments/checkout_nope/complete', {
      method: 'POST',
      json: { outcome: 'paid' },
    });
    const again = await call(`/api/dev/payments/${providerSession}/complete`, {
      method: 'POST',
      json: { outcome: 'paid' },
    });
    const page = await fetch(
      `${base}/dev/pay/%3Cscript%3Ealert(1)%3C%2Fscript%3E?key=fake-thawani-publishable-key`,
    );
    const html = await page.text();
    const lines = await onlineLines();
    return {
      held:
        unknown.status === 404 &&
        again.status === 409 &&
        page.status === 404 &&
        !html.includes('<script>alert') &&
        lines === 1,
      seen: `unknown ${unknown.status}, again ${again.status}, a script as id ${page.status}; online lines ${lines}`,
    };
  });

  await probe(20, 'staff refunds: a guest, bad amounts, above what was paid, three racing', async () => {
    const list = await call(`/api/admin/payments?booking=${paidId}`, { cookie: staff });
    const sessionId = list.data?.payments?.[0]?.sessionId;
    const path = `/api/admin/payments/${sessionId}/refunds`;
    const amount = checkout.data?.amountBaisa ?? 0;
    const byGuest = await call(path, {
      method: 'POST',
      cookie: payer.cookie,
      json: { amountBaisa: 1, reason: 'x' },
    });
    const bad = await Promise.all(
      [-5, 0, 1.5, 'abc', 2 ** 53, null].map((amountBaisa) =>
        call(path, { method: 'POST', cookie: staff, json: { amountBaisa, reason: 'probe' } }),
      ),
    );
    const above = await call(path, {
      method: 'POST',
      cookie: staff,
      json: { amountBaisa: amount + 1, reason: 'probe' },
    });
    const part = Math.ceil(amount * 0.6);
    const racing = await Promise.all(
      [1, 2, 3].map(() =>
        call(path, { method: 'POST', cookie: staff, json: { amountBaisa: part, reason: 'probe race' } }),
      ),
    );
    const accepted = racing.filter((r) => r.status === 202).length;
    return {
      held:
        byGuest.status === 403 &&
        bad.every((r) => r.status === 400) &&
        above.status === 409 &&
        accepted === 1 &&
        racing.every((r) => r.status < 500),
      seen: `guest ${byGuest.status}; bad ${bad.map((r) => r.status).join(',')}; above ${above.status}; racing ${racing.map((r) => r.status).join(',')}`,
    };
  });

  await probe(
    21,
    "the accountant's books by role: guest, front desk, housekeeper, nobody; manager, admin",
    async () => {
      const housekeeper = await staffLogin('housekeeper@example.com', 'change-me-housekeeper');
      const manager = await staffLogin('manager@example.com', 'change-me-manager');
      const visitor = await guest();
      const month = today.slice(0, 7);
      const endpoints = [
        ['GET', '/api/admin/accounting/accounts'],
        ['PUT', '/api/admin/accounting/accounts', { journal: 'HACK', accounts: [] }],
        ['GET', `/api/admin/accounting/journal?date=${addDays(today, -1)}`],
        ['GET', `/api/admin/accounting/journal?from=${month}-01&to=${today}&format=csv`],
        ['GET', `/api/admin/accounting/days?month=${month}`],
      ];
      const statuses = async (cookie, methods = ['GET', 'PUT']) =>
        Promise.all(
          endpoints
            .filter(([m]) => methods.includes(m))
            .map(([method, path, json]) => call(path, { method, cookie, json }).then((r) => r.status)),
        );
      const refused = {
        nobody: await statuses(undefined),
        guest: await statuses(visitor.cookie),
        desk: await statuses(staff),
        housekeeper: await statuses(housekeeper),
      };
      // Managers and admins read (a day not closed is 409, named; never 401/403).
      const allowed = { manager: await statuses(manager, ['GET']), admin: await statuses(admin, ['GET']) };
      const books = await call('/api/admin/accounting/accounts', { cookie: manager });
      return {
        held:
          refused.nobody.every((s) => s === 401) &&
          [refused.guest, refused.desk, refused.housekeeper].every((list) => list.every((s) => s === 403)) &&
          Object.values(allowed).every((list) => list.every((s) => s === 200 || s === 409)) &&
          books.data?.journal === 'MISC',
        seen: Object.entries({ ...refused, ...allowed })
          .map(([who, list]) => `${who} ${list.join(',')}`)
          .join('; '),
      };
    },
  );

  // The guest's chat (modules/conversations): a booking without an account speaks on its own
  // thread, a reference with its phone opens only that booking's, a medium only to its reader.
  await probe(
    22,
    "one typed phone on two bookings without an account; a reference with its phone; another guest's medium",
    async () => {
      const { refuse, breach, outcome } = ledger();
      const shared = String((phone += 1));
      // Alice books without an account: her device holds the booking's grant.
      const a = await call('/api/booking-submissions', {
        method: 'POST',
        json: booking({ fullName: 'Alice Owner', phoneNumber: shared }),
      });
      const alice = { id: a.data?.booking?.id, cookie: cookieOf(a, 'booking_grants') };
      const first = await call('/api/messages', {
        method: 'POST',
        cookie: alice.cookie,
        json: { text: 'My door code is 4411', bookingId: alice.id },
      });
      const aliceThread = first.data?.message?.threadId;
      // Mallory books with Alice's phone on another device, and listens on their booking.
      const m = await call('/api/booking-submissions', {
        method: 'POST',
        json: booking({ fullName: 'Mallory Intruder', phoneNumber: shared }),
      });
      const mallory = { id: m.data?.booking?.id, cookie: cookieOf(m, 'booking_grants') };
      const aliceEars = await liveSocket(`/api/live?bookingId=${alice.id}`, alice.cookie);
      const malloryEars = await liveSocket(`/api/live?bookingId=${mallory.id}`, mallory.cookie);
      const reply = await call(`/api/admin/inbox/${aliceThread}/messages`, {
        method: 'POST',
        cookie: staff,
        json: { text: 'Noted, Alice: your late check-out is at 2 pm' },
      });
      const aliceHeard = await until(() => aliceEars.events.some((e) => e.threadId === aliceThread));
      const texts = (r) => (r.data?.messages ?? []).map((x) => x.text);
      const own = texts(await call(`/api/messages?bookingId=${mallory.id}`, { cookie: mallory.cookie }));
      if (own.some((t) => /4411|Alice/.test(t))) breach("Alice's chat on Mallory's booking");
      refuse(
        "Alice's booking read",
        await call(`/api/messages?bookingId=${alice.id}`, { cookie: mallory.cookie }),
      );
      refuse(
        "Alice's unread count",
        await call(`/api/messages/unread?bookingId=${alice.id}`, { cookie: mallory.cookie }),
      );
      refuse(
        "a post on Alice's booking",
        await call('/api/messages', {
          method: 'POST',
          cookie: mallory.cookie,
          json: { text: 'As Alice: cancel my late check-out', bookingId: alice.id },
        }),
      );
      refuse(
        'the chat with no booking and no account',
        await call('/api/messages', { cookie: mallory.cookie }),
        [401],
      );
      const theirs = await call('/api/messages', {
        method: 'POST',
        cookie: mallory.cookie,
        json: { text: 'Please send my key again', bookingId: mallory.id },
      });
      if (theirs.data?.message?.threadId === aliceThread) breach("Mallory's message on Alice's thread");
      const stolenEars = await liveSocket(`/api/live?bookingId=${alice.id}`, mallory.cookie);
      refuse("Alice's live socket", stolenEars);
      stolenEars.close();
      await call(`/api/admin/inbox/${aliceThread}/messages`, {
        method: 'POST',
        cookie: staff,
        json: { text: 'Alice, your taxi is at 6' },
      });
      await until(() => aliceEars.events.filter((e) => e.threadId === aliceThread).length >= 2);
      await settle();
      if (malloryEars.events.some((e) => e.threadId === aliceThread))
        breach("Alice's live events on Mallory's socket");
      if (stolenEars.events.length) breach("a live event on Mallory's socket of Alice's booking");
      const aliceReads = texts(await call(`/api/messages?bookingId=${alice.id}`, { cookie: alice.cookie }));
      if (aliceReads.includes('Please send my key again')) breach("Mallory's words on Alice's chat");
      aliceEars.close();
      malloryEars.close();

      // An account's booking opened by its reference and phone on another device.
      const owner = await guest();
      const ownerPhone = String((phone += 1));
      const otherPhone = String((phone += 1));
      const otherStay = await call('/api/booking-submissions', {
        method: 'POST',
        cookie: owner.cookie,
        json: booking({ fullName: 'Account Owner', phoneNumber: otherPhone }),
      });
      const b = await call('/api/booking-submissions', {
        method: 'POST',
        cookie: owner.cookie,
        json: booking({ fullName: 'Account Owner', phoneNumber: ownerPhone }),
      });
      await call('/api/messages', {
        method: 'POST',
        cookie: owner.cookie,
        json: { text: 'About my other stay', bookingId: otherStay.data?.booking?.id },
      });
      const accountSaid = await call('/api/messages', {
        method: 'POST',
        cookie: owner.cookie,
        json: { text: 'My passport is N1234567' },
      });
      const accountThread = accountSaid.data?.message?.threadId;
      const lookup = await call('/api/bookings/lookup', {
        method: 'POST',
        json: { reference: b.data?.booking?.reference, phoneNumber: ownerPhone },
      });
      const holder = cookieOf(lookup, 'booking_grants');
      const held = texts(await call(`/api/messages?bookingId=${b.data?.booking?.id}`, { cookie: holder }));
      if (held.some((t) => /passport|other stay/.test(t))) breach("the account's chat through a reference");
      refuse(
        "the account's other booking",
        await call(`/api/messages?bookingId=${otherStay.data?.booking?.id}`, { cookie: holder }),
      );
      refuse("the account's chat with no booking", await call('/api/messages', { cookie: holder }), [401]);
      const holderPost = await call('/api/messages', {
        method: 'POST',
        cookie: holder,
        json: { text: 'Can I bring a friend?', bookingId: b.data?.booking?.id },
      });
      if (holderPost.data?.message?.threadId === accountThread)
        breach('a post as the account through a reference');
      const holderEars = await liveSocket(`/api/live?bookingId=${b.data?.booking?.id}`, holder);
      await call('/api/messages', { method: 'POST', cookie: owner.cookie, json: { text: 'another secret' } });
      await call(`/api/admin/inbox/${accountThread}/messages`, {
        method: 'POST',
        cookie: staff,
        json: { text: 'Your passport is noted' },
      });
      await settle();
      if (holderEars.events.some((e) => e.threadId === accountThread))
        breach("the account's live events through a reference");
      holderEars.close();

      // The phone of the account's thread (the stay it first wrote from) sends a photo on WhatsApp
      // (the fake, as Meta delivers it): it lands on the account's thread; only the account that
      // proved the phone, and the desk, open the medium.
      const sent = await call('/api/dev/whatsapp/inbound', {
        method: 'POST',
        json: { from: otherPhone, name: 'Account Owner', image: { caption: 'my passport page' } },
      });
      const proofAddress = nextIp();
      await call('/api/phone-verification/request', {
        method: 'POST',
        address: proofAddress,
        json: { phoneNumber: otherPhone },
      });
      const codeSent = (
        await call(`/api/dev/messages?to=${encodeURIComponent(otherPhone)}`)
      ).data?.[0]?.text.match(/\b(\d{6})\b/)?.[1];
      const proved = await call('/api/phone-verification/verify', {
        method: 'POST',
        address: proofAddress,
        json: { phoneNumber: otherPhone, verificationCode: codeSent },
      });
      const proven = jar(owner.cookie, cookieOf(proved, 'phone_proofs'));
      let photo;
      await until(async () => {
        const r = await call('/api/messages', { cookie: proven });
        photo = r.data?.messages?.find((x) => x.kind === 'image');
        return photo?.media?.state === 'stored';
      }, 10_000);
      const mediaPath = `/api/messages/${photo?.id}/media`;
      const ownerMedium = await call(mediaPath, { cookie: proven });
      const deskMedium = await call(`/api/admin/inbox/${photo?.threadId}/messages/${photo?.id}/media`, {
        cookie: staff,
      });
      const stranger = await guest();
      const m2 = await call('/api/booking-submissions', {
        method: 'POST',
        json: booking({ fullName: 'Mallory Again', phoneNumber: otherPhone }),
      });
      const mallory2 = { id: m2.data?.booking?.id, cookie: cookieOf(m2, 'booking_grants') };
      for (const [label, path, cookie, expected] of [
        [
          'the medium by a booking made with the phone',
          `${mediaPath}?bookingId=${mallory2.id}`,
          mallory2.cookie,
        ],
        ['the medium by the reference holder', `${mediaPath}?bookingId=${b.data?.booking?.id}`, holder],
        ["the medium by Alice's booking", `${mediaPath}?bookingId=${alice.id}`, alice.cookie],
        ['the medium by another signed-in guest', mediaPath, stranger.cookie],
        ['the medium by the account before it proved the phone', mediaPath, owner.cookie],
        ['the medium signed out', mediaPath, undefined, [401]],
        [
          "the medium by id on the desk's route, as a guest",
          `/api/admin/inbox/${photo?.threadId}/messages/${photo?.id}/media`,
          proven,
          [403],
        ],
      ]) {
        const r = await call(path, { cookie });
        refuse(label, r, expected);
        if (r.status === 200) breach(label);
      }
      return outcome({
        held:
          a.status === 201 &&
          m.status === 201 &&
          first.status === 201 &&
          reply.status === 201 &&
          aliceHeard &&
          aliceReads.includes('Noted, Alice: your late check-out is at 2 pm') &&
          theirs.status === 201 &&
          lookup.status === 200 &&
          holderPost.status === 201 &&
          sent.data?.status === 200 &&
          proved.status === 200 &&
          ownerMedium.status === 200 &&
          deskMedium.status === 200,
        seen:
          `Alice's socket heard the desk ${aliceHeard}; Mallory reads ${own.length} on their booking; ` +
          `the reference holder reads ${held.length}; the photo sent ${sent.data?.status}, the phone proven ${proved.status}, ` +
          `the photo ${photo ? `${photo.id} ${photo.media?.state}` : 'not on the proven account'}; the owner's medium ${ownerMedium.status}, the desk's ${deskMedium.status}`,
      });
    },
  );

  await probe(23, "after logout: the old session's chat and live socket", async () => {
    const { refuse, breach, outcome } = ledger();
    const g = await guest();
    const said = await call('/api/messages', {
      method: 'POST',
      cookie: g.cookie,
      json: { text: 'before logout' },
    });
    const thread = said.data?.message?.threadId;
    const ears = await liveSocket('/api/live', g.cookie);
    const staffSays = (text) =>
      call(`/api/admin/inbox/${thread}/messages`, { method: 'POST', cookie: staff, json: { text } });
    await staffSays('one, before the logout');
    const heardBefore = await until(() => ears.events.length === 1);
    const out = await call('/api/auth/logout', { method: 'POST', cookie: g.cookie });
    const closed = await until(() => ears.closed() !== null);
    const closedWith = ears.closed();
    await staffSays('two, after the logout');
    await staffSays('three, after the logout');
    await settle();
    if (ears.events.length > 1) breach(`${ears.events.length - 1} live events after the logout`);
    ears.close();
    const old = g.cookie;
    refuse('the chat read', await call('/api/messages', { cookie: old }), [401]);
    refuse('the unread count', await call('/api/messages/unread', { cookie: old }), [401]);
    refuse(
      'a post',
      await call('/api/messages', { method: 'POST', cookie: old, json: { text: 'after logout' } }),
      [401],
    );
    const again = await liveSocket('/api/live', old);
    refuse('the live socket again', again, [401]);
    await staffSays('four, to a socket opened after the logout');
    await settle();
    if (again.events.length) breach('a live event on a socket opened after the logout');
    again.close();
    return outcome({
      held: said.status === 201 && ears.status === 101 && heardBefore && out.status === 200 && closed,
      seen: `heard before the logout ${heardBefore}; socket closed ${closedWith}; events after ${ears.events.length - 1}; reopened ${again.status}`,
    });
  });

  await probe(
    24,
    'WhatsApp as Meta delivers it: 2.5 MB of Arabic, lines, a username, every kind, 101 in a change, another number, forgeries, broken bodies, twice at once',
    async () => {
      const { refuse, breach, outcome } = ledger();
      const { createHmac } = await import('node:crypto');
      // The local default's app secret and numbers (modules/whatsapp/config.ts, .env.example).
      const META = {
        secret: 'change-me-whatsapp-secret',
        phoneNumberId: '106540352242922',
        display: '96824000000',
        waba: '102290129340398',
      };
      // As Meta writes a body: every character beyond ASCII as \uXXXX, `/` as `\/`; signed over those bytes.
      const metaJson = (body) =>
        JSON.stringify(body)
          .replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`)
          .replace(/\//g, '\\/');
      const sign = (raw, secret = META.secret) =>
        `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
      const deliver = (raw, signature = sign(raw)) =>
        call('/api/whatsapp/webhook', {
          method: 'POST',
          body: raw,
          headers: {
            'content-type': 'application/json',
            ...(signature !== null && { 'x-hub-signature-256': signature }),
          },
        });
      const at = String(Math.floor(Date.now() / 1000));
      const wamid = () =>
        `wamid.${Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64')}`;
      const waPhone = () => `968${(phone += 1)}`;
      const change = (messages, contacts, phoneNumberId = META.phoneNumberId) => ({
        field: 'messages',
        value: {
          messaging_product: 'whatsapp',
          metadata: { display_phone_number: META.display, phone_number_id: phoneNumberId },
          contacts,
          messages,
        },
      });
      const from = (waId, name = 'Probe Guest') => ({
        contacts: [{ profile: { name }, wa_id: waId }],
        msg: (type, content) => ({ from: waId, id: wamid(), timestamp: at, type, [type]: content }),
      });
      const envelope = (...changes) => ({
        object: 'whatsapp_business_account',
        entry: [{ id: META.waba, changes }],
      });
      // The desk's inbox: a sender's thread (by phone or user id) and the messages stored on it.
      const threadOf = async (address) => {
        let before;
        for (let i = 0; i < 6; i++) {
          const r = await call(`/api/admin/inbox?limit=50${before ? `&before=${before}` : ''}`, {
            cookie: staff,
          });
          const found = r.data?.threads?.find((t) =>
            (t.phone ?? '').replace(/[^\dA-Za-z.]/g, '').endsWith(address),
          );
          if (found || !r.data?.next) return found?.id ?? null;
          before = r.data.next;
        }
        return null;
      };
      const storedOn = async (address) => {
        const id = await threadOf(address);
        if (!id) return [];
        const all = [];
        let before;
        for (let i = 0; i < 10; i++) {
          const r = await call(`/api/admin/inbox/${id}${before ? `?before=${before}` : ''}`, {
            cookie: staff,
          });
          const page = r.data?.messages ?? [];
          all.push(...page);
          if (!r.data?.hasMore || !page.length) break;
          before = Math.min(...page.map((x) => x.id));
        }
        return all.filter((x) => x.direction === 'in');
      };
      const statuses = {};
      const counts = {};

      // 2.5 MB of long Arabic texts, escaped as Meta escapes them, in changes of 50; sent twice at once.
      const big = from(waPhone(), 'ضيف الرسائل الطويلة');
      const line = 'مرحباً، أودّ أن أسأل عن موعد الإفطار وعن إمكانية تمديد الإقامة ليلة أخرى في الغرفة نفسها. ';
      const longText = `${line.repeat(Math.ceil(3_900 / line.length)).slice(0, 3_900)}\nشكراً جزيلاً`;
      const bigChanges = [];
      let bigRaw = '';
      while (bigRaw.length < 2.5 * 1024 * 1024) {
        const last = bigChanges.at(-1);
        if (!last || last.value.messages.length === 50) bigChanges.push(change([], big.contacts));
        bigChanges.at(-1).value.messages.push(big.msg('text', { body: longText }));
        if (bigChanges.at(-1).value.messages.length % 10 === 0) bigRaw = metaJson(envelope(...bigChanges));
      }
      bigRaw = metaJson(envelope(...bigChanges));
      const bigCount = bigChanges.reduce((n, c) => n + c.value.messages.length, 0);
      const twice = await Promise.all([deliver(bigRaw), deliver(bigRaw)]);
      statuses['2.5 MB twice at once'] = twice.map((r) => r.status).join('+');
      const bigStored = await storedOn(big.contacts[0].wa_id);
      const bigWhole = bigStored.every((x) => x.text === longText);
      counts.big = `${bigStored.length}/${bigCount}${bigWhole ? ', whole' : ', NOT whole'}`;

      // A text with line breaks and a tab; a location with a two-line address.
      const lines = from(waPhone());
      const multi = 'السطر الأول\nالسطر الثاني\tبعد علامة جدولة\r\nوالثالث';
      const multiAnswer = await deliver(
        metaJson(
          envelope(
            change(
              [
                lines.msg('text', { body: multi }),
                lines.msg('location', {
                  latitude: 23.588,
                  longitude: 58.3829,
                  name: 'الفندق',
                  address: 'شارع السلطان قابوس\nمسقط',
                }),
              ],
              lines.contacts,
            ),
          ),
        ),
      );
      statuses['multi-line'] = multiAnswer.status;
      const multiStored = await storedOn(lines.contacts[0].wa_id);
      const multiKept = multiStored.some((x) => x.text === multi);
      counts.lines = `${multiStored.length}/2${multiKept ? ', lines kept' : ', lines NOT kept'}`;

      // A guest with a username who shares no phone: `from_user_id` and `user_id`, no `from` nor `wa_id`.
      const userId = `OM.${Date.now()}${Math.floor(Math.random() * 1e6)}`;
      const userAnswer = await deliver(
        metaJson(
          envelope(
            change(
              [
                {
                  from_user_id: userId,
                  id: wamid(),
                  timestamp: at,
                  type: 'text',
                  text: { body: 'مرحباً من اسم مستخدم' },
                },
              ],
              [{ profile: { name: 'سالم', username: '@salim.om' }, user_id: userId }],
            ),
          ),
        ),
      );
      statuses['username only'] = userAnswer.status;
      const userStored = await storedOn(userId);
      counts.username = `${userStored.length}/1`;

      // Every kind through the fake's control (the fake keeps the medium and serves it as Meta's
      // media endpoints do), then the same kinds in one signed change of our own making.
      const kindsPhone = waPhone();
      const viaFake = [];
      for (const content of [
        { sticker: { animated: false } },
        { audio: { voice: true } },
        { document: { filename: 'passport.pdf', caption: 'جواز السفر' } },
        { video: {} },
        { contacts: [{ name: 'أحمد البلوشي', phones: ['+96891234567'], emails: ['ahmed@example.com'] }] },
        { button: { text: 'Stop promotions', payload: 'STOP' } },
        { interactive: { type: 'button_reply', id: 'late-checkout', title: 'نعم، أريد ذلك' } },
        { unsupported: { type: 'poll_creation' } },
      ]) {
        const r = await call('/api/dev/whatsapp/inbound', {
          method: 'POST',
          json: { from: kindsPhone, name: 'ضيف الأنواع', ...content },
        });
        viaFake.push(r.data?.status ?? r.status);
      }
      statuses['every kind through the fake'] = [...new Set(viaFake)].join(',');
      const mixed = from(waPhone());
      const mixedAnswer = await deliver(
        metaJson(
          envelope(
            change(
              [
                mixed.msg('sticker', { mime_type: 'image/webp', sha256: 'x', id: '8810001', animated: true }),
                mixed.msg('audio', {
                  mime_type: 'audio/ogg; codecs=opus',
                  sha256: 'x',
                  id: '8810002',
                  voice: true,
                }),
                mixed.msg('document', {
                  mime_type: 'application/pdf',
                  sha256: 'x',
                  id: '8810003',
                  filename: 'a/b.pdf',
                }),
                mixed.msg('contacts', [
                  {
                    name: { formatted_name: 'Nasser', first_name: 'Nasser' },
                    phones: [{ phone: '+968 9123 4567', type: 'CELL' }],
                  },
                ]),
                mixed.msg('button', { text: 'STOP', payload: 'STOP' }),
                mixed.msg('interactive', {
                  type: 'list_reply',
                  list_reply: { id: 'r1', title: 'غرفة مطلة', description: 'على البحر' },
                }),
                mixed.msg('reaction', { message_id: 'wamid.unknown', emoji: '👍' }),
                mixed.msg('poll_creation', { question: '?' }),
              ],
              mixed.contacts,
            ),
          ),
        ),
      );
      statuses['every kind in one change'] = mixedAnswer.status;
      let kindsStored = [];
      await until(async () => {
        kindsStored = await storedOn(kindsPhone);
        return kindsStored.length >= 8 && kindsStored.filter((x) => x.hasMedia).length >= 4;
      }, 15_000);
      const mixedStored = await storedOn(mixed.contacts[0].wa_id);
      const kindsOf = (list) => [...new Set(list.map((x) => x.kind))].sort().join(',');
      counts.kinds = `${kindsStored.length}/8 (${kindsOf(kindsStored)}; media ${kindsStored.filter((x) => x.hasMedia).length}/4), one change ${mixedStored.length}/8 (${kindsOf(mixedStored)})`;

      // 101 messages in one change.
      const many = from(waPhone());
      const manyAnswer = await deliver(
        metaJson(
          envelope(
            change(
              Array.from({ length: 101 }, (_, i) => many.msg('text', { body: `رسالة ${i + 1}` })),
              many.contacts,
            ),
          ),
        ),
      );
      statuses['101 in a change'] = manyAnswer.status;
      const manyStored = await storedOn(many.contacts[0].wa_id);
      counts.many = `${manyStored.length}/101`;

      // A delivery with a change for this number and one for another number of the account.
      const ours = from(waPhone());
      const theirs = from(waPhone());
      const numbersAnswer = await deliver(
        metaJson(
          envelope(
            change([ours.msg('text', { body: 'لرقم الفندق' })], ours.contacts),
            change([theirs.msg('text', { body: 'لرقم آخر' })], theirs.contacts, '999000111222333'),
          ),
        ),
      );
      const onlyOtherAnswer = await deliver(
        metaJson(
          envelope(
            change([theirs.msg('text', { body: 'لرقم آخر مرة ثانية' })], theirs.contacts, '999000111222333'),
          ),
        ),
      );
      statuses['another number'] = `${numbersAnswer.status}+${onlyOtherAnswer.status}`;
      const oursStored = await storedOn(ours.contacts[0].wa_id);
      const theirsStored = await storedOn(theirs.contacts[0].wa_id);
      if (theirsStored.length) breach(`${theirsStored.length} messages to another number kept`);
      counts.numbers = `ours ${oursStored.length}/1, another's ${theirsStored.length}/0`;

      // Forgeries: unsigned, the wrong secret, a malformed header, another body's signature.
      const forged = from(waPhone());
      const forgedRaw = metaJson(envelope(change([forged.msg('text', { body: 'مزوّرة' })], forged.contacts)));
      for (const [label, signature] of [
        ['unsigned', null],
        ['the wrong secret', sign(forgedRaw, 'guess')],
        ['a malformed signature', 'sha256=zz'],
        ["another body's signature", sign(bigRaw)],
        ['sha1', `sha1=${createHmac('sha1', META.secret).update(forgedRaw).digest('hex')}`],
      ])
        refuse(`a delivery with ${label}`, await deliver(forgedRaw, signature), [401, 403]);
      const forgedStored = await storedOn(forged.contacts[0].wa_id);
      if (forgedStored.length) breach(`${forgedStored.length} forged messages kept`);

      // Broken bodies, signed: not JSON, not Meta's envelope (400); mostly good with broken items (200).
      const broken = [];
      for (const raw of [
        '{"object":"whatsapp_business_account","entry":[',
        '[]',
        '{"object":"page","entry":[]}',
        '\uFEFF{}',
      ])
        broken.push((await deliver(raw)).status);
      statuses['not JSON or not Meta'] = broken.join(',');
      const mostly = from(waPhone());
      const mostlyAnswer = await deliver(
        metaJson(
          envelope(
            change(
              [
                mostly.msg('text', { body: 'الأولى' }),
                { from: mostly.contacts[0].wa_id, timestamp: at, type: 'text', text: { body: 'no id' } },
                mostly.msg('text', { body: 42 }),
                { id: wamid(), timestamp: at, type: 'text', text: { body: 'no sender' } },
                mostly.msg('text', { body: 'الثانية' }),
                { ...mostly.msg('text', { body: 'bad time' }), timestamp: 'yesterday' },
                mostly.msg('text', { body: 'الثالثة' }),
              ],
              mostly.contacts,
            ),
            { field: 'messages', value: 'not an object' },
            { field: 'account_update', value: {} },
          ),
        ),
      );
      statuses['mostly good'] = mostlyAnswer.status;
      const mostlyStored = await storedOn(mostly.contacts[0].wa_id);
      const goodKept = ['الأولى', 'الثانية', 'الثالثة'].every((t) => mostlyStored.some((x) => x.text === t));
      counts.mostly = `${mostlyStored.length} kept (3 good${goodKept ? '' : ' NOT all'})`;

      // Over 3 MB (Meta never sends one): refused before anything is read.
      const over = from(waPhone());
      const overRaw = metaJson(
        envelope(change([over.msg('text', { body: 'ع'.repeat(600_000) })], over.contacts)),
      );
      statuses['3.4 MB'] = (await deliver(overRaw)).status;

      const ok200 = [
        statuses['multi-line'],
        statuses['username only'],
        statuses['every kind in one change'],
        statuses['101 in a change'],
        statuses['mostly good'],
      ].every((s) => s === 200);
      return outcome({
        held:
          statuses['2.5 MB twice at once'] === '200+200' &&
          bigStored.length === bigCount &&
          bigWhole &&
          ok200 &&
          multiStored.length === 2 &&
          multiKept &&
          userStored.length === 1 &&
          statuses['every kind through the fake'] === '200' &&
          kindsStored.length === 8 &&
          kindsStored.filter((x) => x.hasMedia).length === 4 &&
          mixedStored.length === 8 &&
          manyStored.length === 101 &&
          statuses['another number'] === '200+200' &&
          oursStored.length === 1 &&
          broken.every((s) => s === 400) &&
          goodKept &&
          statuses['3.4 MB'] === 413,
        seen: `${Object.entries(statuses)
          .map(([k, v]) => `${k} ${v}`)
          .join('; ')}; stored ${Object.entries(counts)
          .map(([k, v]) => `${k} ${v}`)
          .join('; ')}; ${(bigRaw.length / 1024 / 1024).toFixed(2)} MB of ${bigCount} messages`,
      });
    },
  );
} finally {
  stop();
}

const figures = (r) =>
  [
    `${r.requests} requests`,
    r.refused && `${r.refused[0]} of ${r.refused[1]} below-role calls refused`,
    r.breaches !== undefined && `${r.breaches} breaches`,
    `${r.serverErrors} 5xx`,
  ]
    .filter(Boolean)
    .join(', ');
for (const r of results)
  console.log(
    `${r.held ? 'ok  ' : 'FAIL'}  ${String(r.item).padStart(2)}. ${r.name}: ${r.seen} [${figures(r)}]`,
  );
const sum = (f) => results.reduce((n, r) => n + f(r), 0);
console.log(
  `${results.filter((r) => r.held).length} of ${results.length} held; ${sum((r) => r.requests)} requests, ` +
    `${sum((r) => r.refused?.[0] ?? 0)} of ${sum((r) => r.refused?.[1] ?? 0)} below-role calls refused, ` +
    `${sum((r) => r.breaches ?? 0)} breaches, ${sum((r) => r.serverErrors)} 5xx`,
);
process.exit(0);
