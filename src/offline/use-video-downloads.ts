// React face of video downloads: what of a list is stored, a running download's progress,
// and the last error. Holds the app from reloading for an update while a download runs.
// Never throws into render: failures become `error`; storing goes through video-downloads.ts.
import { useCallback, useEffect, useRef, useState } from 'react';
import { setBusy } from './busy.ts';
import type { DownloadProgress } from './video-download-plan.ts';
import {
  downloadedState,
  downloadsSupported,
  downloadVideos,
  removeDownloadedVideos,
  VideoDownloadError,
  type DownloadableVideo,
  type DownloadedState,
} from './video-downloads.ts';

export type DownloadActivity = 'idle' | 'downloading' | 'removing';

export interface VideoDownloads {
  supported: boolean;
  /** null until the first read of the cache. */
  state: DownloadedState | null;
  activity: DownloadActivity;
  progress: DownloadProgress | null;
  error: VideoDownloadError | null;
  download: () => Promise<void>;
  remove: () => Promise<void>;
  cancel: () => void;
}

export function useVideoDownloads(videos: readonly DownloadableVideo[]): VideoDownloads {
  const [state, setState] = useState<DownloadedState | null>(null);
  const [activity, setActivity] = useState<DownloadActivity>('idle');
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [error, setError] = useState<VideoDownloadError | null>(null);
  const abortRef = useRef<AbortController | null>(null);
  const videosRef = useRef(videos);
  const key = videos.map((video) => video.url).join('\n');

  useEffect(() => {
    videosRef.current = videos;
  });

  useEffect(() => {
    let live = true;
    downloadedState(videosRef.current)
      .then((next) => live && setState(next))
      .catch(() => live && setState({ downloaded: 0, total: videosRef.current.length, bytes: 0 }));
    return () => {
      live = false;
    };
  }, [key]);

  // Leaving the screen stops the download; the videos finished so far stay stored.
  useEffect(() => () => abortRef.current?.abort(), []);

  const download = useCallback(async () => {
    const controller = new AbortController();
    abortRef.current = controller;
    setError(null);
    setActivity('downloading');
    setProgress(null);
    setBusy('video-download', true);
    try {
      setState(await downloadVideos(videosRef.current, setProgress, { signal: controller.signal }));
    } catch (caught) {
      if (!controller.signal.aborted) setError(caught instanceof VideoDownloadError ? caught : new VideoDownloadError('failed', String(caught)));
      setState(await downloadedState(videosRef.current).catch(() => null));
    } finally {
      setBusy('video-download', false);
      abortRef.current = null;
      setActivity('idle');
      setProgress(null);
    }
  }, []);

  const remove = useCallback(async () => {
    setError(null);
    setActivity('removing');
    try {
      setState(await removeDownloadedVideos(videosRef.current));
    } catch (caught) {
      setError(new VideoDownloadError('failed', String(caught)));
    } finally {
      setActivity('idle');
    }
  }, []);

  const cancel = useCallback(() => abortRef.current?.abort(), []);

  return { supported: downloadsSupported(), state, activity, progress, error, download, remove, cancel };
}
