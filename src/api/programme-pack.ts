// Programa › Paquete del programa: the export (the whole programme as one .zip, downloaded) and
// the import of a pack into an empty programme, with its upload's progress. Online only: nothing
// is queued. The upload goes through the one ky client with an XMLHttpRequest as its transport,
// because fetch reports no upload progress (ky's onUploadProgress streams the body, which
// browsers send only over HTTP/2); ky still adds the session's token, reads a refusal's Spanish
// text and raises 401 and maintenance as for every call.
import { PACK_CHECK_PARAM, PACK_PATHS, packFileName } from '#contract/programme-pack-constants';
import type { PackImportResponse, PackProblemItem } from '#contract/programme-pack';
import { ApiRequestError, apiPath, errorData, http, readJson, toApiRequestError } from '#api/http';
import { NetworkError } from '#api/http-events';

/** The schemas answers are checked against: loaded with the first answer, never on the boot path. */
const contract = () => import('#contract/programme-pack');

/** An import refused: the server's Spanish text and, when it listed them, every problem by item. */
export class PackImportError extends ApiRequestError {
  constructor(
    base: ApiRequestError,
    readonly problems: PackProblemItem[],
  ) {
    super(base.message, base.kind, base.status, { cause: base.cause });
  }
}

/** The file name a Content-Disposition header gives, or null. */
function fileNameOf(disposition: string | null): string | null {
  return /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? null;
}

/** GET programa/paquete: the .zip's bytes and the name to save it as. */
export async function downloadProgrammePack(): Promise<{ blob: Blob; fileName: string }> {
  try {
    // A programme with its videos may take a while to arrive: no timeout cuts it short.
    const response = await http.get(apiPath(PACK_PATHS.pack), { timeout: false, retry: 0 });
    const fileName = fileNameOf(response.headers.get('Content-Disposition')) ?? packFileName(new Date().toISOString().slice(0, 10));
    return { blob: await response.blob(), fileName };
  } catch (error) {
    throw toApiRequestError(error);
  }
}

/**
 * A fetch for ky that sends `body` with an XMLHttpRequest (the request's method, URL, headers
 * and abort signal; the body from the caller, so the browser streams the file from disk) and
 * reports the upload's progress, 0 to 1.
 */
function fetchWithUploadProgress(body: FormData, onProgress: (fraction: number) => void): typeof fetch {
  return (input, init) => new Promise<Response>((resolve, reject) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, request.url);
    // The multipart boundary is the browser's to write with the body it sends.
    request.headers.forEach((value, name) => {
      if (name.toLowerCase() !== 'content-type') xhr.setRequestHeader(name, value);
    });
    xhr.responseType = 'blob';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      const headers = new Headers();
      for (const line of xhr.getAllResponseHeaders().trim().split(/[\r\n]+/)) {
        const at = line.indexOf(':');
        if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
      }
      resolve(new Response(xhr.status === 204 ? null : (xhr.response as Blob), { status: xhr.status, statusText: xhr.statusText, headers }));
    };
    xhr.onerror = () => reject(new NetworkError('upload failed'));
    xhr.onabort = () => reject(request.signal.reason ?? new DOMException('Aborted', 'AbortError'));
    request.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

/**
 * POST programa/paquete (multipart, field "file"); with `check`, ?comprobar=1 (nothing written).
 * Rejects with a PackImportError carrying the server's text and its problems by item.
 */
export async function importProgrammePack(file: File, options: { check: boolean; onProgress: (fraction: number) => void }): Promise<PackImportResponse> {
  const body = new FormData();
  body.append('file', file, file.name);
  try {
    const call = http.post(apiPath(PACK_PATHS.pack), {
      body,
      searchParams: options.check ? { [PACK_CHECK_PARAM]: '1' } : undefined,
      // A large pack takes long to send and to check; it must not be cut short or sent twice.
      timeout: false,
      retry: 0,
      fetch: fetchWithUploadProgress(body, options.onProgress),
    });
    return await readJson(call, contract, 'packImportResponseSchema');
  } catch (error) {
    const base = toApiRequestError(error);
    const { packRefusalSchema } = await contract();
    const refusal = packRefusalSchema.safeParse(errorData(error) ?? errorData(base.cause));
    throw new PackImportError(base, refusal.success ? (refusal.data.problemas ?? []) : []);
  }
}
