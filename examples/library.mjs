// dictclip as a library: run a folder, build the QA report, export a Hugging Face dataset.
// Usage (after npm run build, from the repository): node examples/library.mjs <input-dir> <out-dir>
import { buildReport, exportDataset, isDictclipError, runPipeline } from 'dictclip';

const [inputDir = 'samples', outDir = 'out-library'] = process.argv.slice(2);
try {
  const result = await runPipeline(
    { inputDir, outDir, padBeforeMs: 50, padAfterMs: 50, snapMs: 60 },
    {
      onRecordingDone: ({ source, clips }) => console.log(`done ${source} (${clips} clips)`),
      onRecordingFailed: ({ source, code, message }) => console.error(`failed ${source}: ${code} ${message}`),
      onWarning: ({ source, message }) => console.error(`warning ${source ?? ''}: ${message}`),
    },
  );
  console.log(`${result.summary.clips} clips, manifest ${result.manifestPath}`);
  // runPipeline writes no QA report: `dictclip run` calls buildReport after it, as here.
  console.log(`report ${await buildReport(outDir)}`);
  const hf = await exportDataset({ runDir: outDir, format: 'hf' });
  console.log(`hf export ${hf.to}: ${hf.splits.train?.clips ?? 0} clips in train`);
  process.exitCode = result.summary.failed > 0 ? 1 : 0;
} catch (error) {
  // Every failure is a DictclipError with a stable code (ERROR_CODES).
  console.error(isDictclipError(error) ? `${error.code}: ${error.message}` : error);
  process.exitCode = 2;
}
