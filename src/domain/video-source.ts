// Which file a training video plays from (issue 36): the adaptive stream (HLS, stepping with the
// measured bandwidth) when the device is online and the video is not downloaded; the progressive
// MP4 (`url`: the lowest rendition once processed, the file itself for a legacy video) when the
// video is downloaded (the service worker answers from the whole stored file, no network) or the
// device is offline, or when the video has no stream (legacy, or still processing).
// Pure: the caller says whether the device is online and whether the MP4 is stored.

export const HLS_TYPE = 'application/x-mpegURL';
export const MP4_TYPE = 'video/mp4';

/**
 * The bandwidth (bits/s) the stream assumes before it has measured any: about the lowest rung
 * (240p, ~400 kbps), so the first segments come quickly on a floor's shared Wi-Fi; the player
 * steps up once segments arrive faster.
 */
export const STREAM_START_BANDWIDTH = 400_000;

/**
 * video.js's HTTP streaming engine (VHS) options of the app's player (and the bench's): start
 * from STREAM_START_BANDWIDTH rather than VHS's 4 Mbps default or what an earlier visit
 * measured; never fetch a rendition larger than the player shows; step with each segment's
 * measured rate, not the browser's Network Information estimate (`navigator.connection
 * .downlink`), which VHS would otherwise put in place of both the start and every measurement
 * (coarse, and ~10 Mbps on a floor shared by forty agents). The player adds `overrideNative`.
 */
export const STREAM_VHS_OPTIONS = {
  bandwidth: STREAM_START_BANDWIDTH,
  limitRenditionByPlayerDimensions: true,
  useBandwidthFromLocalStorage: false,
  useNetworkInformationApi: false,
} as const;

export interface VideoFiles {
  /** The progressive MP4 (the offline download). */
  url: string;
  /** The HLS master playlist; null/absent until processed (or for a legacy video). */
  stream_url?: string | null | undefined;
}

export interface PlaybackConditions {
  /** `navigator.onLine`: false only when the browser knows it has no network. */
  online: boolean;
  /** The MP4 is stored whole in the videos cache. */
  downloaded: boolean;
}

export type VideoSourceKind = 'stream' | 'download' | 'file';

export interface VideoSource {
  src: string;
  type: typeof HLS_TYPE | typeof MP4_TYPE;
  /** stream: HLS; download: the stored MP4 (downloaded or offline); file: the MP4 with no stream to play. */
  kind: VideoSourceKind;
}

/** The source the player loads for `video` under `conditions`. */
export function videoSource(video: VideoFiles, conditions: PlaybackConditions): VideoSource {
  const stream = video.stream_url?.trim() ? video.stream_url : null;
  if (!stream) return { src: video.url, type: MP4_TYPE, kind: 'file' };
  if (conditions.downloaded || !conditions.online) return { src: video.url, type: MP4_TYPE, kind: 'download' };
  return { src: stream, type: HLS_TYPE, kind: 'stream' };
}
