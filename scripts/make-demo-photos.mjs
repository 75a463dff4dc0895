// The demo data's photographs (docs/decisions/033-photo-first-pages.md): text-free
// illustrations in the hotel's palette (web/src/styles) and each tier's colours, drawn as SVG
// scenes here and rasterised with sharp into the same shape as a staff photo: AVIF and WebP at
// 480, 960 and 1600 px wide, and a tiny blurred placeholder. The files go to
// web/public/images/demo/ (names carry a content hash, so they may be cached for good) and
// their list to shared/src/demo-photos.ts, which the catalogue reads answer while a room
// tier, an offer or the hero has no photo of the hotel's own.
// Run `node scripts/make-demo-photos.mjs` after changing a scene or a palette.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';

const OUT_DIR = new URL('../web/public/images/demo/', import.meta.url);
const MANIFEST = new URL('../shared/src/demo-photos.ts', import.meta.url);
const WIDTHS = [480, 960, 1600];
const W = 1600;
const H = 1000;

/** The hotel's palette (web/src/styles/index.css). */
const HOTEL = { teal: '#0f4c5c', tealDeep: '#0b3a46', sand: '#f4ede1', sandDeep: '#e8dcc6', gold: '#e9c46a' };

/** Each tier's colours: sky, wall, accent, deep, soft (as the tier cards' accents). */
const TIERS = {
  silver: {
    sky: ['#cfdde4', '#8fa6b3'],
    wall: '#eef1f3',
    accent: '#7d8d99',
    deep: '#3f4d58',
    soft: '#c8d2d9',
  },
  gold: { sky: ['#f7e3b5', '#d99a4c'], wall: '#f8eedb', accent: '#b9852a', deep: '#6b4a12', soft: '#ecd3a0' },
  diamond: {
    sky: ['#cdebf2', '#5fa9c0'],
    wall: '#eaf5f7',
    accent: '#2f8299',
    deep: '#16505f',
    soft: '#a9d7e2',
  },
  deluxe: {
    sky: ['#ecd9e4', '#9a6e93'],
    wall: '#f6eef3',
    accent: '#7a4f7a',
    deep: '#43284a',
    soft: '#d3bad0',
  },
};

const svg = (body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}">` +
  `<defs>${defs}<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="18"/></filter>` +
  `<filter id="shadow" x="-10%" y="-10%" width="120%" height="140%"><feGaussianBlur stdDeviation="10"/></filter></defs>${body}</svg>`;

