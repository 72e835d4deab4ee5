// The import's states: idle, uploading (with its progress), checking on the server, then the
// answer (imported or checked) or the refusal with its problems by item.
import { useState } from 'react';
import type { PackImportResponse, PackProblemItem } from '#contract/programme-pack';
import { importProgrammePack, PackImportError } from '#api/programme-pack';
import { toApiRequestError } from '#api/http';

export type PackImportState =
  | { status: 'idle' }
  | { status: 'uploading'; fileName: string; fraction: number }
  | { status: 'checking'; fileName: string }
  | { status: 'done'; fileName: string; result: PackImportResponse }
  | { status: 'refused'; fileName: string | null; message: string; problems: PackProblemItem[]; notEmpty: boolean };

export function usePackImport() {
  const [state, setState] = useState<PackImportState>({ status: 'idle' });
  const busy = state.status === 'uploading' || state.status === 'checking';
  return {
    state,
    busy,
    start(file: File, check: boolean) {
      if (busy) return;
      const fileName = file.name;
      setState({ status: 'uploading', fileName, fraction: 0 });
      importProgrammePack(file, {
        check,
        // Once every byte is sent, the server checks (and writes) the pack before it answers.
        onProgress: (fraction) => setState(fraction >= 1 ? { status: 'checking', fileName } : { status: 'uploading', fileName, fraction }),
      }).then(
        (result) => setState({ status: 'done', fileName, result }),
        (error: unknown) => {
          const failed = toApiRequestError(error);
          setState({
            status: 'refused', fileName, message: failed.message,
            problems: error instanceof PackImportError ? error.problems : [],
            // 409: the problems are what the programme already holds, not faults of the pack.
            notEmpty: failed.status === 409,
          });
        },
      );
    },
    refuse: (message: string) => setState({ status: 'refused', fileName: null, message, problems: [], notEmpty: false }),
    clear: () => setState({ status: 'idle' }),
  };
}
