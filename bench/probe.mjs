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
async function probe(item, name, run) {
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
    return {
      held: Array.isArray(mine.data) && mine.data.length === 0,
      seen: `attacker reads ${mine.data?.length} notifications`,
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
} finally {
  stop();
}

for (const r of results)
  console.log(`${r.held ? 'ok  ' : 'FAIL'}  ${String(r.item).padStart(2)}. ${r.name}: ${r.seen}`);
console.log(`${results.filter((r) => r.held).length} of ${results.length} held`);
process.exit(0);
