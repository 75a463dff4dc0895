// `node scripts/make-whatsapp-samples.mjs`: the small media the fake WhatsApp Cloud API sends
// when a test names no bytes of its own (worker/src/modules/whatsapp/fake/samples.ts): a voice
// note as WhatsApp records one (Ogg Opus, one second), a video (MP4, H.264), a sticker (WebP),
// a photo (JPEG) and a PDF. Chromium encodes them (WebCodecs' Opus encoder, MediaRecorder's MP4,
// the canvas); the Ogg pages around the Opus packets are written here (RFC 7845). Run once;
// the output is committed.
/* global AudioEncoder, AudioData, document, MediaRecorder, requestAnimationFrame -- in the page */
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright';
import { findChromium } from './chromium.mjs';

const browser = await chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'] });
const page = await browser.newPage();
// WebCodecs needs a secure context: the page is served to itself on an https origin.
await page.route('https://samples.invalid/', (route) =>
  route.fulfill({ contentType: 'text/html', body: '<canvas id="c" width="320" height="240"></canvas>' }),
);
await page.goto('https://samples.invalid/');

const made = await page.evaluate(async () => {
  const b64 = (buf) => {
    let s = '';
    const bytes = new Uint8Array(buf);
    for (let i = 0; i < bytes.length; i++) s += String.fromCharCode(bytes[i]);
    return btoa(s);
  };
  // Opus packets of one second of a soft two-note chime, 48 kHz mono, 20 ms each.
  const packets = [];
  const encoder = new AudioEncoder({
    output: (chunk) => {
      const data = new Uint8Array(chunk.byteLength);
      chunk.copyTo(data);
      packets.push(b64(data));
    },
    error: (e) => {
      throw e;
    },
  });
  encoder.configure({ codec: 'opus', sampleRate: 48000, numberOfChannels: 1, bitrate: 24000 });
  const rate = 48000;
  const samples = new Float32Array(rate);
  for (let i = 0; i < rate; i++) {
    const t = i / rate;
    const f = t < 0.5 ? 660 : 880;
    samples[i] = 0.3 * Math.sin(2 * Math.PI * f * t) * Math.exp(-3 * (t % 0.5));
  }
  for (let i = 0; i < rate; i += 960) {
    encoder.encode(
      new AudioData({
        format: 'f32-planar',
        sampleRate: rate,
        numberOfFrames: 960,
        numberOfChannels: 1,
        timestamp: (i / rate) * 1e6,
        data: samples.slice(i, i + 960),
      }),
    );
  }
  await encoder.flush();

  const canvas = document.getElementById('c');
  const ctx = canvas.getContext('2d');
  const scene = (t) => {
    const g = ctx.createLinearGradient(0, 0, 0, 240);
    g.addColorStop(0, '#7cc4e0');
    g.addColorStop(0.6, '#f4e3c1');
    g.addColorStop(1, '#d9b779');
    ctx.fillStyle = g;
    ctx.fillRect(0, 0, 320, 240);
    ctx.fillStyle = '#f7c948';
    ctx.beginPath();
    ctx.arc(60 + t * 200, 60, 24, 0, Math.PI * 2);
    ctx.fill();
    ctx.fillStyle = '#1f6f78';
    ctx.fillRect(0, 170, 320, 70);
  };
  scene(0.5);
  const jpeg = canvas.toDataURL('image/jpeg', 0.7).split(',')[1];

  // The video: two seconds of the sun crossing the sky.
  const stream = canvas.captureStream(15);
  const recorder = new MediaRecorder(stream, {
    mimeType: 'video/mp4;codecs=avc1',
    videoBitsPerSecond: 200_000,
  });
  const parts = [];
  recorder.ondataavailable = (e) => parts.push(e.data);
  const stopped = new Promise((r) => (recorder.onstop = r));
  recorder.start();
  const start = performance.now();
  await new Promise((done) => {
    const tick = () => {
      const t = (performance.now() - start) / 2000;
      scene(Math.min(t, 1));
      if (t < 1) requestAnimationFrame(tick);
      else done();
    };
    tick();
  });
  recorder.stop();
  await stopped;
  const mp4 = b64(await new Blob(parts).arrayBuffer());

  // The sticker: 128 x 128, transparent around a smiling sun.
  const s = document.createElement('canvas');
  s.width = s.height = 128;
  const sc = s.getContext('2d');
  sc.fillStyle = '#f7c948';
  sc.beginPath();
  sc.arc(64, 64, 48, 0, Math.PI * 2);
  sc.fill();
  sc.fillStyle = '#5b3a00';
  sc.beginPath();
  sc.arc(48, 54, 6, 0, Math.PI * 2);
  sc.arc(80, 54, 6, 0, Math.PI * 2);
  sc.fill();
  sc.lineWidth = 6;
  sc.strokeStyle = '#5b3a00';
  sc.beginPath();
  sc.arc(64, 68, 22, 0.15 * Math.PI, 0.85 * Math.PI);
  sc.stroke();
  const webp = s.toDataURL('image/webp', 0.8).split(',')[1];
  return { packets, jpeg, mp4, webp };
});
await browser.close();