const linear = (id, stops, x2 = 0, y2 = 1) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${x2}" y2="${y2}">${stops
    .map(([o, c, a = 1]) => `<stop offset="${o}" stop-color="${c}" stop-opacity="${a}"/>`)
    .join('')}</linearGradient>`;
const radial = (id, color, opacity = 0.8) =>
  `<radialGradient id="${id}"><stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/><stop offset="1" stop-color="${color}" stop-opacity="0"/></radialGradient>`;

/** A palm: a curved trunk and a crown of fronds. */
function palm(x, y, h, color, lean = 1) {
  const top = [x + 40 * lean, y - h];
  const fronds = [-150, -115, -80, -45, -10, 25]
    .map((a) => {
      const r = (a * Math.PI) / 180;
      const len = h * 0.42;
      const ex = top[0] + Math.cos(r) * len * lean;
      const ey = top[1] + Math.sin(r) * len * 0.55 + len * 0.25;
      const cx = top[0] + Math.cos(r) * len * 0.5 * lean;
      const cy = top[1] + Math.sin(r) * len * 0.7 - 20;
      return `<path d="M${top[0]} ${top[1]}Q${cx} ${cy} ${ex} ${ey}Q${cx + 6} ${cy + 26} ${top[0]} ${top[1] + 8}z" fill="${color}"/>`;
    })
    .join('');
  return `<path d="M${x - 9} ${y}Q${x + 10 * lean} ${y - h * 0.5} ${top[0] - 5} ${top[1]}l12 2Q${x + 22 * lean} ${y - h * 0.5} ${x + 9} ${y}z" fill="${color}"/>${fronds}`;
}

/** Sea with a few light streaks, between `y` and the bottom of the box. */
function sea(y, to, colors, glint) {
  let streaks = '';
  for (let i = 0; i < 9; i++) {
    const sy = y + 14 + i * ((to - y) / 10);
    const sx = 200 + ((i * 373) % 1100);
    streaks += `<rect x="${sx}" y="${sy}" width="${90 + ((i * 53) % 140)}" height="4" rx="2" fill="${glint}" opacity="${0.35 - i * 0.025}"/>`;
  }
  return `<rect x="0" y="${y}" width="${W}" height="${to - y}" fill="url(#sea)"/>${streaks}${linear('sea', [
    [0, colors[0]],
    [1, colors[1]],
  ])}`;
}

/** The hero: an arcade on a terrace above the sea at golden hour, mountains, palms, a lantern. */
function hero() {
  const defs =
    linear('sky', [
      [0, '#0f4c5c'],
      [0.45, '#5f8f8e'],
      [0.78, '#e9c9a0'],
      [1, '#f4d58a'],
    ]) +
    linear('seaG', [
      [0, '#2a6f7c'],
      [1, '#0b3a46'],
    ]) +
    linear('floor', [
      [0, '#e8dcc6'],
      [1, '#cdb894'],
    ]) +
    linear('shade', [
      [0, '#0b3a46', 0],
      [1, '#0b3a46', 0.7],
    ]) +
    radial('sunGlow', '#ffe6a6', 0.9);
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="800" cy="540" r="280" fill="url(#sunGlow)"/>
<circle cx="800" cy="560" r="78" fill="#fff3cf"/>
<path d="M0 600L140 520L260 560L420 470L560 540L700 500L860 575L1000 530L1160 560L1300 480L1460 545L1600 500V640H0z" fill="#3d6f73" opacity="0.75"/>
<path d="M0 630L180 575L330 610L520 560L700 615L900 585L1100 620L1300 570L1600 615V660H0z" fill="#2b5d64" opacity="0.85"/>
<rect x="0" y="650" width="${W}" height="260" fill="url(#seaG)"/>
<rect x="700" y="662" width="200" height="5" rx="2" fill="#ffe6a6" opacity="0.8"/>
<rect x="660" y="684" width="280" height="5" rx="2" fill="#ffe6a6" opacity="0.55"/>
<rect x="720" y="708" width="160" height="4" rx="2" fill="#ffe6a6" opacity="0.45"/>
<rect x="600" y="736" width="400" height="4" rx="2" fill="#ffe6a6" opacity="0.3"/>
<rect x="300" y="700" width="120" height="3" rx="2" fill="#ffffff" opacity="0.2"/>
<rect x="1300" y="760" width="160" height="3" rx="2" fill="#ffffff" opacity="0.2"/>
${palm(210, 780, 360, '#0b3a46', 1)}
${palm(1440, 790, 300, '#0b3a46', -1)}
<path d="M0 0H${W}V1000H0z M40 860V390a210 210 0 0 1 420 0V860z M590 860V390a210 210 0 0 1 420 0V860z M1140 860V390a210 210 0 0 1 420 0V860z" fill="#f4ede1" fill-rule="evenodd"/>
<path d="M40 390a210 210 0 0 1 420 0 M590 390a210 210 0 0 1 420 0 M1140 390a210 210 0 0 1 420 0" fill="none" stroke="#e9c46a" stroke-width="10"/>
<rect x="0" y="120" width="${W}" height="14" fill="#e8dcc6"/>
<rect x="0" y="860" width="${W}" height="140" fill="url(#floor)"/>
<rect x="0" y="860" width="${W}" height="10" fill="#cdb894"/>
<rect x="40" y="830" width="420" height="30" fill="#e8dcc6"/><rect x="590" y="830" width="420" height="30" fill="#e8dcc6"/><rect x="1140" y="830" width="420" height="30" fill="#e8dcc6"/>
<g opacity="0.95"><rect x="522" y="134" width="6" height="200" fill="#8a6a12"/><path d="M500 334h50l-8 70h-34z" fill="#8a6a12"/><ellipse cx="525" cy="369" rx="14" ry="22" fill="#ffd98a"/></g>
<circle cx="525" cy="369" r="70" fill="url(#sunGlow)" opacity="0.6"/><g opacity="0.95"><rect x="1072" y="134" width="6" height="200" fill="#8a6a12"/><path d="M1050 334h50l-8 70h-34z" fill="#8a6a12"/><ellipse cx="1075" cy="369" rx="14" ry="22" fill="#ffd98a"/></g>
<circle cx="1075" cy="369" r="70" fill="url(#sunGlow)" opacity="0.6"/>
<g transform="translate(1440 900)"><path d="M-40 0h80l-12 70h-56z" fill="#8a6a12"/><path d="M0 0C-60-80-70-140-20-190M0 0C40-90 80-120 70-170M0 0C-10-70 10-150 0-210" stroke="#2b5d64" stroke-width="16" fill="none" stroke-linecap="round"/></g>
<rect x="0" y="640" width="${W}" height="360" fill="url(#shade)"/>`,
    defs,
  );
}

