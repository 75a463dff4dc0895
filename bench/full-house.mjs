// A 120-room hotel at a full house, for `npm run bench:screens` (bench/screens.mjs): every room
// sold tonight, 40 arrivals and 40 departures today, 80 guests staying over, and the next 30
// nights booked room by room. Written into a local D1 of the bench's own (never the dev one) in
// two steps, as the other benches write theirs:
//
// 1. through the real API, on the running app: the admin doubles the demo hotel (60 rooms) to 120
//    (PATCH /api/admin/room-types/:code roomCount, POST /api/admin/rooms for each new numbered
//    room), and opens three group blocks past the booked month (POST /api/admin/groups);
// 2. with the server stopped, the stays themselves (`wrangler d1 execute --local`): the app cannot
//    make them through the API, since a stay already in house began before today and the API
//    refuses a new stay in the past. Each stay is a booking with its per-night holds
//    (booking_nights, under the no-overbooking trigger) and, when it has a room, its room nights
//    (room_nights, one stay per room per night), as the app writes them;
// 3. through the API again, on the server the screens are measured on: today's housekeeping tasks.
//
// What each room holds (r = 0..119, the rooms in order of type and number):
// - r % 3 == 0 (40 rooms): a stay that leaves today (20 of them already checked out), and a stay
//   that arrives today (10 already checked in, 10 still without a room);
// - the other 80: a guest in house who arrived one to three days ago and stays on;
// - then, from the end of that stay, stays of one to four nights one after the other until past
//   the 30th night (pending, approved and confirmed; some from an OTA; one in ten without a room).
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { env } from '../scripts/local.mjs';

export const FULL_HOUSE = { rooms: 120, arrivals: 40, departures: 40, daysAhead: 30 };
/** The demo's four types at 120 rooms (the seed has 12, 36, 8 and 4). */
const ROOM_COUNTS = { silver: 24, gold: 72, diamond: 16, deluxe: 8 };
const PRICES = { silver: 12600, gold: 13200, diamond: 16200, deluxe: 17300 };

const FIRST = ['Salim', 'Aisha', 'Hamed', 'Maryam', 'Khalid', 'Fatma', 'Said', 'Noor', 'Yousuf', 'Laila'];
const FIRST_AR = ['سالم', 'عائشة', 'حمد', 'مريم', 'خالد', 'فاطمة', 'سعيد', 'نور', 'يوسف', 'ليلى'];
const LAST = ['Al Harthi', 'Al Busaidi', 'Al Balushi', 'Al Rawahi', 'Al Hinai', 'Al Kindi', 'Al Maamari'];
const LAST_AR = ['الحارثي', 'البوسعيدي', 'البلوشي', 'الرواحي', 'الهنائي', 'الكندي', 'المعمري'];

const DAY = 86_400_000;
const addDays = (date, n) => new Date(Date.parse(`${date}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
/** Today in the hotel's time zone (Asia/Muscat, UTC+4, no daylight saving). */
export const hotelToday = () => new Date(Date.now() + 4 * 3_600_000).toISOString().slice(0, 10);
const q = (s) =>
  s === null || s === undefined
    ? 'null'
    : typeof s === 'number'
      ? String(s)
      : `'${String(s).replace(/'/g, "''")}'`;

