import { useCallback, useEffect, useRef, useState } from 'react';
import type { Video } from '#contract/training';
import { VIDEO_LOAD_TIMEOUT_MS } from '#domain/training';
import { MP4_TYPE, STREAM_VHS_OPTIONS, videoSource, type VideoSource } from '#domain/video-source';
import { isDownloaded } from '#offline/video-downloads';

type VideoJs = typeof import('video.js').default;
type Player = ReturnType<VideoJs>;

export type PlayerStatus = 'loading' | 'ready' | 'failed';

export interface PlayerEvents {
  onTime: (currentTime: number, duration: number) => void;
  onEnded: () => void;
}

// video.js (and its CSS and Spanish texts) is its own chunk, fetched the first time a video
// opens: nobody who only checks the ranking pays for a video player.
let loading: Promise<VideoJs> | undefined;

function loadVideoJs(): Promise<VideoJs> {
  loading ??= Promise.all([import('video.js'), import('video.js/dist/lang/es.json'), import('video.js/dist/video-js.css')]).then(
    ([module, spanish]) => {
      module.default.addLanguage('es', spanish.default);
      return module.default;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Media Source Extensions (or Safari's managed variant): where video.js's own HLS engine runs. */
const hasMse = () => typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window);

/**
 * The stream's engine options (#domain/video-source STREAM_VHS_OPTIONS: start low, no larger
 * than the player, step with measured bandwidth). Where MSE exists video.js plays HLS itself
 * rather than through the browser's own player, so every browser starts low and adapts by the
 * same rules.
 */
function vhsOptions() {
  const override = hasMse();
  return {
    vhs: { ...STREAM_VHS_OPTIONS, overrideNative: override },
    ...(override ? { nativeAudioTracks: false, nativeVideoTracks: false } : {}),
  };
}

function playerOptions(source: VideoSource, captionsUrl: string | null, posterUrl: string | null, autoplay: boolean) {
  return {
    // The operator's still (Programa), shown until the video plays; none: the first frame.
    ...(posterUrl ? { poster: posterUrl } : {}),
    controls: true,
    fluid: true,
    aspectRatio: '16:9',
    preload: 'auto',
    playsinline: true,
    autoplay,
    language: 'es',
    playbackRates: [1, 1.25, 1.5],
    userActions: { hotkeys: true },
    html5: vhsOptions(),
    sources: [{ src: source.src, type: source.type }],
    tracks: captionsUrl ? [{ kind: 'captions', src: captionsUrl, srclang: 'es', label: 'Español', default: true }] : [],
  };
}

/** Any of these means the browser has the video: the load timer stops. */
const LOADED_EVENTS = ['loadedmetadata', 'loadeddata', 'canplay', 'playing'];

/**
 * A video.js player for `video`, mounted into the returned host element. Plays the adaptive
 * stream online, the MP4 when downloaded or offline (#domain/video-source); a stream that errs
 * before it loaded falls back once to the MP4. Reports the play position and the end; `status`
 * turns 'failed' when nothing loaded within 5 s or the media errs. Autoplays unless the user
 * prefers reduced motion. Disposed on unmount.
 */
export function useVideoJs(video: Video, events: PlayerEvents) {
  const hostRef = useRef<HTMLDivElement>(null);
  const playerRef = useRef<Player | null>(null);
  const eventsRef = useRef(events);
  const [status, setStatus] = useState<PlayerStatus>('loading');
  // Only what is played matters here: a progress update of the same video must not rebuild it.
  const { url, captions_url: captionsUrl } = video;
  const posterUrl = video.poster_url ?? null;
  const streamUrl = video.stream_url ?? null;
  useEffect(() => {
    eventsRef.current = events;
  });

  useEffect(() => {
    let cancelled = false;
    let loaded = false;
    const timer = window.setTimeout(() => {
      if (!loaded && !cancelled) setStatus('failed');
    }, VIDEO_LOAD_TIMEOUT_MS);
    const autoplay = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

    // Only a stream needs the cache's answer: without one the MP4 plays either way.
    const downloaded = streamUrl ? isDownloaded(url) : Promise.resolve(false);
    Promise.all([loadVideoJs(), downloaded]).then(
      ([videojs, stored]) => {
        const host = hostRef.current;
        if (cancelled || !host) return;
        const source = videoSource({ url, stream_url: streamUrl }, { online: navigator.onLine !== false, downloaded: stored });
        // video.js replaces the element it is given: hand it one React does not own.
        const element = document.createElement('video-js');
        element.classList.add('vjs-big-play-centered');
        host.dataset.source = source.kind;
        host.appendChild(element);
        const player = videojs(element, playerOptions(source, captionsUrl, posterUrl, autoplay));
        playerRef.current = player;
        player.on(LOADED_EVENTS, () => {
          loaded = true;
          window.clearTimeout(timer);
          setStatus('ready');
        });
        let fellBack = source.kind !== 'stream';
        player.on('error', () => {
          // A stream this browser cannot play (or a playlist that failed) before anything showed:
          // the MP4 once, within the same 5-second wait.
          if (!fellBack && !loaded) {
            fellBack = true;
            host.dataset.source = 'file';
            player.error(null);
            player.src({ src: url, type: MP4_TYPE });
            return;
          }
          setStatus('failed');
        });
        player.on('timeupdate', () => eventsRef.current.onTime(player.currentTime() ?? 0, player.duration() ?? 0));
        player.on('ended', () => eventsRef.current.onEnded());
      },
      () => {
        if (!cancelled) setStatus('failed');
      },
    );

    return () => {
      cancelled = true;
      window.clearTimeout(timer);
      const player = playerRef.current;
      playerRef.current = null;
      if (player && !player.isDisposed()) player.dispose();
    };
  }, [url, streamUrl, captionsUrl, posterUrl]);

  /** Where playback is now, for the report sent when the player closes. */
  const position = useCallback(() => {
    const player = playerRef.current;
    return { currentTime: player?.currentTime() ?? 0, duration: player?.duration() ?? 0 };
  }, []);

  return { hostRef, status, position };
}