/** A bedroom: arched window on the sea, curtains, bed, lamps with a warm glow, art, a rug, a plant. */
function room(p) {
  const defs =
    linear('sky', [
      [0, p.sky[0]],
      [1, p.sky[1]],
    ]) +
    linear('wall', [
      [0, p.wall],
      [1, HOTEL.sand],
    ]) +
    linear('floor', [
      [0, HOTEL.sandDeep],
      [1, '#d9c7a6'],
    ]) +
    linear('duvet', [
      [0, '#ffffff'],
      [1, '#efe8dc'],
    ]) +
    radial('glow', '#ffd98a', 0.7);
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#wall)"/>
<rect y="760" width="${W}" height="240" fill="url(#floor)"/>
<g transform="translate(1030 140)">
  <path d="M0 560V200a200 200 0 0 1 400 0V560z" fill="url(#sky)"/>
  <circle cx="280" cy="210" r="46" fill="#fff8e6" opacity="0.9"/>
  <path d="M0 430L90 380L180 410L270 360L400 400V560H0z" fill="${p.deep}" opacity="0.35"/>
  <rect x="0" y="440" width="400" height="120" fill="${p.accent}" opacity="0.55"/>
  <rect x="40" y="470" width="120" height="5" rx="2" fill="#fff" opacity="0.5"/><rect x="200" y="500" width="150" height="5" rx="2" fill="#fff" opacity="0.35"/>
  <path d="M0 560V200a200 200 0 0 1 400 0V560" fill="none" stroke="#fff" stroke-width="16"/>
  <rect x="192" y="0" width="16" height="560" fill="#fff" opacity="0.9"/>
  <path d="M-70 -20h80c-10 160 10 420 -20 600h-70z" fill="${p.soft}"/>
  <path d="M470 -20h-80c10 160 -10 420 20 600h70z" fill="${p.soft}"/>
</g>
<rect x="960" y="100" width="560" height="14" rx="7" fill="${p.deep}" opacity="0.6"/>
<g transform="translate(210 210)" opacity="0.95">
  <rect width="300" height="210" rx="6" fill="#fff"/><rect x="16" y="16" width="268" height="178" fill="${p.soft}"/>
  <circle cx="110" cy="100" r="48" fill="${p.accent}" opacity="0.8"/><path d="M16 194C90 120 170 170 284 110V194z" fill="${p.deep}" opacity="0.6"/>
</g>
<ellipse cx="520" cy="930" rx="520" ry="60" fill="${p.accent}" opacity="0.25"/>
<ellipse cx="520" cy="850" rx="480" ry="40" fill="#000" opacity="0.12" filter="url(#shadow)"/>
<rect x="120" y="470" width="800" height="130" rx="30" fill="${p.deep}"/>
<rect x="150" y="500" width="740" height="10" rx="5" fill="#fff" opacity="0.12"/>
<rect x="110" y="590" width="820" height="240" rx="26" fill="url(#duvet)"/>
<rect x="180" y="548" width="200" height="86" rx="34" fill="#fff"/><rect x="400" y="548" width="200" height="86" rx="34" fill="#fff"/>
<rect x="640" y="560" width="170" height="72" rx="30" fill="${p.soft}"/>
<rect x="110" y="690" width="820" height="110" rx="20" fill="${p.accent}" opacity="0.85"/>
<rect x="110" y="700" width="820" height="10" fill="#fff" opacity="0.25"/>
<g transform="translate(30 600)"><rect width="70" height="200" rx="10" fill="${p.deep}" opacity="0.75"/><rect x="30" y="-90" width="8" height="90" fill="${p.deep}"/><path d="M4 -150h60l14 64h-88z" fill="#fbe7c0"/><circle cx="34" cy="-110" r="120" fill="url(#glow)"/></g>
<g transform="translate(950 620)"><rect width="80" height="180" rx="10" fill="${p.deep}" opacity="0.75"/><rect x="36" y="-80" width="8" height="80" fill="${p.deep}"/><path d="M10 -140h60l14 64h-88z" fill="#fbe7c0"/><circle cx="40" cy="-100" r="120" fill="url(#glow)"/></g>
<g transform="translate(1510 830)"><path d="M-45 0h90l-14 90h-62z" fill="${p.deep}" opacity="0.8"/><path d="M0 0C-70-80-80-170-30-240M0 0C50-100 95-140 80-210M0 0C-10-90 15-180 5-260M0 0C-90-40-120-90-110-140" stroke="#4f7d63" stroke-width="18" fill="none" stroke-linecap="round"/></g>`,
    defs,
  );
}

/** From the balcony: sky, sun, sea and mountains, a railing, two loungers and a palm in a pot. */
function view(p) {
  const defs =
    linear('sky', [
      [0, p.sky[0]],
      [0.7, p.sky[1]],
      [1, HOTEL.gold],
    ]) +
    linear('deck', [
      [0, '#d9c7a6'],
      [1, '#b89e74'],
    ]) +
    radial('sunGlow', '#fff3cf', 0.9);
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#sky)"/>
<circle cx="1050" cy="360" r="240" fill="url(#sunGlow)"/>
<circle cx="1050" cy="360" r="90" fill="#fff6dc"/>
<path d="M0 520L160 420L300 470L480 380L640 460L820 410L1000 480L1200 400L1400 470L1600 430V600H0z" fill="${p.deep}" opacity="0.45"/>
<path d="M0 560L220 500L420 540L640 490L860 545L1100 505L1340 550L1600 510V620H0z" fill="${p.deep}" opacity="0.6"/>
${sea(600, 780, [p.accent, p.deep], '#fff6dc')}
${palm(1380, 790, 420, p.deep, -1)}
<rect y="760" width="${W}" height="240" fill="url(#deck)"/>
<rect y="700" width="${W}" height="16" fill="#fff"/>
${Array.from({ length: 21 }, (_, i) => `<rect x="${i * 80 + 10}" y="716" width="12" height="70" fill="#fff" opacity="0.95"/>`).join('')}
<rect y="786" width="${W}" height="10" fill="#fff"/>
<g transform="translate(260 830)"><ellipse cx="150" cy="120" rx="220" ry="20" fill="#000" opacity="0.15" filter="url(#shadow)"/><path d="M0 60L40 -40h30L40 60z" fill="${p.deep}"/><rect x="0" y="50" width="320" height="40" rx="16" fill="${p.deep}"/><rect x="10" y="30" width="300" height="30" rx="14" fill="#fff"/><rect x="-10" y="-30" width="70" height="80" rx="14" fill="#fff" transform="rotate(-22 25 10)"/><rect x="20" y="90" width="12" height="40" fill="${p.deep}"/><rect x="290" y="90" width="12" height="40" fill="${p.deep}"/></g>
<g transform="translate(700 830)"><ellipse cx="150" cy="120" rx="220" ry="20" fill="#000" opacity="0.15" filter="url(#shadow)"/><path d="M0 60L40 -40h30L40 60z" fill="${p.deep}"/><rect x="0" y="50" width="320" height="40" rx="16" fill="${p.deep}"/><rect x="10" y="30" width="300" height="30" rx="14" fill="${p.soft}"/><rect x="-10" y="-30" width="70" height="80" rx="14" fill="${p.soft}" transform="rotate(-22 25 10)"/><rect x="20" y="90" width="12" height="40" fill="${p.deep}"/><rect x="290" y="90" width="12" height="40" fill="${p.deep}"/></g>
<g transform="translate(1160 860)"><circle r="56" fill="#fff"/><rect x="-8" y="0" width="16" height="110" fill="#fff"/><rect x="-24" y="-48" width="16" height="34" rx="5" fill="${HOTEL.gold}"/><circle cx="22" cy="-20" r="18" fill="${p.accent}" opacity="0.8"/></g>`,
    defs,
  );
}

