/** Shared test helpers: audio made with ffmpeg, temp folders, the built CLI, a ready service. */
export * from './audio.js';
export * from './fs.js';
export * from './cli.js';
export * from './service.js';
export * from './process.js';
export * from './failure.js';
export * from './clip-rows.js';
