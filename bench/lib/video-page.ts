// The video step's page, written into the build folder while the step runs (as Lighthouse's
// baseline page is) so the app's own server serves it from the media's origin, under the app's
// CSP: video.js's full build (its VHS engine), the app's version from node_modules, one
// 1280×720 player, and a log of what the <video> element did, in ms since play() was called.
import { copyFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const VIDEO_PAGE_PATH = '/bench-video.html';
const FILES = ['bench-video.html', 'bench-video.js', 'bench-video-videojs.min.js'];

const HTML = `<!doctype html>
<html lang="es"><head><meta charset="utf-8"><title>bench vídeo</title>
<script src="/bench-video-videojs.min.js"></script>
<script src="/bench-video.js"></script>
</head><body style="margin:0;background:#000"></body></html>
`;

// Runs in the page. `benchVideo.start(src, type, vhs)` creates the player, sets the source and
// calls play() in the same task (a cold start: nothing was preloaded); `benchVideo.report()`
// answers the log and the position.
const SCRIPT = `'use strict';
(function () {
  var log = [];
  var t0 = 0;
  var player = null;
  var video = null;
  var frames = 0;
  function now() { return Math.round(performance.now() - t0); }
  function push(type, extra) { var e = { t: now(), type: type }; if (extra) for (var k in extra) e[k] = extra[k]; log.push(e); }
  function watchRenditions() {
    var tech = player.tech(true);
    var vhs = tech && tech.vhs;
    if (!vhs || !vhs.playlists || vhs.__benchWatched) return;
    vhs.__benchWatched = true;
    var note = function () {
      var media = vhs.playlists.media();
      var a = (media && media.attributes) || {};
      push('rendition', { height: a.RESOLUTION ? a.RESOLUTION.height : undefined, bandwidth: a.BANDWIDTH });
    };
    vhs.playlists.on('mediachange', note);
    if (vhs.playlists.media()) note();
  }
  window.benchVideo = {
    start: function (src, type, vhs) {
      var el = document.createElement('video');
      el.className = 'video-js';
      el.muted = true;
      el.setAttribute('playsinline', '');
      document.body.appendChild(el);
      player = videojs(el, { controls: false, muted: true, preload: 'auto', width: 1280, height: 720, html5: { vhs: vhs, nativeAudioTracks: false, nativeVideoTracks: false } });
      video = player.tech(true).el();
      ['waiting', 'playing', 'stalled', 'pause', 'ended', 'canplay', 'loadedmetadata', 'seeking', 'seeked'].forEach(function (name) {
        video.addEventListener(name, function () { push(name); });
      });
      video.addEventListener('resize', function () { push('resize', { height: video.videoHeight }); });
      video.addEventListener('error', function () { push('error', { detail: String(video.error && video.error.message || video.error && video.error.code) }); });
      player.on('error', function () { var e = player.error(); push('error', { detail: e ? e.code + ' ' + e.message : '?' }); });
      var onFrame = function () { frames += 1; if (frames === 1) push('first-frame'); video.requestVideoFrameCallback(onFrame); };
      t0 = performance.now();
      player.src({ src: src, type: type });
      video.requestVideoFrameCallback(onFrame);
      var played = player.play();
      if (played && played.catch) played.catch(function (e) { push('error', { detail: 'play(): ' + e }); });
      setTimeout(watchRenditions, 0);
      player.on('loadedmetadata', watchRenditions);
      return true;
    },
    mark: function (type) { push(type); return now(); },
    report: function () {
      watchRenditions();
      return { events: log.slice(), now: now(), currentTime: video ? video.currentTime : 0, frames: frames };
    },
  };
})();
`;

/** Writes the page into `distDir`; answers a function that removes it. */
export function writeVideoPage(distDir: string): () => void {
  const require = createRequire(import.meta.url);
  const videojsDir = dirname(require.resolve('video.js/package.json'));
  writeFileSync(join(distDir, FILES[0]!), HTML);
  writeFileSync(join(distDir, FILES[1]!), SCRIPT);
  // The full build: video.js with VHS (video.core.js is the one without it).
  copyFileSync(join(videojsDir, 'dist', 'video.min.js'), join(distDir, FILES[2]!));
  return () => {
    for (const file of FILES) rmSync(join(distDir, file), { force: true });
  };
}

/** The app's video.js version (package.json's range resolved in node_modules). */
export function videojsVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('video.js/package.json') as { version: string }).version;
}
