// hls.js publishes its light build (no subtitles, alternate audio, DRM or CMCD: ~65 KB gzip less)
// at 'hls.js/light' without types of its own; they are the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
