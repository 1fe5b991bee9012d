// Draws the demo catalogue's silver bars (SVG) and renders them to PNG with resvg, whose binary ships in its npm
// package. A one-off: the PNGs are committed (apps/server/src/features/catalogue/images). To draw them again:
//   npm install --no-save @resvg/resvg-js@2.6.2 && node apps/server/scripts/draw-bars.mjs
// then shrink them to a 256-colour palette (about a third of the bytes; the catalogue's first image is the page's
// largest paint on a phone): apt-get install pngquant && pngquant --quality=70-95 --speed 1 --force --ext .png *.png
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';

const OUT = join(dirname(fileURLToPath(import.meta.url)), '../src/features/catalogue/images');

/** A cast bar seen from above at an angle: a bevelled top face, engraved lines, a soft shadow. */
function barSvg({ weight, purity, subtitle, width, height }) {
  const W = 480;
  const H = 360;
  const x = (W - width) / 2;
  const y = (H - height) / 2 - 10;
  const bevel = Math.round(Math.min(width, height) * 0.12);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#f4f6f8"/><stop offset="1" stop-color="#e2e7ec"/>
    </linearGradient>
    <linearGradient id="side" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#9aa3ad"/><stop offset="0.5" stop-color="#cfd5db"/><stop offset="1" stop-color="#7d8791"/>
    </linearGradient>
    <linearGradient id="top" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f9fafb"/><stop offset="0.35" stop-color="#d9dee3"/>
      <stop offset="0.6" stop-color="#eef1f4"/><stop offset="1" stop-color="#b7bfc7"/>
    </linearGradient>
    <filter id="shadow" x="-20%" y="-20%" width="140%" height="160%">
      <feDropShadow dx="0" dy="14" stdDeviation="12" flood-color="#2b3440" flood-opacity="0.28"/>
    </filter>
  </defs>
  <rect width="${W}" height="${H}" fill="url(#bg)"/>
  <g filter="url(#shadow)">
    <rect x="${x}" y="${y}" width="${width}" height="${height}" rx="10" fill="url(#side)"/>
    <rect x="${x + bevel}" y="${y + bevel}" width="${width - 2 * bevel}" height="${height - 2 * bevel}" rx="6" fill="url(#top)"
      stroke="#8c959f" stroke-width="1.5"/>
  </g>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" text-anchor="middle" fill="#5d6670">
    <text x="${W / 2}" y="${y + bevel + 34}" font-size="22" font-weight="700" letter-spacing="6">PRATA</text>
    <line x1="${x + bevel + 24}" y1="${y + bevel + 46}" x2="${x + width - bevel - 24}" y2="${y + bevel + 46}" stroke="#8c959f"/>
    <text x="${W / 2}" y="${y + height / 2 + 12}" font-size="${Math.min(44, Math.round(width / 6))}" font-weight="700">${weight}</text>
    <text x="${W / 2}" y="${y + height - bevel - 34}" font-size="15" letter-spacing="2">${purity}</text>
    <text x="${W / 2}" y="${y + height - bevel - 14}" font-size="12" letter-spacing="1">${subtitle}</text>
  </g>
</svg>`;
}

const BARS = [
  { file: 'barra-31g.png', weight: '31,1 g', purity: 'FINA 999', subtitle: '1 ONÇA TROY', width: 220, height: 200 },
  { file: 'barra-50g.png', weight: '50 g', purity: 'FINA 999', subtitle: 'PRATA PURA', width: 250, height: 210 },
  { file: 'barra-100g.png', weight: '100 g', purity: 'FINA 999', subtitle: 'PRATA PURA', width: 300, height: 220 },
  { file: 'barra-1kg.png', weight: '1 kg', purity: 'FINA 999', subtitle: 'PRATA PURA', width: 380, height: 250 },
];

for (const bar of BARS) {
  const png = new Resvg(barSvg(bar), { fitTo: { mode: 'width', value: 480 }, font: { loadSystemFonts: true } })
    .render()
    .asPng();
  writeFileSync(join(OUT, bar.file), png);
  console.log(`${bar.file}: ${png.length} bytes`);
}
