import { useState } from 'react';
import type { ImportResponse } from '#contract/admin';
import { importUsers } from '#api/admin';
import { toApiRequestError, UNKNOWN_ERROR_MESSAGE } from '#api/http';

export const IMPORT_FAILED = 'Error al importar usuarios';

export type ImportState =
  | { status: 'idle' }
  | { status: 'importing'; fileName: string }
  | { status: 'success'; result: ImportResponse }
  | { status: 'error'; message: string };

/** Spec 8: "Error al importar usuarios" when the server gives no error text, else "Error: …". */
export function importErrorText(error: unknown): string {
  const failed = toApiRequestError(error);
  return failed.message && failed.message !== UNKNOWN_ERROR_MESSAGE ? `Error: ${failed.message}` : IMPORT_FAILED;
}

/** The import's states (spec 4): idle, importing, then success or error; closing an alert clears it. */
export function useImport() {
  const [state, setState] = useState<ImportState>({ status: 'idle' });
  return {
    state,
    start(file: File) {
      if (state.status === 'importing') return;
      setState({ status: 'importing', fileName: file.name });
      importUsers(file).then(
        (result) => setState({ status: 'success', result }),
        (error: unknown) => setState({ status: 'error', message: importErrorText(error) }),
      );
    },
    fail: (message: string) => setState({ status: 'error', message }),
    clear: () => setState({ status: 'idle' }),
  };
}
