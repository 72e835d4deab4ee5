import { describe, expect, it } from 'vitest';
import { HLS_TYPE, MP4_TYPE, STREAM_START_BANDWIDTH, STREAM_VHS_OPTIONS, videoSource, type PlaybackConditions, type VideoFiles } from './video-source';

const MP4 = `/media/u/${'a'.repeat(64)}.mp4`;
const MASTER = `/media/u/${'b'.repeat(64)}.m3u8`;

describe('videoSource: which file a training video plays from', () => {
  const processed: VideoFiles = { url: MP4, stream_url: MASTER };
  const legacy: VideoFiles = { url: '/media/clip.mp4', stream_url: null };
  const oldSnapshot: VideoFiles = { url: '/media/clip.mp4' };

  it.each<[string, VideoFiles, PlaybackConditions, { src: string; type: string; kind: string }]>([
    ['online, not downloaded: the stream', processed, { online: true, downloaded: false }, { src: MASTER, type: HLS_TYPE, kind: 'stream' }],
    ['online, downloaded: the stored MP4', processed, { online: true, downloaded: true }, { src: MP4, type: MP4_TYPE, kind: 'download' }],
    ['offline, downloaded: the stored MP4', processed, { online: false, downloaded: true }, { src: MP4, type: MP4_TYPE, kind: 'download' }],
    ['offline, not downloaded: the MP4 (the worker may have it; else the load error)', processed, { online: false, downloaded: false }, { src: MP4, type: MP4_TYPE, kind: 'download' }],
    ['no stream (legacy or processing), online: the MP4 as before', legacy, { online: true, downloaded: false }, { src: legacy.url, type: MP4_TYPE, kind: 'file' }],
    ['no stream, offline: the MP4', legacy, { online: false, downloaded: false }, { src: legacy.url, type: MP4_TYPE, kind: 'file' }],
    ['a snapshot stored before stream_url existed: the MP4', oldSnapshot, { online: true, downloaded: false }, { src: oldSnapshot.url, type: MP4_TYPE, kind: 'file' }],
    ['an empty stream_url is no stream', { url: MP4, stream_url: '  ' }, { online: true, downloaded: false }, { src: MP4, type: MP4_TYPE, kind: 'file' }],
  ])('%s', (_, video, conditions, expected) => {
    expect(videoSource(video, conditions)).toEqual(expected);
  });
});

describe('STREAM_VHS_OPTIONS', () => {
  it('starts at ~400 kbps, within the player size, from its own measurements only', () => {
    expect(STREAM_START_BANDWIDTH).toBe(400_000);
    expect(STREAM_VHS_OPTIONS).toEqual({
      bandwidth: STREAM_START_BANDWIDTH,
      limitRenditionByPlayerDimensions: true,
      useBandwidthFromLocalStorage: false,
      useNetworkInformationApi: false,
    });
  });
});