/** A sitting room: sofa with cushions, a low table with a tray, a round mirror, a floor lamp, a tall window. */
function lounge(p) {
  const defs =
    linear('wall', [
      [0, p.wall],
      [1, HOTEL.sand],
    ]) +
    linear('sky', [
      [0, p.sky[0]],
      [1, p.sky[1]],
    ]) +
    linear('floor', [
      [0, '#d9c7a6'],
      [1, '#c4ad86'],
    ]) +
    radial('glow', '#ffd98a', 0.65);
  return svg(
    `<rect width="${W}" height="${H}" fill="url(#wall)"/>
<rect x="0" y="0" width="${W}" height="60" fill="${p.soft}" opacity="0.4"/>
<rect y="780" width="${W}" height="220" fill="url(#floor)"/>
<clipPath id="win"><rect width="360" height="600" rx="180"/></clipPath><g transform="translate(90 150)"><g clip-path="url(#win)"><rect width="360" height="600" fill="url(#sky)"/><path d="M0 420L120 370L240 400L360 360V600H0z" fill="${p.accent}" opacity="0.6"/></g><rect width="360" height="600" rx="180" fill="none" stroke="#fff" stroke-width="16"/><rect x="172" y="0" width="16" height="600" fill="#fff" opacity="0.9"/></g>
<circle cx="930" cy="300" r="130" fill="${HOTEL.gold}" opacity="0.9"/><circle cx="930" cy="300" r="112" fill="${p.sky[0]}"/><circle cx="900" cy="270" r="40" fill="#fff" opacity="0.5"/>
<ellipse cx="930" cy="920" rx="520" ry="56" fill="${p.accent}" opacity="0.28"/>
<rect x="560" y="520" width="740" height="140" rx="40" fill="${p.deep}"/>
<rect x="540" y="620" width="780" height="170" rx="36" fill="${p.accent}"/>
<rect x="600" y="650" width="660" height="70" rx="20" fill="#fff" opacity="0.18"/>
<rect x="620" y="540" width="160" height="120" rx="30" fill="${p.soft}" transform="rotate(-8 700 600)"/>
<rect x="1090" y="540" width="160" height="120" rx="30" fill="#fff" transform="rotate(8 1170 600)"/>
<rect x="850" y="560" width="160" height="100" rx="30" fill="${HOTEL.gold}" opacity="0.9"/>
<rect x="580" y="790" width="20" height="40" fill="${p.deep}"/><rect x="1260" y="790" width="20" height="40" fill="${p.deep}"/>
<ellipse cx="930" cy="900" rx="230" ry="28" fill="#000" opacity="0.14" filter="url(#shadow)"/>
<rect x="720" y="830" width="420" height="36" rx="18" fill="${HOTEL.tealDeep}"/>
<rect x="760" y="866" width="14" height="40" fill="${HOTEL.tealDeep}"/><rect x="1086" y="866" width="14" height="40" fill="${HOTEL.tealDeep}"/>
<rect x="830" y="806" width="150" height="24" rx="12" fill="${HOTEL.gold}"/><circle cx="1050" cy="812" r="22" fill="#fff"/>
<g transform="translate(1440 200)"><path d="M-70 0h140l30 120h-200z" fill="#fbe7c0"/><rect x="-6" y="120" width="12" height="640" fill="${p.deep}"/><rect x="-60" y="750" width="120" height="16" rx="8" fill="${p.deep}"/><circle cx="0" cy="80" r="170" fill="url(#glow)"/></g>`,
    defs,
  );
}

