// What sending a queued photography entry of three 4 MB photos costs:
// the bytes that go on the wire after the app downscales them on the device,
// and the time on `wrangler dev` (workerd + local D1 + local R2).
//
//   npm run bench:outbox               # builds the app first
//   BENCH_RUNS=5 BENCH_SKIP_BUILD=1 npm run bench:outbox
//   BENCH_UPLINK_KBPS=2000 npm run bench:outbox   # also: the page's uplink held to 2 Mbit/s (CDP)
//
// It drives the real app in Chromium (phone-sized, English): makes three
// 4000x3000 JPEGs of about 4 MB in the page, picks them in the photography
// modal, enters a phone and submits. Measured per run:
// - prepare: submit → first upload request (participation check, downscaling, queueing in IndexedDB);
// - send: first upload request → the create call's answer (3 uploads + 1 create);
// - bytes: the request bodies of the uploads, as stored by the server (event_images.byte_size),
//   against the originals' size.
// The server and the browser are stopped at the end. Results go to bench/results/.
/* global OffscreenCanvas -- runs in the page */
import { chromium } from '@playwright/test';
import { mkdirSync, writeFileSync } from 'node:fs';
import { ensureChromium } from '../scripts/chromium.mjs';
import { build } from '../scripts/local.mjs';
import { startBenchServer } from './server.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 3);
const uplinkKbps = Number(process.env.BENCH_UPLINK_KBPS ?? 0);
const port = 8798;

if (!process.env.BENCH_SKIP_BUILD) await build();
const { base, stop } = await startBenchServer({ port, persistTo: '.wrangler/bench-outbox-state' });
const browser = await chromium.launch({
  executablePath: ensureChromium().full,
  args: ['--no-sandbox', '--disable-gpu'],
});

