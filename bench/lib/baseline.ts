// The baseline page of the LCP ratio (issue 16): the app's header alone — logo, "Hola, {nick}",
// same system fonts and colours as src/app/layouts/header.module.css and src/app/theme.ts — as
// static HTML with no JavaScript, served by the same server from the build folder. Bench-only:
// written after the build (so the service worker never precaches it) and removed afterwards.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { FONT_FAMILY } from '#app/font.ts';

export const BASELINE_PATH = '/bench-baseline.html';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function baselineHtml(nick: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="description" content="Página base del bench: la cabecera de +impecable sin JavaScript.">
<title>+impecable</title>
<style>
html,body{margin:0;background:#f5f7fb;min-height:100%}
body{font-family:${FONT_FAMILY};font-size:16px;line-height:1.55;color:#000;-webkit-font-smoothing:antialiased}
header{position:sticky;top:0;color:#fff;background:linear-gradient(100deg,#0b5cab 0%,#073d72 100%);box-shadow:0 2px 12px rgba(5,45,85,.25)}
.inner{max-width:71.25rem;margin:0 auto;padding:10px 16px;display:grid;grid-template-columns:auto minmax(0,1fr);align-items:center;column-gap:12px}
.logo{display:inline-flex;align-items:center;gap:9px;color:#fff;text-decoration:none}
.word{font-size:20.4px;font-weight:800;line-height:1;letter-spacing:-.02em;white-space:nowrap;display:none}
.word span{color:#ffbf4d}
.greeting{font-weight:600;line-height:1.25;overflow-wrap:anywhere}
@media (min-width:36em){.word{display:inline}}
@media (min-width:48em){.inner{column-gap:20px;padding:12px 20px}.greeting{justify-self:end}}
</style>
</head>
<body>
<header><div class="inner">
<a class="logo" href="/home" aria-label="+impecable, ir al inicio"><svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true" focusable="false"><defs><linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1f6ec6"/><stop offset="1" stop-color="#073d72"/></linearGradient></defs><rect width="64" height="64" rx="16" fill="url(#m)"/><rect x="1" y="1" width="62" height="62" rx="15" fill="none" stroke="rgba(255,255,255,0.4)" stroke-width="2"/><rect x="27" y="14" width="10" height="36" rx="5" fill="#fff"/><rect x="14" y="27" width="36" height="10" rx="5" fill="#fff"/><circle cx="49" cy="15" r="6" fill="#ffbf4d"/></svg><span class="word"><span>+</span>impecable</span></a>
<div class="greeting">Hola, ${escapeHtml(nick)}</div>
</div></header>
<main></main>
</body>
</html>
`;
}

/** Writes the page (and the .gz/.br siblings the server prefers) into the build; returns its remover. */
export function writeBaselinePage(distDir: string, nick: string): () => void {
  const file = join(distDir, BASELINE_PATH.slice(1));
  const html = baselineHtml(nick);
  writeFileSync(file, html);
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  return () => {
    for (const path of [file, `${file}.gz`, `${file}.br`]) rmSync(path, { force: true });
  };
}
