// The printable coupon page of the local gift-card provider (GET /api/cupones/{code}). Plain
// HTML with inline styles (the CSP allows them, not inline scripts), readable on a phone and
// printable to paper or PDF. Shows no personal data: the code in the URL is the only key.
import { PROGRAMME_TIME_ZONE } from '#domain/calendar';
import { formatDate, formatNumber } from '#domain/format';
import { formatFaceValue } from '#domain/rewards';

export interface CouponView {
  code: string;
  productName: string;
  image: string;
  puntos: number;
  faceValue: string | null;
  conditions: string | null;
  validityStart: Date | null;
  validityEnd: Date | null;
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** A decorative barcode drawn from the code's characters: same code, same bars. */
function barcode(code: string): string {
  let x = 0;
  const bars: string[] = [];
  for (const ch of code.replace(/-/g, '')) {
    const n = ch.charCodeAt(0);
    for (let i = 0; i < 4; i++) {
      const width = 1 + ((n >> i) & 1) + ((n >> (i + 3)) & 1);
      if (i % 2 === 0) bars.push(`<rect x="${x}" y="0" width="${width}" height="56"/>`);
      x += width + 1;
    }
  }
  return `<svg viewBox="0 0 ${x} 56" preserveAspectRatio="none" width="100%" height="56" aria-hidden="true">${bars.join('')}</svg>`;
}

export function couponPage(view: CouponView): string {
  const day = (d: Date | null) => (d ? (formatDate(d, PROGRAMME_TIME_ZONE) ?? '-') : '-');
  const value = formatFaceValue(view.faceValue);
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Cupón ${escape(view.productName)} · +impecable</title>
<style>
  :root { color-scheme: light; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: #eef3f9; color: #10233f; }
  main { max-width: 560px; margin: 24px auto; padding: 0 16px; }
  .coupon { background: #fff; border-radius: 20px; box-shadow: 0 12px 32px rgba(16,35,63,.12); overflow: hidden; border: 1px solid #d6e0ec; }
  .top { display: flex; gap: 16px; align-items: center; padding: 20px; background: linear-gradient(100deg, #0b5cab, #073d72); color: #fff; }
  .top img { width: 96px; height: 96px; object-fit: contain; background: #fff; border-radius: 14px; padding: 6px; flex: none; }
  .brand { font-size: 13px; font-weight: 700; letter-spacing: .08em; text-transform: uppercase; opacity: .85; }
  h1 { margin: 4px 0 0; font-size: 22px; line-height: 1.2; }
  .value { margin-top: 6px; font-size: 16px; color: #ffd58a; font-weight: 700; }
  .body { padding: 20px; border-top: 2px dashed #c8d5e6; }
  .label { font-size: 12px; font-weight: 700; letter-spacing: .06em; text-transform: uppercase; color: #56606c; }
  .code { margin: 6px 0 14px; font: 700 clamp(17px, 5.2vw, 24px)/1.2 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; letter-spacing: .06em; word-break: break-all; }
  .dates { display: flex; gap: 24px; margin-top: 16px; }
  .dates div { flex: 1; }
  .dates strong { display: block; margin-top: 2px; font-size: 16px; }
  .conditions { margin-top: 16px; font-size: 14px; line-height: 1.5; color: #3a4656; }
  .hint { margin-top: 16px; font-size: 13px; color: #56606c; }
  @media print { body { background: #fff; } main { margin: 0 auto; } .coupon { box-shadow: none; } .hint { display: none; } }
</style>
</head>
<body>
<main>
  <article class="coupon">
    <header class="top">
      <img src="${escape(view.image)}" alt="">
      <div>
        <div class="brand">+impecable · Cupón</div>
        <h1>${escape(view.productName)}</h1>
        <div class="value">${value ? `${escape(value)} · ` : ''}${escape(formatNumber(view.puntos))} IMPs</div>
      </div>
    </header>
    <section class="body">
      <div class="label">Código del cupón</div>
      <div class="code">${escape(view.code)}</div>
      ${barcode(view.code)}
      <div class="dates">
        <div><span class="label">Válido desde</span><strong>${escape(day(view.validityStart))}</strong></div>
        <div><span class="label">Válido hasta</span><strong>${escape(day(view.validityEnd))}</strong></div>
      </div>
      ${view.conditions ? `<p class="conditions">${escape(view.conditions)}</p>` : ''}
      <p class="hint">Presenta este código en el establecimiento o imprímelo (Ctrl+P o «Compartir › Imprimir» en el móvil).</p>
    </section>
  </article>
</main>
</body>
</html>`;
}

export function couponNotFoundPage(): string {
  return `<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Cupón no encontrado · +impecable</title></head>
<body style="font-family: system-ui, sans-serif; text-align: center; padding: 48px 16px; color: #10233f;"><h1 style="font-size: 22px;">Cupón no encontrado</h1><p>Revisa el enlace o consulta tus cupones en «Mis Premios».</p></body></html>`;
}
