// `npm run probe`: the outside probe, over real HTTP against a fresh
// `wrangler dev` (its own database). Each case prints what an attacker or a
// careless client gets; "ok" means the server held. Run it on any commit to
// compare (docs/decisions/008-hardening.md has what it found and what changed).
import { startBenchServer } from './server.mjs';

const port = Number(process.env.PROBE_PORT ?? 8797);
const { base, stop } = await startBenchServer({ port, persistTo: '.wrangler/probe-state' });
const origin = base;
let ip = 0;
const nextIp = () => `198.51.100.${(ip = (ip % 250) + 1)}`;
const today = new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 10);
const addDays = (d, n) => new Date(Date.parse(`${d}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function call(path, { method = 'GET', json, body, cookie, address, headers = {} } = {}) {
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
  const session = res.headers
    .getSetCookie?.()
    .find((c) => c.startsWith('session='))
    ?.split(';')[0];
  return { status: res.status, data, headers: res.headers, session };
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
async function probe(item, name, run) {
  if (only && !only.includes(item)) return;
  try {
    const { held, seen } = await run();
    results.push({ item, name, held, seen });
  } catch (err) {
    results.push({ item, name, held: false, seen: `probe error: ${err.message}` });
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
} finally {
  stop();
}

for (const r of results)
  console.log(`${r.held ? 'ok  ' : 'FAIL'}  ${String(r.item).padStart(2)}. ${r.name}: ${r.seen}`);
console.log(`${results.filter((r) => r.held).length} of ${results.length} held`);
process.exit(0);
