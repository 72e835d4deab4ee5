import { describe, expect, it } from 'vitest';
import { downloadRanking, RankingDownloadError, UNSUPPORTED_DOWNLOAD } from './commands';

describe('downloadRanking', () => {
  it.each([
    ['an unknown type', 'equipo', 3],
    ['an attribute download without an attribute', 'atributo', null],
  ])('refuses %s with "Tipo de descarga no soportado" before any request', async (_name, type, attributeId) => {
    const attempt = downloadRanking(type, attributeId);
    await expect(attempt).rejects.toBeInstanceOf(RankingDownloadError);
    await expect(downloadRanking(type, attributeId)).rejects.toThrow(UNSUPPORTED_DOWNLOAD);
  });
});
