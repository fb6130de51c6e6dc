/** The export formats' writers, and what each one holds. */
import type { ExportFormat } from './options.js';
import type { FormatWriter, WriterContext } from './sample.js';
import { createHfWriter } from './writers/hf.js';
import { createKaldiWriter } from './writers/kaldi.js';
import { createLhotseWriter } from './writers/lhotse.js';
import { createLjspeechWriter } from './writers/ljspeech.js';
import { createNemoWriter } from './writers/nemo.js';
import { createWebDatasetWriter } from './writers/webdataset.js';

/**
 * The formats: each one's writer, and whether it holds the clips (converted to --sample-rate and
 * --channels) or, like Kaldi, decodes the source recordings itself (to the target, in its pipes).
 */
export const FORMATS: Record<ExportFormat, { create: (ctx: WriterContext) => FormatWriter | Promise<FormatWriter>; holds: 'clips' | 'sources' }> = {
  hf: { create: createHfWriter, holds: 'clips' },
  nemo: { create: createNemoWriter, holds: 'clips' },
  ljspeech: { create: createLjspeechWriter, holds: 'clips' },
  kaldi: { create: createKaldiWriter, holds: 'sources' },
  lhotse: { create: createLhotseWriter, holds: 'clips' },
  webdataset: { create: createWebDatasetWriter, holds: 'clips' },
};
