// What an uploaded import file really is, by its bytes: a zip (xlsx), an OLE2 compound file
// (xls) or plain text (csv). The name and the declared MIME type are never trusted for this.
import type { ImportFileType } from '#server/db/schema';

const ZIP = [0x50, 0x4b, 0x03, 0x04];
const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function startsWith(bytes: Uint8Array, magic: number[]): boolean {
  return bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);
}

/** Text a spreadsheet could have saved: no NUL or control bytes other than tab, CR, LF and FF. */
function looksLikeText(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte < 0x09 || (byte > 0x0d && byte < 0x20) || byte === 0x7f) return false;
  }
  return bytes.length > 0;
}

export function detectFileType(bytes: Uint8Array): ImportFileType | null {
  if (startsWith(bytes, ZIP)) return 'xlsx';
  if (startsWith(bytes, OLE2)) return 'xls';
  return looksLikeText(bytes) ? 'csv' : null;
}

/** CSV as Excel writes it: UTF-8 (with or without BOM), or Windows-1252 from older versions. */
export function decodeCsv(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.startsWith('\ufeff') ? text.slice(1) : text;
}
