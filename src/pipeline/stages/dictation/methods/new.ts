/**
 * The new method (spec 2.2): the done dictation's `wordMarkers` entry, validated against its
 * `/text` (or, when they do not fit it, the text statistics' SubstitutedText or Transcription).
 */
import { DictclipError, isDictclipError } from '../../../../errors.js';
import { decodeNewMarkers, validateMarkers } from '../../../../markers/index.js';
import type { WordMarker } from '../../../../markers/index.js';
import { httpMethod, lastSegment } from './http-dictation.js';
import { callOptions } from './types.js';
import type { DictateContext } from './types.js';

export const NEW_METHOD = httpMethod('new', async (ctx, location, audioDurationMs) => {
  const call = callOptions(ctx);
  const dictationId = lastSegment(location);
  // The dictation (markers) and its text are fetched at once; the dictation's answer is judged first.
  const textAnswer = ctx.client.getText(location, call);
  textAnswer.catch(() => undefined);
  const details = await ctx.client.getDictation(location, call);
  if (details.canceled) {
    throw new DictclipError('E_DICTATION_CANCELED', `dictation ${dictationId} was canceled on the service`, { url: location });
  }
  ctx.onStage?.('markers');
  const raw = details.statsAsProperties.get('wordMarkers');
  if (raw === undefined) {
    throw new DictclipError('E_MARKERS_INVALID', `dictation ${dictationId} is done but has no wordMarkers entry`, { url: location });
  }
  const decoded = decodeNewMarkers(raw, { unit: ctx.markerUnit, audioDurationMs });
  ctx.onStage?.('dictate');
  const text = await textAnswer;
  ctx.onStage?.('markers');
  const result = await validateNew(ctx, location, decoded.markers, text, audioDurationMs);
  return { ...result, warnings: [...decoded.warnings, ...result.warnings] };
});

/**
 * Validate new-method markers against `/text`; when they do not fit it (a service whose markers
 * index the substituted text while `/text` gives the original), try the text statistics'
 * SubstitutedText and Transcription before reporting the first error.
 */
async function validateNew(ctx: DictateContext, location: string, markers: WordMarker[], text: string, audioDurationMs: number) {
  try {
    return validateMarkers(markers, { transcripts: [text], audioDurationMs });
  } catch (error) {
    if (!isDictclipError(error, 'E_MARKERS_INVALID')) throw error;
    const stats = await ctx.client.getTextStats(location, callOptions(ctx)).catch(() => undefined);
    const others = [stats?.get('SubstitutedText'), stats?.get('Transcription')].filter((t) => t !== undefined && t !== text);
    if (others.length === 0) throw error;
    try {
      return validateMarkers(markers, { transcripts: others, audioDurationMs });
    } catch {
      throw error;
    }
  }
}
