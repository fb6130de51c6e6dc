/**
 * The default cap on one answer of a dictation service, shared by the client (src/client/limits.ts)
 * and the configuration key table (`maxResponseBytes`).
 *
 * It comes from the largest legitimate answer: the dictation XML of a 3-hour recording spoken at
 * 4 words a second (faster than fast speech: 43,200 word markers, their `wordMarkers` JSON escaped
 * inside the XML) is 6.7 MB. 64 MiB leaves ten times that.
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