try {
  const staff = (await browser.newContext({ baseURL: base })).request;
  const login = await staff.post('/api/auth/login', {
    data: { email: 'staff@example.com', password: 'change-me-staff' },
    headers: { origin: base },
  });
  if (!login.ok()) throw new Error(`staff login failed: ${login.status()}`);

  const results = [];
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ baseURL: base, viewport: { width: 390, height: 844 } });
    await context.addInitScript(() => localStorage.setItem('language', 'en'));
    const page = await context.newPage();
    if (uplinkKbps > 0) {
      // Hotel Wi-Fi: the page's uploads (the sender runs in the page when it is open) held to the uplink.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 40,
        downloadThroughput: (uplinkKbps * 4 * 1000) / 8,
        uploadThroughput: (uplinkKbps * 1000) / 8,
      });
    }
    await page.goto('/?events=true');

    // Three photo-like 4000x3000 JPEGs of about 4 MB, made in the page.
    const photos = await page.evaluate(async () => {
      const make = async (seed) => {
        const canvas = new OffscreenCanvas(4000, 3000);
        const ctx = canvas.getContext('2d');
        const gradient = ctx.createLinearGradient(0, 0, 4000, 3000);
        gradient.addColorStop(0, `hsl(${seed * 70}, 70%, 60%)`);
        gradient.addColorStop(1, `hsl(${seed * 70 + 140}, 60%, 30%)`);
        ctx.fillStyle = gradient;
        ctx.fillRect(0, 0, 4000, 3000);
        // Grain and detail, as in a real photo, so JPEG cannot squeeze it to nothing.
        const image = ctx.getImageData(0, 0, 4000, 3000);
        let x = seed * 2654435761;
        for (let i = 0; i < image.data.length; i += 4) {
          x = (x * 1103515245 + 12345) >>> 0;
          const n = (x >>> 24) - 128;
          image.data[i] += n >> 2;
          image.data[i + 1] += n >> 2;
          image.data[i + 2] += n >> 2;
        }
        ctx.putImageData(image, 0, 0);
        // Pick the quality that lands closest to 4 MB.
        let best = null;
        for (const quality of [0.5, 0.6, 0.7, 0.8, 0.85, 0.9, 0.95]) {
          const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality });
          if (!best || Math.abs(blob.size - 4e6) < Math.abs(best.size - 4e6)) best = blob;
        }
        const bytes = new Uint8Array(await best.arrayBuffer());
        let binary = '';
        for (let i = 0; i < bytes.length; i += 0x8000)
          binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
        return btoa(binary);
      };
      return Promise.all([1, 2, 3].map(make));
    });
    const files = photos.map((b64, i) => ({
      name: `photo-${i + 1}.jpg`,
      mimeType: 'image/jpeg',
      buffer: Buffer.from(b64, 'base64'),
    }));
    const originalBytes = files.reduce((sum, f) => sum + f.buffer.length, 0);

    await page.getByRole('button', { name: 'Join the photography event' }).click();
    const modal = page.getByTestId('photography-modal');
    await modal.locator('input[type=file]').setInputFiles(files);
    const phone = `9${String(7000000 + run * 7919 + Math.floor(Math.random() * 1000)).slice(-7)}`;
    await modal.getByLabel(/phone/i).fill(phone);
    // Entries need a proven phone: proven through the API, as the code step would.
    await page.request.post('/api/phone-verification/request', { data: { phoneNumber: phone } });
    const [sms] = await (await page.request.get(`/api/dev/messages?to=${phone}`)).json();
    const verificationCode = /\b(\d{6})\b/.exec(sms?.text ?? '')?.[1];
    const proof = await page.request.post('/api/phone-verification/verify', {
      data: { phoneNumber: phone, verificationCode },
    });
    if (proof.status() !== 200) throw new Error(`phone verification answered ${proof.status()}`);

    // Context events: they include what the service worker sends.
    const firstUpload = context.waitForEvent('request', {
      predicate: (r) => r.url().includes('/api/event-uploads/'),
      timeout: 120_000,
    });
    const created = context.waitForEvent('response', {
      predicate: (r) => r.url().endsWith('/api/photography-submissions') && r.request().method() === 'POST',
      timeout: 120_000,
    });
    const t0 = performance.now();
    await modal.getByRole('button', { name: 'Submit photos' }).click();
    await firstUpload;
    const t1 = performance.now();
    const response = await created;
    const t2 = performance.now();
    if (response.status() !== 201) throw new Error(`create answered ${response.status()}`);
    const { id } = await response.json();

    const list = await (await staff.get('/api/photography-submissions')).json();
    const entry = list.find((e) => e.id === id);
    const sentBytes = entry.images.reduce((sum, i) => sum + i.byteSize, 0);
    results.push({
      run: run + 1,
      originalsMB: +(originalBytes / 1e6).toFixed(2),
      sentKB: Math.round(sentBytes / 1e3),
      ratio: +(sentBytes / originalBytes).toFixed(3),
      prepareMs: Math.round(t1 - t0),
      sendMs: Math.round(t2 - t1),
      totalMs: Math.round(t2 - t0),
    });
    await context.close();
  }

  const median = (key) => {
    const sorted = results.map((r) => r[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  console.log(
    `\nPhotography entry of three ~4 MB JPEGs, sent from the app (Chromium) to wrangler dev${
      uplinkKbps > 0 ? `, uplink ${uplinkKbps} kbit/s` : ''
    }\n`,
  );
  console.table(results);
  console.log(
    `median: sent ${median('sentKB')} KB of ${median('originalsMB')} MB, prepare ${median('prepareMs')} ms, send ${median('sendMs')} ms, total ${median('totalMs')} ms`,
  );
  mkdirSync('bench/results', { recursive: true });
  writeFileSync(
    `bench/results/outbox-${new Date().toISOString().replace(/[:.]/g, '-')}.json`,
    JSON.stringify({ uplinkKbps: uplinkKbps || null, runs: results }, null, 2),
  );
} finally {
  await browser.close();
  stop();
}
process.exit(0);
