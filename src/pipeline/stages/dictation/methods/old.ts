/**
 * The old method (spec 4.6, 4.7, public notes): the audio and text statistics' marker pairs
 * (WordAudioMarkers, WordTextMarkers) over the transcript they index, each word with the text
 * statistics' `Confidence` when it is a number from 0 to 1, then the dictation's observer
 * de-registered (a failure there is a warning; the markers are kept).
 */
import { DictclipError, isDictclipError } from '../../../../errors.js';
import { chooseOldTranscript, decodeOldMarkers, validateMarkers } from '../../../../markers/index.js';
import { httpMethod } from './http-dictation.js';
import { callOptions } from './types.js';
import { withFields } from '../../../../with-fields.js';

export const OLD_METHOD = httpMethod('old', async (ctx, location, audioDurationMs) => {
  const call = callOptions(ctx);
  const audioStats = await ctx.client.getAudioStats(location, call);
  const textStats = await ctx.client.getTextStats(location, call);
  ctx.onStage?.('markers');
  const transcription = textStats.get('Transcription') ?? '';
  const substituted = textStats.get('SubstitutedText');
  const wordAudioMarkers = audioStats.get('WordAudioMarkers');
  const wordTextMarkers = textStats.get('WordTextMarkers');
  if (wordAudioMarkers === undefined || wordTextMarkers === undefined) {
    throw new DictclipError('E_MARKERS_INVALID', 'the statistics have no WordAudioMarkers or WordTextMarkers entry', { url: location });
  }
  // The pairs index the substituted text (our service) or the transcription: see chooseOldTranscript.
  const transcript = chooseOldTranscript(wordTextMarkers, [substituted, transcription]);
  const confidence = dictationConfidence(textStats.get('Confidence'));
  const decoded = decodeOldMarkers({ wordAudioMarkers, wordTextMarkers, transcript });
  const markers = confidence === undefined ? decoded : decoded.map((m) => withFields(m, { confidence }));
  const result = validateMarkers(markers, { transcripts: [transcript], audioDurationMs });
  const warnings = [...result.warnings];
  try {
    ctx.onStage?.('dictate');
    const observer = await ctx.client.getObserverUrl(location, call);
    await ctx.client.deregisterObserver(observer, call);
  } catch (error) {
    // An observer URL on another origin is a hostile answer, not a missed clean-up: the recording fails.
    if (ctx.signal?.aborted === true || isDictclipError(error, 'E_CROSS_ORIGIN')) throw error;
    const detail = error instanceof DictclipError ? error.describe() : String(error);
    warnings.push(`could not de-register the dictation observer (markers are kept): ${detail}`);
  }
  return { ...result, warnings };
});

/** The text statistics' `Confidence` (spec 2.5: one decimal for the dictation) when it is a number from 0 to 1; else none. */
export function dictationConfidence(value: string | undefined): number | undefined {
  if (value === undefined || !/^\s*(?:\d+(?:\.\d*)?|\.\d+)\s*$/.test(value)) return undefined;
  const n = Number(value);
  return n <= 1 ? n : undefined;
}
