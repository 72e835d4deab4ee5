// The default reface provider: a real stylised portrait made locally with sharp, in well
// under a second. Square crop around the centre, the attribute's colour treatment (a tinted
// high-contrast monochrome), a round cut on the attribute's gradient with its ring, sized for
// the app's circular display. Deterministic for the same photo; never touches the database.
import sharp from 'sharp';
import { REFACE_MAX_PIXELS } from '#domain/reface';
import type { RefaceAttribute, RefaceProvider, RefaceRequest } from './provider.ts';

/** The portrait's side in pixels: twice the largest circle the app shows, for sharp screens. */
export const PORTRAIT_SIZE = 512;

interface Treatment {
  /** Light and dark ends of the attribute's gradient (public/art/avatar-{slug}.svg). */
  light: string;
  dark: string;
}

const TREATMENTS: Record<string, Treatment> = {
  devalor: { light: '#ffab1f', dark: '#b35c00' },
  resolutivo: { light: '#20c997', dark: '#087f5b' },
  accesible: { light: '#5c7cfa', dark: '#3b2fb8' },
  transversal: { light: '#b15bd0', dark: '#5f1f7a' },
  proactivo: { light: '#ff8a3d', dark: '#c2410c' },
  confiable: { light: '#339af0', dark: '#0b4f8a' },
  conestilo: { light: '#f06595', dark: '#a61e4d' },
};
const FALLBACK: Treatment = { light: '#3f82d4', dark: '#073d72' };

const CENTRE = PORTRAIT_SIZE / 2;
const PHOTO_RADIUS = CENTRE - 34;
const RING_RADIUS = CENTRE - 20;

function hexToRgb(hex: string): { r: number; g: number; b: number } {
  const value = Number.parseInt(hex.slice(1), 16);
  return { r: (value >> 16) & 255, g: (value >> 8) & 255, b: value & 255 };
}

type Rgb = [number, number, number];

function mixWith(hex: string, target: number, amount: number): Rgb {
  const { r, g, b } = hexToRgb(hex);
  const mix = (c: number) => Math.round(c + (target - c) * amount);
  return [mix(r), mix(g), mix(b)];
}

/**
 * The colour treatment: a duotone from a deep shade of the attribute colour (shadows) to a
 * pale one (highlights), applied to the photo's contrast-stretched luminance.
 */
function duotone(grey: Buffer, t: Treatment): Buffer {
  const [sr, sg, sb] = mixWith(t.dark, 0, 0.45);
  const [hr, hg, hb] = mixWith(t.light, 255, 0.82);
  const out = Buffer.alloc(grey.length * 3);
  grey.forEach((value, i) => {
    const l = value / 255;
    out[i * 3] = Math.round(sr + (hr - sr) * l);
    out[i * 3 + 1] = Math.round(sg + (hg - sg) * l);
    out[i * 3 + 2] = Math.round(sb + (hb - sb) * l);
  });
  return out;
}

function svg(body: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${PORTRAIT_SIZE}" height="${PORTRAIT_SIZE}">${body}</svg>`);
}

function background(t: Treatment): Buffer {
  return svg(`<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${t.light}"/><stop offset="1" stop-color="${t.dark}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>`);
}

function frame(t: Treatment): Buffer {
  return svg(`<defs><radialGradient id="v" cx="0.5" cy="0.5" r="0.5"><stop offset="0.72" stop-color="${t.dark}" stop-opacity="0"/><stop offset="1" stop-color="${t.dark}" stop-opacity="0.45"/></radialGradient></defs>
    <circle cx="${CENTRE}" cy="${CENTRE}" r="${PHOTO_RADIUS}" fill="url(#v)"/>
    <circle cx="${CENTRE}" cy="${CENTRE}" r="${RING_RADIUS}" fill="none" stroke="#fff" stroke-width="10"/>
    <circle cx="${CENTRE}" cy="${CENTRE}" r="${RING_RADIUS - 9}" fill="none" stroke="${t.light}" stroke-width="6"/>
    <circle cx="${CENTRE + 150}" cy="${CENTRE - 150}" r="22" fill="#ffbf4d" stroke="#fff" stroke-width="6"/>`);
}

export class LocalRefaceProvider implements RefaceProvider {
  async render({ photo, attribute }: RefaceRequest): Promise<Buffer> {
    const treatment = treatmentOf(attribute);
    const side = PHOTO_RADIUS * 2;
    const grey = await sharp(photo, { failOn: 'truncated', limitInputPixels: REFACE_MAX_PIXELS })
      .rotate()
      .resize(side, side, { fit: 'cover', position: 'centre' })
      .grayscale()
      .normalise({ lower: 2, upper: 98 })
      .raw()
      .toBuffer();
    const face = await sharp(duotone(grey, treatment), { raw: { width: side, height: side, channels: 3 } }).png().toBuffer();
    const offset = CENTRE - PHOTO_RADIUS;
    const roundFace = await cutCircle(face, side);
    return sharp(background(treatment))
      .composite([
        { input: roundFace, left: offset, top: offset },
        { input: frame(treatment), left: 0, top: 0 },
      ])
      .flatten({ background: treatment.dark })
      .jpeg({ quality: 86, chromaSubsampling: '4:4:4' })
      .toBuffer();
  }
}

/** The face cut to a circle (transparent corners). */
async function cutCircle(face: Buffer, side: number): Promise<Buffer> {
  const r = side / 2;
  const mask = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}"><circle cx="${r}" cy="${r}" r="${r}" fill="#fff"/></svg>`);
  return sharp(face).ensureAlpha().composite([{ input: mask, blend: 'dest-in' }]).png().toBuffer();
}

function treatmentOf(attribute: RefaceAttribute): Treatment {
  return TREATMENTS[attribute.slug] ?? FALLBACK;
}
