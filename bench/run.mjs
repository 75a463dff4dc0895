// Benchmark of the inventory and booking-list calls on `wrangler dev` (workerd with
// local D1), as DEVELOPERS asks: requests per second and p99 latency.
//
//   npm run bench                  # builds nothing; uses dist/web if present
//   BENCH_SECONDS=10 BENCH_CONNECTIONS=10 npm run bench
//
// It starts its own server on 127.0.0.1:8797 with a fresh database, seeds it,
// adds BENCH_BOOKINGS bookings (default 300) so the holds tables are not empty,
// then loads each call in turn with autocannon and prints a table. The server
// is stopped at the end. Results go to bench/results/ (ignored by git).
import autocannon from 'autocannon';
import { mkdirSync, writeFileSync } from 'node:fs';
import { startBenchServer } from './server.mjs';

const port = 8797;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const bookings = Number(process.env.BENCH_BOOKINGS ?? 300);

const { base, stop } = await startBenchServer({ port, persistTo: '.wrangler/bench-state' });

function day(offset) {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
}

const origin = { origin: base, 'content-type': 'application/json' };
const login = await fetch(`${base}/api/auth/login`, {
  method: 'POST',
  headers: origin,
  body: JSON.stringify({ email: 'staff@example.com', password: 'change-me-staff' }),
});
const cookie = login.headers.getSetCookie()[0].split(';')[0];

const types = ['silver', 'gold', 'diamond', 'deluxe'];
let made = 0;
for (let i = 0; made < bookings && i < bookings * 3; i++) {
  const start = 1 + (i % 60);
  const res = await fetch(`${base}/api/booking-submissions`, {
    method: 'POST',
    headers: origin,
    body: JSON.stringify({
      fullName: `Bench Guest ${i}`,
      phoneNumber: `9${String(1000000 + i).slice(-7)}`,
      idNumber: `ID${100000 + i}`,
      checkInDate: day(start),
      checkOutDate: day(start + 1 + (i % 4)),
      roomType: types[i % 4],
      bedType: 'double',
      smokingPreference: 'non_smoking',
      numberOfGuests: 2,
    }),
  });
  if (res.status === 201) made++;
}

const window = `from=${day(10)}&to=${day(17)}`;
const targets = [
  { name: 'GET /api/room-inventory (tonight)', path: '/api/room-inventory' },
  { name: 'GET /api/room-inventory (7-night window)', path: `/api/room-inventory?${window}` },
  { name: 'GET /api/room-bed-inventory (7-night window)', path: `/api/room-bed-inventory?${window}` },
  { name: 'GET /api/room-smoking-inventory (7-night window)', path: `/api/room-smoking-inventory?${window}` },
  {
    name: `GET /api/booking-submissions (staff, ${made} bookings)`,
    path: '/api/booking-submissions',
    cookie,
  },
];

const results = [];
for (const target of targets) {
  const result = await autocannon({
    url: `${base}${target.path}`,
    connections,
    duration: seconds,
    headers: target.cookie ? { cookie: target.cookie } : {},
  });
  results.push({
    call: target.name,
    requestsPerSecond: Math.round(result.requests.average),
    p50ms: result.latency.p50,
    p99ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  });
}
stop();

console.log(
  `\n${connections} connections, ${seconds} s per call, wrangler dev (workerd + local D1), ${made} bookings\n`,
);
console.table(results);
mkdirSync('bench/results', { recursive: true });
writeFileSync(
  `bench/results/${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
  JSON.stringify({ connections, seconds, bookings: made, results }, null, 2),
);
process.exit(results.some((r) => r.non2xx > 0 || r.errors > 0) ? 1 : 0);
