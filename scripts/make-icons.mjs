// Renders the +impecable mark to the PWA icons and the favicon.
// Run: node scripts/make-icons.mjs   (writes public/favicon.svg and public/icons/*.png)
// The drawing matches src/components/logo.tsx: a blue tile, a white plus, an amber spark.
import { mkdir, writeFile } from 'node:fs/promises';
import sharp from 'sharp';

const publicDir = new URL('../public/', import.meta.url);
const iconsDir = new URL('icons/', publicDir);

const gradient = `
  <defs>
    <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1f6ec6"/>
      <stop offset="1" stop-color="#073d72"/>
    </linearGradient>
  </defs>`;

// The plus and the spark on a 64-unit grid, optionally scaled about the centre.
function glyph(scale = 1) {
  const t = (32 * (1 - scale)).toFixed(3);
  return `
  <g transform="translate(${t} ${t}) scale(${scale})">
    <rect x="27" y="14" width="10" height="36" rx="5" fill="#ffffff"/>
    <rect x="14" y="27" width="36" height="10" rx="5" fill="#ffffff"/>
    <circle cx="49" cy="15" r="6" fill="#ffbf4d"/>
  </g>`;
}

/** Rounded tile on transparent ground: favicon and "any" purpose icons. */
function roundedSvg(size) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" rx="16" fill="url(#g)"/>${glyph()}
</svg>`;
}

/**
 * Full-bleed square: maskable icons (the platform crops to any shape, so the glyph stays
 * inside the central 80 % safe zone) and Apple's touch icon (iOS rounds it itself).
 */
function fullBleedSvg(size, glyphScale) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${gradient}
  <rect width="64" height="64" fill="url(#g)"/>${glyph(glyphScale)}
</svg>`;
}

async function png(svg, file) {
  const target = new URL(file, iconsDir);
  await sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toFile(target.pathname);
  console.log('wrote', target.pathname);
}

await mkdir(iconsDir, { recursive: true });
await writeFile(new URL('favicon.svg', publicDir), `${roundedSvg(64)}\n`);
console.log('wrote', new URL('favicon.svg', publicDir).pathname);
await png(roundedSvg(192), 'icon-192.png');
await png(roundedSvg(512), 'icon-512.png');
// Safe zone: a circle of radius 40 % of the size. The glyph's farthest point (the spark)
// reaches ~30 units from the centre at scale 1; at 0.75 it is ~22.5, inside 0.4 * 64 = 25.6.
await png(fullBleedSvg(512, 0.75), 'icon-maskable-512.png');
await png(fullBleedSvg(180, 0.85), 'apple-touch-icon.png');
