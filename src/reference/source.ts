/**
 * Where each recording's reference comes from (`--transcripts <dir|file>`).
 *
 * A folder: for the recording `<rel>` (e.g. `book/ch01.mp3`) the reference is `<dir>/<rel>.txt`
 * (`book/ch01.mp3.txt`, how a run names its own transcripts/) or else `<dir>/<rel without its
 * extension>.txt` (`book/ch01.txt`). A file: a table of texts (src/reference/tables.ts) whose ids
 * name recordings: an id is the recording's path relative to the input folder, with or without its
 * extension, or its file name without extension when no other recording has that name.
 */
import { readdir, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { compareCodePoints } from '../code-point-order.js';
import { DictclipError } from '../errors.js';
import { readFileUpTo, sha256, sha256File } from '../files.js';
import { decodeUtf8, readReferenceFile, referenceFromText } from './read.js';
import type { Reference } from './read.js';
import { parseTable } from './tables.js';

/** The references of a run, found once, looked up per recording. */
export interface ReferenceSet {
  /** The reference of a recording (path relative to the input folder, `/`-separated), undefined when it has none. */
  find(relPath: string): (() => Promise<Reference>) | undefined;
  /** References that belong to no recording of the input, as names for skipped.csv. */
  unused: string[];
  /** `.txt` entries of a folder that cannot be read (a link that leads nowhere), with the reason, for skipped.csv. */
  unreadable: { relPath: string; reason: string }[];
  /** What a recording's reference would be named, in the order looked for (for a message naming them). */
  lookedFor(relPath: string): string[];
  /** Recordings with two reference files (`<rel>.txt` and `<rel without extension>.txt`): which one is used. */
  notes: string[];
  /** The reference files (absolute paths: a folder's texts, or the table file): the input folder's scan does not list them as skipped. */
  files: string[];
  /**
   * SHA-256 over every recording's reference (path and content hash, in path order): equal for
   * shards of one input with the same references, so a merge can check they were cut alike.
   */
  fingerprint: string;
}

/**
 * Open `location` (a folder of `.txt` files, or a table file) for the recordings `relPaths` (every
 * recording of the input folder, shards included: a reference of another shard's recording is used).
 * @throws DictclipError `E_CONFIG` (exit 2) when it does not exist, or a table cannot be read.
 */
export async function openReferences(location: string, relPaths: readonly string[]): Promise<ReferenceSet> {
  let info;
  try {
    info = await stat(location);
  } catch (error) {
    throw new DictclipError('E_CONFIG', `--transcripts: ${location} does not exist (give a folder of .txt reference transcripts, or a table file)`,
      { key: 'transcripts', path: location, cause: error });
  }
  return info.isDirectory() ? folderReferences(location, relPaths) : tableReferences(location, relPaths);
}

async function folderReferences(dir: string, relPaths: readonly string[]): Promise<ReferenceSet> {
  const listed = await listTexts(dir);
  const files = new Set(listed.files);
  const names = (relPath: string): [string, string] => [`${relPath}.txt`, `${relPath.slice(0, relPath.length - path.posix.extname(relPath).length)}.txt`];
  const chosen = (relPath: string): string | undefined => names(relPath).find((name) => files.has(name));
  const notes = [...relPaths].sort().flatMap((relPath) => {
    const [withExt, bare] = names(relPath);
    return withExt !== bare && files.has(withExt) && files.has(bare)
      ? [`${relPath} has two reference transcripts in ${dir}: ${withExt} is used, ${bare} is not (rename or remove one)`]
      : [];
  });
  const hashes: string[] = [];
  for (const relPath of [...relPaths].sort()) {
    const rel = chosen(relPath);
    if (rel !== undefined) hashes.push(`${relPath}\0${await sha256File(path.join(dir, ...rel.split('/')))}`);
  }
  return {
    fingerprint: sha256(hashes.join('\n')),
    find(relPath) {
      const rel = chosen(relPath);
      return rel === undefined ? undefined : () => readReferenceFile(path.join(dir, ...rel.split('/')));
    },
    unused: unusedOf([...files].sort(), new Set(relPaths.map(chosen)), (rel) => rel),
    unreadable: listed.unreadable,
    lookedFor: (relPath) => [...new Set(names(relPath))].map((name) => path.join(dir, ...name.split('/'))),
    notes,
    files: [...files].map((rel) => path.resolve(dir, ...rel.split('/'))),
  };
}

/**
 * Every `.txt` file under `dir`, relative, `/`-separated, hidden files and folders skipped. Links
 * are followed as the input scan follows them, relative ones included (the trees git-annex and DVC
 * make: `ch01.txt -> ../.git/annex/objects/…`), in code-point order, and a folder reached twice is
 * read once (by its first path); a `.txt`
 * link that leads nowhere is returned in `unreadable` with the reason.
 */
async function listTexts(dir: string): Promise<{ files: string[]; unreadable: { relPath: string; reason: string }[] }> {
  const out = { files: [] as string[], unreadable: [] as { relPath: string; reason: string }[] };
  const visited = new Set<string>();
  const walk = async (folder: string, rel: string): Promise<void> => {
    const real = await realpath(folder);
    if (visited.has(real)) return;
    visited.add(real);
    const entries = (await readdir(folder, { withFileTypes: true })).sort((a, b) => compareCodePoints(a.name, b.name));
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(folder, entry.name);
      const relPath = rel === '' ? entry.name : `${rel}/${entry.name}`;
      let kind: 'file' | 'folder' | undefined = entry.isDirectory() ? 'folder' : entry.isFile() ? 'file' : undefined;
      if (entry.isSymbolicLink()) {
        const target = await stat(full).catch((error: unknown) => (error as NodeJS.ErrnoException).code ?? 'unreadable');
        if (typeof target === 'string') {
          if (entry.name.endsWith('.txt')) out.unreadable.push({ relPath, reason: `reference transcript (--transcripts) is a link that cannot be followed (${target})` });
          continue;
        }
        kind = target.isDirectory() ? 'folder' : target.isFile() ? 'file' : undefined;
      }
      if (kind === 'folder') await walk(full, relPath);
      else if (kind === 'file' && entry.name.endsWith('.txt')) out.files.push(relPath);
    }
  };
  try {
    await walk(dir, '');
  } catch (error) {
    throw new DictclipError('E_CONFIG', `--transcripts: cannot read the folder ${dir}: ${(error as Error).message}`, { key: 'transcripts', path: dir, cause: error });
  }
  return out;
}

