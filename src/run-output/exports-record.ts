/**
 * `<out>/.dictclip/exports.json`: the exports made of a run output (`dictclip export`, `run
 * --export`), each with the SHA-256 of the manifest.csv it was made from, so a later run that
 * changes the manifest (a re-cut with other options, references or corrections) can say which
 * exports are stale. An export folder in `<out>/exports/` without an entry (made before this
 * record existed, or `.dictclip/` deleted) is stale once a run changed anything.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sha256File, writeFileAtomic } from '../files.js';
import { EXPORTS_DIR, EXPORTS_RECORD_FILE, INTERNAL_DIR, MANIFEST_FILE } from './layout.js';

/** One export of the run output. */
export interface ExportEntry {
  /** Absolute folder of the export. */
  to: string;
  format: string;
  /** SHA-256 (hex) of manifest.csv when the export was made. */
  manifestSha256: string;
}

const recordPath = (outDir: string): string => path.resolve(outDir, INTERNAL_DIR, EXPORTS_RECORD_FILE);

/** `<outDir>/exports`: where exports go unless told otherwise. */
export function defaultExportsDir(outDir: string): string {
  return path.resolve(outDir, EXPORTS_DIR);
}

/** The recorded exports (none when there is no record, or it is unreadable). */
async function readExportEntries(outDir: string): Promise<ExportEntry[]> {
  try {
    const parsed = JSON.parse(await readFile(recordPath(outDir), 'utf8')) as { exports?: unknown };
    return Array.isArray(parsed.exports)
      ? parsed.exports.filter(
          (e): e is ExportEntry => typeof e?.to === 'string' && typeof e?.format === 'string' && typeof e?.manifestSha256 === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

/** SHA-256 of the run output's manifest.csv. @throws DictclipError `E_INPUT` when it cannot be read. */
export function manifestSha256(outDir: string): Promise<string> {
  return sha256File(path.resolve(outDir, MANIFEST_FILE));
}

/**
 * Record an export made from the manifest whose hash is `manifestSha256` (replacing an entry of the same folder). @throws DictclipError
 * `E_OUTPUT`.
 */
export async function recordExport(outDir: string, entry: ExportEntry): Promise<void> {
  const others = (await readExportEntries(outDir)).filter((e) => e.to !== entry.to);
  const exports = [...others, entry].sort((a, b) => (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));
  await writeFileAtomic(recordPath(outDir), `${JSON.stringify({ version: 1, exports }, null, 2)}\n`);
}

/**
 * The exports that no longer match the manifest (absolute folders): recorded ones made from
 * another manifest that still exist, and, when `changed` (the run re-cut, dictated or failed a
 * recording), folders of `<outDir>/exports/` with no record.
 */
export async function staleExports(outDir: string, changed: boolean): Promise<string[]> {
  const entries = await readExportEntries(outDir);
  const current = await manifestSha256(outDir);
  const present = new Set(await folders(defaultExportsDir(outDir)));
  const stale = new Set<string>();
  for (const entry of entries) if (entry.manifestSha256 !== current && (await exists(entry.to))) stale.add(entry.to);
  if (changed) for (const folder of present) if (!entries.some((e) => e.to === folder)) stale.add(folder);
  return [...stale].sort();
}

async function folders(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => path.join(dir, e.name));
  } catch {
    return [];
  }
}

async function exists(dir: string): Promise<boolean> {
  return readdir(dir).then(() => true, () => false);
}
