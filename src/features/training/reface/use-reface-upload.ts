import { useCallback, useState } from 'react';
import { uploadRefacePhoto } from '#api/refaces';
import { ApiRequestError } from '#api/http';
import { checkPhotoFile, photoProblemMessage, UPLOAD_NOT_AN_IMAGE_ALERT } from '#domain/reface';
import { logEvent } from '#data/log-event';

/** Spec 8: what an upload the server could not take says, unless the server said why. */
export const UPLOAD_FAILED_MESSAGE = 'Error al enviar la imagen. Solo se acepta jpeg, png, jpg';
export const UPLOAD_NEEDS_CONNECTION = 'Para subir tu foto necesitas conexión a internet. Conéctate y vuelve a pulsar REALIZAR.';

export type UploadState =
  | { step: 'idle'; file: File | null; problem: string | null; alert: string | null }
  | { step: 'uploading'; file: File };

interface UploadOptions {
  userId: number;
  attributeId: number;
  attributeName: string;
  /** Runs after the server took the photo (the card refetches its status). */
  onUploaded: () => Promise<unknown>;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiRequestError) {
    if (error.isOffline) return UPLOAD_NEEDS_CONNECTION;
    if (error.kind === 'http' && error.status !== null && error.status < 500) return error.message;
  }
  return UPLOAD_FAILED_MESSAGE;
}

/**
 * The upload of spec 5: a chosen file is checked at once ("Por favor, sube solo imágenes
 * (formatos válidos: JPG, PNG)."), REALIZAR checks again ("Por favor, sube solo imágenes.")
 * and sends it. Needs a connection: offline it says so and sends nothing.
 */
export function useRefaceUpload({ userId, attributeId, attributeName, onUploaded }: UploadOptions) {
  const [state, setState] = useState<UploadState>({ step: 'idle', file: null, problem: null, alert: null });

  const choose = useCallback((file: File | null) => {
    const problem = file ? checkPhotoFile(file) : null;
    setState({ step: 'idle', file, problem: problem ? photoProblemMessage(problem) : null, alert: null });
  }, []);

  const upload = useCallback(async () => {
    if (state.step !== 'idle') return;
    const { file } = state;
    const problem = file ? checkPhotoFile(file) : 'not-image';
    if (!file || problem) {
      setState({ ...state, alert: problem === 'not-image' ? UPLOAD_NOT_AN_IMAGE_ALERT : photoProblemMessage(problem ?? 'not-image') });
      return;
    }
    if (globalThis.navigator?.onLine === false) {
      setState({ ...state, alert: UPLOAD_NEEDS_CONNECTION });
      return;
    }
    setState({ step: 'uploading', file });
    try {
      await uploadRefacePhoto(attributeId, file);
    } catch (error) {
      setState({ step: 'idle', file, problem: null, alert: failureMessage(error) });
      return;
    }
    void logEvent(userId, `Realiza el reface ${attributeName}`);
    setState({ step: 'idle', file: null, problem: null, alert: null });
    await onUploaded();
  }, [state, attributeId, attributeName, userId, onUploaded]);

  return { state, choose, upload };
}