async function call(base, cookie, method, path, body) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { origin: base, 'content-type': 'application/json', cookie },
    ...(body && { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export async function logIn(base, email, password) {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie()[0]?.split(';')[0] ?? '';
}

/**
 * Step 3, through the API of the running app once the stays are in: today's housekeeping tasks
 * (POST /api/housekeeping/days, a supervisor's "Make today's tasks"), as the day close makes each
 * new day's; without them the housekeeping board shows only its offer to make them.
 */
export async function makeTodaysTasks(base) {
  const staff = await logIn(base, 'staff@example.com', 'change-me-staff');
  return call(base, staff, 'POST', '/api/housekeeping/days', { date: hotelToday() });
}

/** Step 1, through the API of the running app: 120 numbered rooms and three group blocks. Answers the rooms. */
export async function fillThroughApi(base) {
  const admin = await logIn(base, 'admin@example.com', 'change-me-admin');
  const before = await call(base, admin, 'GET', '/api/admin/rooms');
  const rooms = (Array.isArray(before) ? before : before.rooms).filter((r) => !r.retiredAt);
  for (const [code, count] of Object.entries(ROOM_COUNTS)) {
    await call(base, admin, 'PATCH', `/api/admin/room-types/${code}`, { roomCount: count });
    const have = rooms.filter((r) => r.roomType === code).length;
    for (let i = have; i < count; i++) {
      const floor = 5 + Math.floor(i / 20);
      const number = `${floor}${String((i % 20) + 1).padStart(2, '0')}${code[0].toUpperCase()}`;
      await call(base, admin, 'POST', '/api/admin/rooms', { number, roomType: code, floor });
    }
  }
  const today = hotelToday();
  const manager = await logIn(base, 'manager@example.com', 'change-me-manager');
  for (const [i, name] of ['Oman LNG offsite', 'Muscat Festival crew', 'PDO training week'].entries()) {
    await call(base, manager, 'POST', '/api/admin/groups', {
      name,
      ratePlan: 'standard',
      status: i === 1 ? 'tentative' : 'definite',
      releaseDate: addDays(today, 25),
      billing: i === 0 ? 'master' : 'individual',
      rooms: [
        { roomType: 'gold', from: addDays(today, 35 + i * 3), to: addDays(today, 37 + i * 3), count: 6 },
      ],
    });
  }
  const after = await call(base, admin, 'GET', '/api/admin/rooms');
  const all = (Array.isArray(after) ? after : after.rooms).filter((r) => !r.retiredAt);
  const order = Object.keys(ROOM_COUNTS);
  all.sort(
    (a, b) => order.indexOf(a.roomType) - order.indexOf(b.roomType) || a.number.localeCompare(b.number),
  );
  if (all.length !== FULL_HOUSE.rooms)
    throw new Error(`expected ${FULL_HOUSE.rooms} rooms, have ${all.length}`);
  return all.map((r) => ({ id: r.id, number: r.number, roomType: r.roomType }));
}

/** Step 2's SQL: the stays, their holds and their room nights. */
export function staysSql(rooms, today = hotelToday()) {
  const now = Date.now();
  const stays = [];
  let n = 0;
  const stay = (room, fields) => {
    n++;
    const k = n;
    const nights = Math.round((Date.parse(fields.checkOut) - Date.parse(fields.checkIn)) / DAY);
    const ota = k % 5 === 0;
    const arabic = k % 2 === 0;
    const fullName = arabic
      ? `${FIRST_AR[k % FIRST_AR.length]} ${LAST_AR[(k * 3) % LAST_AR.length]}`
      : `${FIRST[k % FIRST.length]} ${LAST[(k * 3) % LAST.length]}`;
    stays.push({
      reference: `FH${String(k).padStart(4, '0')}`,
      fullName,
      phone: `9${String(1_000_000 + k * 37).padStart(7, '0')}`,
      idNumber: `ID${200_000 + k}`,
      roomType: room.roomType,
      roomId: fields.withRoom === false ? null : room.id,
      total: nights * PRICES[room.roomType],
      source: ota ? 'booking.com' : ['website', 'phone', 'walk_in', 'email'][k % 4],
      channelReference: ota ? `BDC-${900_000 + k}` : null,
      segment: ota ? 'ota' : k % 7 === 0 ? 'corporate' : 'leisure',
      createdAt: now - (k % 40) * DAY - 3_600_000,
      ...fields,
    });
  };
  rooms.forEach((room, r) => {
    let end;
    if (r % 3 === 0) {
      const j = r / 3; // 0..39
      // Half have left already; a quarter of the arrivals are in (into a room its last guest left).
      const left = j % 4 < 2;
      stay(room, {
        checkIn: addDays(today, -(1 + (j % 3))),
        checkOut: today,
        status: left ? 'completed' : 'confirmed',
        checkedInAt: Date.parse(`${addDays(today, -(1 + (j % 3)))}T11:00:00Z`),
        checkedOutAt: left ? now - (j + 1) * 600_000 : null,
      });
      end = addDays(today, 1 + (j % 4));
      stay(room, {
        checkIn: today,
        checkOut: end,
        status: j % 2 ? 'approved' : 'confirmed',
        checkedInAt: j % 4 === 0 ? now - (j + 1) * 300_000 : null,
        withRoom: j % 4 !== 3,
      });
    } else {
      const arrived = addDays(today, -(1 + (r % 3)));
      end = addDays(today, 1 + (r % 4));
      stay(room, {
        checkIn: arrived,
        checkOut: end,
        status: r % 2 ? 'approved' : 'confirmed',
        checkedInAt: Date.parse(`${arrived}T10:00:00Z`) + (r % 5) * 3_600_000,
      });
    }
    for (let k = 0; end <= addDays(today, FULL_HOUSE.daysAhead); k++) {
      const checkIn = end;
      end = addDays(checkIn, 1 + ((r + k) % 4));
      stay(room, {
        checkIn,
        checkOut: end,
        status: (r + k) % 6 === 0 ? 'pending' : (r + k) % 2 ? 'approved' : 'confirmed',
        withRoom: (r + k) % 10 !== 0,
      });
    }
  });

  const values = stays.map(
    (s) =>
      `(${[
        q(s.reference),
        q(s.fullName),
        q(s.phone),
        q(s.idNumber),
        q(s.checkIn),
        q(s.checkOut),
        q(s.roomType),
        s.roomId === null ? 'null' : s.roomId,
        2,
        2,
        0,
        s.total,
        q(s.status),
        q('standard'),
        q('cash'),
        q(s.source),
        q(s.channelReference),
        q(s.segment),
        s.createdAt,
        s.createdAt,
        s.checkedInAt ?? 'null',
        s.checkedOutAt ?? 'null',
        s.status === 'pending' ? now : 'null',
        q(s.fullName.match(/[a-z]/i) ? 'en' : 'ar'),
      ].join(', ')})`,
  );
  const chunks = [];
  for (let i = 0; i < values.length; i += 200) chunks.push(values.slice(i, i + 200));
  return {
    stays: stays.length,
    sql: `${chunks
      .map(
        (
          chunk,
        ) => `insert into booking_submissions (reference, full_name, phone_number, id_number, check_in_date,
  check_out_date, room_type, room_id, number_of_guests, adults, children, total_price, status, booking_type,
  payment_method, source, channel_reference, segment, created_at, updated_at, checked_in_at, checked_out_at,
  pending_since, lang)
values ${chunk.join(',\n')};`,
      )
      .join('\n')}
-- Each stay's holds, one a night, as the app writes them (the no-overbooking trigger checks each).
insert into booking_nights (booking_id, night, room_type)
with recursive night(booking_id, night, check_out, room_type) as (
  select id, check_in_date, check_out_date, room_type from booking_submissions where reference like 'FH%'
  union all select booking_id, date(night, '+1 day'), check_out, room_type from night
  where date(night, '+1 day') < check_out
)
select booking_id, night, room_type from night;
-- The nights of the stays that have their room (one stay per room per night: a unique index).
insert into room_nights (room_id, night, room_type, booking_id)
select b.room_id, n.night, n.room_type, b.id from booking_nights n join booking_submissions b on b.id = n.booking_id
where b.reference like 'FH%' and b.room_id is not null;
-- What these rows queued for the channel manager is not sent (the link is off in the bench).
delete from channel_outbox;
`,
  };
}

/** Runs SQL on the stopped server's local D1. */
export async function executeSql(persistTo, name, sql) {
  mkdirSync('bench/results', { recursive: true });
  const file = `bench/results/${name}.sql`;
  writeFileSync(file, sql);
  await new Promise((resolve, reject) => {
    const child = spawn(
      'npx',
      ['wrangler', 'd1', 'execute', 'DB', '--local', '--persist-to', persistTo, '--file', file],
      { env: { ...env, CI: 'true' }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${name}: exit ${code}`))));
  });
}