/** Every demo picture: its name and its SVG. */
const scenes = [['hero', hero()]];
for (const [tier, p] of Object.entries(TIERS)) {
  scenes.push([`room-${tier}`, room(p)], [`view-${tier}`, view(p)], [`lounge-${tier}`, lounge(p)]);
}

if (process.env.PREVIEW) {
  for (const [name, text] of scenes)
    await sharp(Buffer.from(text)).resize(800).png().toFile(`${process.env.PREVIEW}/${name}.png`);
  process.exit(0);
}
rmSync(OUT_DIR, { recursive: true, force: true });
mkdirSync(OUT_DIR, { recursive: true });
const entries = [];
for (const [name, text] of scenes) {
  const base = sharp(Buffer.from(text), { density: 96 });
  const png = await base.png().toBuffer();
  const sources = [];
  for (const type of ['avif', 'webp']) {
    for (const width of WIDTHS) {
      const resized = sharp(png).resize(width);
      const bytes =
        type === 'avif'
          ? await resized.avif({ quality: 55, effort: 6 }).toBuffer()
          : await resized.webp({ quality: 80, effort: 6 }).toBuffer();
      const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8);
      const file = `${name}-${width}.${hash}.${type}`;
      writeFileSync(new URL(file, OUT_DIR), bytes);
      sources.push({ width, url: `/images/demo/${file}`, type: `image/${type}` });
    }
  }
  const tiny = await sharp(png).resize(16).blur(0.6).webp({ quality: 40 }).toBuffer();
  entries.push({
    name,
    width: W,
    height: H,
    sources,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
  });
  console.log(name, sources.map((s) => s.url).join(' '));
}
console.log(readdirSync(OUT_DIR).length, 'files');

writeFileSync(
  MANIFEST,
  `// Generated by scripts/make-demo-photos.mjs: do not edit by hand.
/**
 * The demo data's pictures (docs/decisions/033-photo-first-pages.md): text-free illustrations
 * under /images/demo/, each in AVIF and WebP at three widths with a tiny blurred placeholder,
 * in the same shape as a staff photo. The catalogue reads answer them while an owner has no
 * photo of the hotel's own.
 */
export type DemoPicture = {
  name: string;
  width: number;
  height: number;
  sources: { width: number; url: string; type: 'image/avif' | 'image/webp' }[];
  placeholder: string;
};

export const DEMO_PICTURES: readonly DemoPicture[] = ${JSON.stringify(entries, null, 2)};
`,
);