/** The largest table of references (`--transcripts` naming a .tsv, .csv or .json file) read, in bytes: 64 MiB. */
export const MAX_REFERENCE_TABLE_BYTES = 64 * 1024 * 1024;

async function tableReferences(file: string, relPaths: readonly string[]): Promise<ReferenceSet> {
  let bytes: Buffer | undefined;
  try {
    bytes = await readFileUpTo(file, MAX_REFERENCE_TABLE_BYTES);
  } catch (error) {
    throw new DictclipError('E_CONFIG', `--transcripts: cannot read ${file}: ${(error as Error).message}`, { key: 'transcripts', path: file, cause: error });
  }
  if (bytes === undefined) {
    throw new DictclipError('E_CONFIG', `--transcripts: the table ${file} is larger than ${MAX_REFERENCE_TABLE_BYTES.toLocaleString('en-US')} bytes, the most dictclip reads: split it`, { key: 'transcripts', path: file });
  }
  let rows;
  try {
    rows = parseTable(path.basename(file), decodeUtf8(file, bytes));
  } catch (error) {
    throw new DictclipError('E_CONFIG', `--transcripts: ${(error as Error).message}`, { key: 'transcripts', path: file, cause: error });
  }
  const byId = new Map(rows.map((row) => [normalizeId(row.id), row.text]));
  const names = namesOnce(relPaths);
  const idOf = (relPath: string): string | undefined => {
    const bare = relPath.slice(0, relPath.length - path.posix.extname(relPath).length);
    if (byId.has(relPath)) return relPath;
    if (byId.has(bare)) return bare;
    const name = path.posix.basename(bare);
    return byId.has(name) && names.get(name) === relPath ? name : undefined;
  };
  const texts = [...relPaths].sort().flatMap((relPath) => {
    const id = idOf(relPath);
    return id === undefined ? [] : [`${relPath}\0${sha256(byId.get(id)!)}`];
  });
  return {
    fingerprint: sha256(texts.join('\n')),
    find(relPath) {
      const id = idOf(relPath);
      return id === undefined ? undefined : () => Promise.resolve(referenceFromText(`${file}#${id}`, byId.get(id)!));
    },
    unused: unusedOf([...byId.keys()], new Set(relPaths.map(idOf)), (id) => `${path.basename(file)}#${id}`),
    unreadable: [],
    lookedFor(relPath) {
      const bare = relPath.slice(0, relPath.length - path.posix.extname(relPath).length);
      const name = path.posix.basename(bare);
      return [...new Set([relPath, bare, ...(names.get(name) === relPath ? [name] : [])])].map((id) => `${path.basename(file)}#${id}`);
    },
    notes: [],
    files: [path.resolve(file)],
  };
}

function unusedOf(all: readonly string[], used: ReadonlySet<string | undefined>, name: (key: string) => string): string[] {
  return all.filter((key) => !used.has(key)).map(name);
}

/** File names (without extension) that only one recording has, each to that recording. */
function namesOnce(relPaths: readonly string[]): Map<string, string> {
  const count = new Map<string, string | null>();
  for (const rel of relPaths) {
    const name = path.posix.basename(rel, path.posix.extname(rel));
    count.set(name, count.has(name) ? null : rel);
  }
  return new Map([...count].filter((entry): entry is [string, string] => entry[1] !== null));
}

/** An id as written in a table: `\` → `/`, a leading `./` dropped. */
function normalizeId(id: string): string {
  return id.replace(/\\/g, '/').replace(/^\.\//, '');
}
