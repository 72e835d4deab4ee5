import { afterEach, describe, expect, it, vi } from 'vitest';
import { nudgesParams, type NudgesQuery } from '#api/coaching';
import { DOWNLOAD_OFFLINE, downloadTable, paramsOf } from './commands';

// Issue 38 item 3: the nudges list and its .xlsx take every filter the figures take.
describe('the nudges list and its workbook', () => {
  const query: NudgesQuery = { filter: { marca: 2, plataforma: 4, sede: 15 }, dias: 14, search: ' ana ', page: 3, perPage: 20 };

  it('asks for the brand and platform chosen, not only the site', () => {
    expect(nudgesParams(query)).toEqual({ marca: 2, plataforma: 4, sede: 15, dias: 14, search: 'ana', page: 3, per_page: 20 });
  });

  it('downloads the same narrowing as the list reads, every page of it', () => {
    const download = paramsOf({ table: 'rezagados', atributo: 3, slug: 'resolutivo', query: { filter: query.filter, dias: 14, search: ' ana ' } });
    const { page: _page, per_page: _perPage, ...read } = nudgesParams(query);
    expect(download).toEqual(read);
  });
});

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
      downloadTable({ table: 'rezagados', atributo: 3, slug: 'resolutivo', query: { filter: { sede: 4 }, dias: 7, search: '' } }),
    ).rejects.toThrow(DOWNLOAD_OFFLINE);
    expect(fetch).not.toHaveBeenCalled();
  });
});
