// Writes the demo seed's placeholder pictures: soft gradients and simple shapes of
// rooms, views, plates and spa things, with NO words in them; the words are in each page's
// alt text. Run `node scripts/make-placeholders.mjs` after changing a palette or a shape.
import { mkdirSync, writeFileSync } from 'node:fs';

const OUT = new URL('../web/public/images/', import.meta.url);

const PALETTES = {
  silver: {
    sky: ['#dfe6ea', '#aebbc4'],
    wall: '#eef1f3',
    accent: '#7d8d99',
    deep: '#4f5d68',
    soft: '#c8d2d9',
  },
  gold: { sky: ['#f6e2b3', '#d9a94c'], wall: '#fbf1dc', accent: '#b9852a', deep: '#7a5514', soft: '#efd49a' },
  diamond: {
    sky: ['#cfeaf0', '#6fb3c6'],
    wall: '#eaf6f8',
    accent: '#3f8fa6',
    deep: '#1d5c6e',
    soft: '#a9d7e2',
  },
  deluxe: {
    sky: ['#e7d6e6', '#8f6a8f'],
    wall: '#f5eef5',
    accent: '#7a4f7a',
    deep: '#4a2d4d',
    soft: '#cdb3cc',
  },
};

const svg = (w, h, body, defs = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
  `<defs>${defs}</defs>${body}</svg>\n`;

const gradient = (id, [a, b], vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;

/** A bedroom: wall, arched window with the sea, a bed with pillows, a lamp. */
function bedroom(p) {
  return svg(
    800,
    500,
    `<rect width="800" height="500" fill="${p.wall}"/>
<rect y="360" width="800" height="140" fill="${p.soft}" opacity="0.55"/>
<path d="M520 330V150a90 90 0 0 1 180 0v180z" fill="url(#sky)"/>
<rect x="520" y="255" width="180" height="75" fill="${p.accent}" opacity="0.35"/>
<circle cx="655" cy="175" r="22" fill="#fff" opacity="0.8"/>
<rect x="110" y="250" width="330" height="40" rx="14" fill="${p.deep}" opacity="0.85"/>
<rect x="90" y="285" width="370" height="95" rx="18" fill="#fff"/>
<rect x="90" y="330" width="370" height="50" rx="12" fill="${p.accent}" opacity="0.55"/>
<rect x="125" y="262" width="110" height="42" rx="18" fill="${p.soft}"/>
<rect x="255" y="262" width="110" height="42" rx="18" fill="${p.soft}"/>
<rect x="470" y="300" width="44" height="80" rx="6" fill="${p.deep}" opacity="0.6"/>
<path d="M478 262h28l10 30h-48z" fill="${p.accent}"/>
<circle cx="492" cy="250" r="60" fill="#fff" opacity="0.18"/>`,
    gradient('sky', p.sky),
  );
}

/** A view from the balcony: sky, sun, sea and a railing. */
function view(p) {
  return svg(
    800,
    500,
    `<rect width="800" height="500" fill="url(#sky)"/>
<circle cx="560" cy="190" r="70" fill="#fff" opacity="0.7"/>
<path d="M0 300c120-30 240 20 400 0s280-40 400-10v210H0z" fill="${p.accent}" opacity="0.55"/>
<path d="M0 340c150-25 300 25 450 5s250-30 350-15v170H0z" fill="${p.deep}" opacity="0.5"/>
<rect y="395" width="800" height="12" fill="#fff" opacity="0.9"/>
<g fill="#fff" opacity="0.9">${Array.from({ length: 11 }, (_, i) => `<rect x="${20 + i * 75}" y="405" width="10" height="95"/>`).join('')}</g>`,
    gradient('sky', p.sky),
  );
}

/** A lounge: a sofa, a round table with a cup, a plant and a framed abstract. */
function lounge(p) {
  return svg(
    800,
    500,
    `<rect width="800" height="500" fill="url(#sky)"/>
<rect y="370" width="800" height="130" fill="${p.wall}" opacity="0.7"/>
<rect x="300" y="90" width="200" height="130" rx="8" fill="${p.wall}"/>
<circle cx="370" cy="155" r="34" fill="${p.accent}" opacity="0.6"/>
<path d="M400 200l40-60 40 60z" fill="${p.deep}" opacity="0.5"/>
<rect x="170" y="250" width="320" height="110" rx="30" fill="${p.deep}" opacity="0.85"/>
<rect x="150" y="300" width="360" height="80" rx="24" fill="${p.accent}"/>
<ellipse cx="600" cy="330" rx="70" ry="14" fill="#fff" opacity="0.9"/>
<rect x="596" y="332" width="8" height="55" fill="#fff" opacity="0.9"/>
<rect x="585" y="305" width="22" height="22" rx="5" fill="${p.soft}"/>
<path d="M690 380c-10-60 10-110 40-140-5 50 0 90-10 140z" fill="${p.deep}" opacity="0.6"/>
<rect x="680" y="370" width="50" height="30" rx="6" fill="${p.accent}"/>`,
    gradient('sky', p.sky, false),
  );
}

/** A menu page: a plate with cutlery and a few abstract dishes, no words. */
function plate(colors, variant) {
  const [bg1, bg2, accent] = colors;
  const dishes = [
    `<circle cx="300" cy="400" r="70" fill="${accent}" opacity="0.7"/><circle cx="270" cy="380" r="18" fill="#fff" opacity="0.7"/>`,
    `<path d="M230 420q70-90 140 0z" fill="${accent}" opacity="0.7"/><circle cx="300" cy="370" r="14" fill="#fff" opacity="0.7"/>`,
    `<ellipse cx="300" cy="400" rx="90" ry="45" fill="${accent}" opacity="0.6"/><circle cx="330" cy="390" r="16" fill="#fff" opacity="0.7"/>`,
    `<rect x="240" y="360" width="120" height="80" rx="30" fill="${accent}" opacity="0.65"/>`,
  ][variant % 4];
  return svg(
    600,
    800,
    `<rect width="600" height="800" fill="url(#bg)"/>
<rect x="40" y="40" width="520" height="720" rx="26" fill="#fbf8f3"/>
<circle cx="300" cy="400" r="150" fill="#fff" stroke="${accent}" stroke-opacity="0.35" stroke-width="6"/>
<circle cx="300" cy="400" r="112" fill="${bg1}" opacity="0.18"/>
${dishes}
<rect x="110" y="300" width="12" height="200" rx="6" fill="${bg2}" opacity="0.6"/>
<path d="M100 300v50a16 16 0 0 0 32 0v-50" fill="none" stroke="${bg2}" stroke-opacity="0.6" stroke-width="8"/>
<rect x="478" y="300" width="12" height="200" rx="6" fill="${bg2}" opacity="0.6"/>
<path d="M484 300c-22 20-22 70 0 80" fill="${bg2}" opacity="0.6"/>
<g fill="${accent}" opacity="0.35">${[0, 1, 2].map((i) => `<rect x="200" y="${620 + i * 34}" width="${200 - i * 40}" height="10" rx="5"/>`).join('')}</g>
<g fill="${accent}" opacity="0.35"><rect x="230" y="120" width="140" height="14" rx="7"/><rect x="260" y="150" width="80" height="8" rx="4"/></g>`,
    gradient('bg', [bg1, bg2]),
  );
}

/** A spa page: stacked stones, a leaf, a candle. */
function spa(variant) {
  const [bg1, bg2, accent] = [
    ['#cfe3d8', '#7fae96', '#3f7a5e'],
    ['#e3dccf', '#b29c7a', '#7a6243'],
    ['#d8e1ea', '#8ea3b8', '#4f6780'],
  ][variant % 3];
  return svg(
    600,
    800,
    `<rect width="600" height="800" fill="url(#bg)"/>
<rect x="40" y="40" width="520" height="720" rx="26" fill="#fbf8f3" opacity="0.92"/>
<ellipse cx="300" cy="560" rx="170" ry="26" fill="${accent}" opacity="0.25"/>
<ellipse cx="300" cy="520" rx="130" ry="42" fill="${bg2}"/>
<ellipse cx="300" cy="455" rx="100" ry="34" fill="${accent}" opacity="0.75"/>
<ellipse cx="300" cy="400" rx="70" ry="26" fill="${bg2}" opacity="0.9"/>
<ellipse cx="300" cy="358" rx="44" ry="18" fill="${accent}" opacity="0.6"/>
<path d="M420 300c60-70 40-140 0-170-30 60-50 120 0 170z" fill="${accent}" opacity="0.5"/>
<path d="M420 300c0-60 0-110 0-170" stroke="#fff" stroke-width="4" opacity="0.6"/>
<rect x="150" y="250" width="46" height="90" rx="8" fill="#fff" stroke="${bg2}" stroke-width="4"/>
<path d="M173 250c-12-20 0-36 0-44 12 14 14 30 0 44z" fill="#f2b84b"/>`,
    gradient('bg', [bg1, bg2]),
  );
}

mkdirSync(new URL('rooms/', OUT), { recursive: true });
mkdirSync(new URL('offers/', OUT), { recursive: true });
mkdirSync(new URL('services/', OUT), { recursive: true });
for (const [tier, p] of Object.entries(PALETTES)) {
  writeFileSync(new URL(`rooms/${tier}.svg`, OUT), bedroom(p));
  writeFileSync(new URL(`offers/${tier}-1.svg`, OUT), bedroom(p));
  writeFileSync(new URL(`offers/${tier}-2.svg`, OUT), view(p));
  writeFileSync(new URL(`offers/${tier}-3.svg`, OUT), lounge(p));
}
writeFileSync(new URL('services/omani-menu.svg', OUT), plate(['#e9d3b0', '#9a6b3a', '#8a4b1f'], 0));
for (const i of [1, 2, 3]) {
  writeFileSync(new URL(`services/thai-menu-${i}.svg`, OUT), plate(['#cfe6c8', '#4f8a4a', '#b4472f'], i));
  writeFileSync(new URL(`services/spa-${i}.svg`, OUT), spa(i - 1));
}
console.log('placeholders written');