// Ogg (RFC 3533) with Opus (RFC 7845): OpusHead, OpusTags, then the packets, 48 kHz granules.
const CRC = new Uint32Array(256).map((_, n) => {
  let c = n << 24;
  for (let k = 0; k < 8; k++) c = c & 0x80000000 ? (c << 1) ^ 0x04c11db7 : c << 1;
  return c >>> 0;
});
function oggPage(serial, seq, granule, flags, packets) {
  const segments = [];
  for (const p of packets) {
    let n = p.length;
    while (n >= 255) {
      segments.push(255);
      n -= 255;
    }
    segments.push(n);
  }
  const header = Buffer.alloc(27 + segments.length);
  header.write('OggS', 0, 'ascii');
  header[5] = flags;
  header.writeBigInt64LE(BigInt(granule), 6);
  header.writeUInt32LE(serial, 14);
  header.writeUInt32LE(seq, 18);
  header[26] = segments.length;
  segments.forEach((s, i) => (header[27 + i] = s));
  const out = Buffer.concat([header, ...packets]);
  let crc = 0;
  for (const byte of out) crc = ((crc << 8) ^ CRC[((crc >>> 24) ^ byte) & 0xff]) >>> 0;
  out.writeUInt32LE(crc, 22);
  return out;
}
const serial = 0x5a17;
const head = Buffer.alloc(19);
head.write('OpusHead', 0, 'ascii');
head[8] = 1;
head[9] = 1;
head.writeUInt16LE(312, 10);
head.writeUInt32LE(48000, 12);
const vendor = Buffer.from('al-maabila samples');
const tags = Buffer.alloc(8 + 4 + vendor.length + 4);
tags.write('OpusTags', 0, 'ascii');
tags.writeUInt32LE(vendor.length, 8);
vendor.copy(tags, 12);
const audio = made.packets.map((p) => Buffer.from(p, 'base64'));
const pages = [oggPage(serial, 0, 0, 2, [head]), oggPage(serial, 1, 0, 0, [tags])];
let granule = 0;
for (let i = 0; i < audio.length; i += 25) {
  const group = audio.slice(i, i + 25);
  granule += group.length * 960;
  pages.push(oggPage(serial, pages.length, granule, i + 25 >= audio.length ? 4 : 0, group));
}
const ogg = Buffer.concat(pages).toString('base64');

// A one-page PDF, written out (its cross-reference offsets counted).
const text = 'Passport copy - sample document (fake WhatsApp)';
const objects = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
  `<< /Length ${`BT /F1 14 Tf 24 100 Td (${text}) Tj ET`.length} >>\nstream\nBT /F1 14 Tf 24 100 Td (${text}) Tj ET\nendstream`,
  '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
];
let pdf = '%PDF-1.4\n';
const offsets = objects.map((body, i) => {
  const at = pdf.length;
  pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  return at;
});
const xref = pdf.length;
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

const file = 'worker/src/modules/whatsapp/fake/samples.ts';
const line = (name, mime, b64, about) =>
  `/** ${about} (${Math.round((b64.length * 3) / 4 / 1024)} KB). */\nexport const ${name} = {\n  mimeType: '${mime}',\n  base64:\n    '${b64}',\n};\n`;
writeFileSync(
  file,
  `/**
 * The media the fake WhatsApp Cloud API sends when a test names none (POST /api/dev/whatsapp/inbound),
 * each in the type a WhatsApp user's phone sends: made by scripts/make-whatsapp-samples.mjs.
 */
${line('SAMPLE_PHOTO', 'image/jpeg', made.jpeg, 'A photo, 320 x 240')}
${line('SAMPLE_VOICE_NOTE', 'audio/ogg; codecs=opus', ogg, 'A voice note, one second of Ogg Opus, as WhatsApp records them')}
${line('SAMPLE_VIDEO', 'video/mp4', made.mp4, 'A video, two seconds of MP4 (H.264)')}
${line('SAMPLE_STICKER', 'image/webp', made.webp, 'A sticker, 128 x 128 WebP')}
${line('SAMPLE_DOCUMENT', 'application/pdf', Buffer.from(pdf, 'latin1').toString('base64'), 'A one-page PDF')}`,
);
console.log(`wrote ${file}`);
