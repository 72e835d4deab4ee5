// video.js ships types for its full build only; its core build (core.es.js) has the same API.
declare module 'video.js/core.es.js' {
  export { default } from 'video.js';
}
