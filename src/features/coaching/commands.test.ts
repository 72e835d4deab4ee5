import { afterEach, describe, expect, it, vi } from 'vitest';
import { DOWNLOAD_OFFLINE, downloadTable } from './commands';

describe('downloadTable', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offline, says the download needs the network and asks nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', { onLine: false });
    await expect(downloadTable({ table: 'resumen', atributo: 3, slug: 'resolutivo', filter: {} })).rejects.toThrow(DOWNLOAD_OFFLINE);
    await expect(
      downloadTable({ table: 'rezagados', atributo: 3, slug: 'resolutivo', query: { sede: 4, dias: 7, search: '' } }),
    ).rejects.toThrow(DOWNLOAD_OFFLINE);
    expect(fetch).not.toHaveBeenCalled();
  });
});
