/**
 * Readers of each export format written from the formats' own documented conventions, not from
 * the writers: they return, per split, the clips as { id, text, source, seconds } so the tests can
 * compare formats with each other and with the manifest, and they throw on any rule a loader or
 * validator of that ecosystem would reject.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { parse } from 'csv-parse/sync';
import tar from 'tar-stream';

/** A clip read back: `wav` is its file's rate, channels and frames (what the format's own metadata must agree with). */
export interface ReadClip { id: string; text: string; source: string; seconds: number; file?: string; wav?: WavFacts }
export interface WavFacts { rate: number; channels: number; samples: number }
export type ReadSplits = Record<string, ReadClip[]>;

function fail(message: string): never {
  throw new Error(message);
}

/** A PCM WAV's rate, channels and sample count from its RIFF chunks (header size may be unknown). */
export function wavFacts(bytes: Buffer): WavFacts {
  if (bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') fail('not a RIFF/WAVE file');
  let offset = 12;
  let rate = 0;
  let channels = 0;
  let bits = 0;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('latin1', offset, offset + 4);
    const size = bytes.readUInt32LE(offset + 4);
    if (id === 'fmt ') {
      channels = bytes.readUInt16LE(offset + 10);
      rate = bytes.readUInt32LE(offset + 12);
      bits = bytes.readUInt16LE(offset + 22);
    }
    if (id === 'data') {
      const available = bytes.length - offset - 8;
      const dataBytes = size === 0xffffffff || size > available ? available : size;
      return { rate, channels, samples: dataBytes / (channels * (bits / 8)) };
    }
    offset += 8 + size + (size % 2);
  }
  return fail('no data chunk');
}

const fileFacts = (file: string): WavFacts => wavFacts(readFileSync(file));
const wavSeconds = (file: string): number => {
  const f = fileFacts(file);
  return f.samples / f.rate;
};

/** Metadata that states a sample rate and channel count must state the file's. */
function checkStated(what: string, stated: { sample_rate?: unknown; channels?: unknown }, facts: WavFacts): void {
  if (stated.sample_rate === undefined && stated.channels === undefined) return;
  if (Number(stated.sample_rate) !== facts.rate || Number(stated.channels) !== facts.channels) {
    fail(
      `${what}: states ${String(stated.sample_rate)} Hz, ${String(stated.channels)} ch; the file has ${facts.rate} Hz, ${facts.channels} ch`,
    );
  }
}
/** Hugging Face audiofolder: `<split>/metadata.csv` with a `file_name` column relative to the csv. */
export function readHf(dir: string): ReadSplits {
  const out: ReadSplits = {};
  for (const split of readdirSync(dir).filter((d) => statSync(path.join(dir, d)).isDirectory())) {
    if (!['train', 'validation', 'test'].includes(split)) fail(`unexpected split folder ${split}`);
    const rows = parse(readFileSync(path.join(dir, split, 'metadata.csv')), { columns: true }) as Record<string, string>[];
    out[split] = rows.map((row) => {
      const file = path.join(dir, split, row['file_name'] ?? fail('no file_name'));
      if (!existsSync(file)) fail(`hf: ${file} missing`);
      const wav = fileFacts(file);
      checkStated(`hf ${file}`, row, wav);
      return {
        id: path.basename(file, '.wav'),
        text: row['text'] ?? '',
        source: row['source'] ?? '',
        seconds: wav.samples / wav.rate,
        file,
        wav,
      };
    });
  }
  return out;
}

/** NeMo: `<split>_manifest.json`, JSON lines; audio_filepath relative to the manifest folder. */
export function readNemo(dir: string): ReadSplits {
  const out: ReadSplits = {};
  for (const name of readdirSync(dir).filter((f) => f.endsWith('_manifest.json'))) {
    const split = name.replace(/_manifest\.json$/, '');
    out[split] = readFileSync(path.join(dir, name), 'utf8').trimEnd().split('\n').map((line) => {
      const item = JSON.parse(line) as { audio_filepath: string; duration: number; text: string; source: string };
      const file = path.isAbsolute(item.audio_filepath) ? item.audio_filepath : path.join(dir, item.audio_filepath);
      if (typeof item.duration !== 'number' || typeof item.text !== 'string') fail('nemo: duration must be a number, text a string');
      if (Math.abs(wavSeconds(file) - item.duration) > 1e-9) fail(`nemo: duration ${item.duration} ≠ the file's`);
      return { id: path.basename(file, '.wav'), text: item.text, source: item.source, seconds: item.duration, file, wav: fileFacts(file) };
    });
  }
  return out;
}

/** LJSpeech: `metadata.csv` `id|text|normalized_text`, no header; `wavs/<id>.wav`; split id lists. */
export function readLjspeech(dir: string, sources: Map<string, string>): ReadSplits {
  const all = readFileSync(path.join(dir, 'metadata.csv'), 'utf8').trimEnd().split('\n').map((line) => {
    const fields = line.split('|');
    if (fields.length !== 3) fail(`ljspeech: ${JSON.stringify(line)} has ${fields.length} fields`);
    const [id = '', text = ''] = fields;
    const file = path.join(dir, 'wavs', `${id}.wav`);
    return { id, text, source: sources.get(id) ?? '', seconds: wavSeconds(file), file, wav: fileFacts(file) };
  });
  const lists = readdirSync(dir).filter((f) => /^(train|dev|test)\.txt$/.test(f));
  if (lists.length === 0) return { train: all };
  const byId = new Map(all.map((c) => [c.id, c]));
  return Object.fromEntries(
    lists.map((f) => [
      f.replace('.txt', ''),
      readFileSync(path.join(dir, f), 'utf8')
        .trimEnd()
        .split('\n')
        .map((id) => byId.get(id) ?? fail(`ljspeech: ${id} listed but not in metadata.csv`)),
    ]),
  );
}

const cSorted = (lines: string[]): boolean =>
  lines.every((l, i) => i === 0 || Buffer.compare(Buffer.from(lines[i - 1]!), Buffer.from(l)) < 0);

function kaldiTable(file: string): Map<string, string> {
  const lines = readFileSync(file, 'utf8').split('\n');
  if (lines.pop() !== '') fail(`kaldi: ${file} does not end with a newline`);
  if (!cSorted(lines)) fail(`kaldi: ${file} is not sorted in C order with unique lines`);
  const table = new Map<string, string>();
  for (const line of lines) {
    const space = line.indexOf(' ');
    if (space <= 0) fail(`kaldi: ${file}: ${JSON.stringify(line)} has no key`);
    const key = line.slice(0, space);
    if (table.has(key)) fail(`kaldi: ${file}: duplicate key ${key}`);
    table.set(key, line.slice(space + 1));
  }
  return table;
}

/**
 * Kaldi data folders, checked as utils/validate_data_dir.sh does (sorted, unique, utt2spk ⇔
 * spk2utt, the same utterances in text/segments/utt2spk, segment recordings in wav.scp, start <
 * end), plus: utterance ids begin with their speaker id. Returns recording → wav.scp entry too.
 */
export function readKaldi(dir: string): {
  splits: ReadSplits;
  wavScp: Map<string, string>;
  segments: Map<string, [string, number, number]>;
} {
  const splits: ReadSplits = {};
  const wavScp = new Map<string, string>();
  const segmentsAll = new Map<string, [string, number, number]>();
  for (const split of readdirSync(dir).filter((d) => statSync(path.join(dir, d)).isDirectory())) {
    const t = (name: string): Map<string, string> => kaldiTable(path.join(dir, split, name));
    const [wav, segments, text, utt2spk, spk2utt] = [t('wav.scp'), t('segments'), t('text'), t('utt2spk'), t('spk2utt')];
    const utts = [...utt2spk.keys()];
    for (const other of [segments, text])
      if (JSON.stringify([...other.keys()]) !== JSON.stringify(utts)) fail('kaldi: text/segments/utt2spk utterances differ');
    const inverse = new Map<string, string>();
    for (const [spk, list] of spk2utt) for (const utt of list.split(' ')) inverse.set(utt, spk);
    if (inverse.size !== utt2spk.size || [...utt2spk].some(([u, s]) => inverse.get(u) !== s))
      fail('kaldi: spk2utt is not the inverse of utt2spk');
    for (const [utt, spk] of utt2spk) if (!utt.startsWith(`${spk}-`)) fail(`kaldi: ${utt} does not begin with its speaker ${spk}`);
    splits[split] = utts.map((utt) => {
      const [rec = '', start = '', end = ''] = (segments.get(utt) ?? '').split(' ');
      if (!wav.has(rec)) fail(`kaldi: segment recording ${rec} not in wav.scp`);
      const s = Number(start);
      const e = Number(end);
      if (!(s >= 0 && e > s)) fail(`kaldi: bad segment ${utt} ${start} ${end}`);
      segmentsAll.set(utt, [rec, s, e]);
      return { id: utt, text: text.get(utt) ?? '', source: rec, seconds: e - s };
    });
    for (const [rec, entry] of wav) wavScp.set(rec, entry);
  }
  return { splits, wavScp, segments: segmentsAll };
}

/** Run a wav.scp pipe entry (`… |`) with sh and return the WAV it writes. */
export function runPipeEntry(entry: string): Buffer {
  if (!entry.endsWith('|')) fail(`not a pipe: ${entry}`);
  return execFileSync('sh', ['-c', entry.slice(0, -1)], { maxBuffer: 1 << 28 });
}

interface LhotseRecording {
  id: string;
  sources: { type: string; channels: number[]; source: string }[];
  sampling_rate: number;
  num_samples: number;
  duration: number;
  channel_ids: number[];
}
interface LhotseSupervision {
  id: string;
  recording_id: string;
  start: number;
  duration: number;
  text: string;
  speaker: string;
  alignment?: { word: { symbol: string; start: number; duration: number }[] };
  custom: { source: string };
}

export const jsonLinesGz = <T,>(file: string): T[] =>
  gunzipSync(readFileSync(file))
    .toString('utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as T);

/** lhotse: `<split>/recordings.jsonl.gz` + `<split>/supervisions.jsonl.gz` in its manifest schema. */
export function readLhotse(dir: string): { splits: ReadSplits; supervisions: LhotseSupervision[] } {
  const splits: ReadSplits = {};
  const supervisionsAll: LhotseSupervision[] = [];
  for (const split of readdirSync(dir).filter((d) => statSync(path.join(dir, d)).isDirectory())) {
    const recordings = new Map(jsonLinesGz<LhotseRecording>(path.join(dir, split, 'recordings.jsonl.gz')).map((r) => [r.id, r]));
    for (const r of recordings.values()) {
      const [source] = r.sources;
      // As lhotse's with_path_prefix(dir): a relative path is joined to the export folder.
      const file = source === undefined ? '' : path.resolve(dir, source.source);
      if (r.sources.length !== 1 || source?.type !== 'file' || !existsSync(file))
        fail(`lhotse: recording ${r.id} has no readable file source`);
      const facts = wavFacts(readFileSync(file));
      if (
        facts.rate !== r.sampling_rate ||
        facts.samples !== r.num_samples ||
        facts.channels !== r.channel_ids.length ||
        Math.abs(r.duration - r.num_samples / r.sampling_rate) > 1e-9
      )
        fail(`lhotse: recording ${r.id} header mismatch`);
    }
    const supervisions = jsonLinesGz<LhotseSupervision>(path.join(dir, split, 'supervisions.jsonl.gz'));
    splits[split] = supervisions.map((s) => {
      const rec = recordings.get(s.recording_id) ?? fail(`lhotse: supervision ${s.id} names no recording`);
      if (s.start < 0 || s.start + s.duration > rec.duration + 1e-9) fail(`lhotse: supervision ${s.id} outside its recording`);
      for (const w of s.alignment?.word ?? []) {
        if (Object.keys(w).join(',') !== 'symbol,start,duration') fail('lhotse: alignment items must be symbol, start, duration in order');
        if (w.start < 0 || w.start + w.duration > rec.duration + 1e-9) fail(`lhotse: word ${w.symbol} outside its recording`);
      }
      supervisionsAll.push(s);
      const file = path.resolve(dir, rec.sources[0]?.source ?? '');
      return { id: s.id, text: s.text, source: s.custom.source, seconds: s.duration, file, wav: fileFacts(file) };
    });
  }
  return { splits, supervisions: supervisionsAll };
}

/** Members of a tar, in order, read with tar-stream's extractor. */
export async function tarMembers(file: string): Promise<{ name: string; data: Buffer; mtime: number; uid: number }[]> {
  const extract = tar.extract();
  const members: { name: string; data: Buffer; mtime: number; uid: number }[] = [];
  const done = new Promise<void>((resolve, reject) => {
    extract.on('entry', (header, stream, next) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: unknown) => { chunks.push(c as Buffer); });
      stream.on('end', () => {
        members.push({ name: header.name, data: Buffer.concat(chunks), mtime: header.mtime?.getTime() ?? -1, uid: header.uid ?? -1 });
        next();
      });
      stream.resume();
    });
    extract.on('finish', resolve);
    extract.on('error', reject);
  });
  extract.end(readFileSync(file));
  await done;
  return members;
}

/**
 * WebDataset: `<split>/shard-*.tar`; a sample's members are consecutive and share the key (the
 * basename up to its first dot); each sample has .wav, .json and .txt.
 */
export async function readWebDataset(dir: string, shardSize: number): Promise<ReadSplits> {
  const out: ReadSplits = {};
  for (const split of readdirSync(dir).filter((d) => statSync(path.join(dir, d)).isDirectory())) {
    const clips: ReadClip[] = [];
    const seen = new Set<string>();
    for (const shard of readdirSync(path.join(dir, split)).sort()) {
      if (!/^shard-\d{6}\.tar$/.test(shard)) fail(`webdataset: unexpected file ${shard}`);
      const members = await tarMembers(path.join(dir, split, shard));
      let samples = 0;
      for (let i = 0; i < members.length; i += 3) {
        const group = members.slice(i, i + 3);
        const keys = group.map((m) => m.name.slice(0, m.name.indexOf('.')));
        const key = keys[0] ?? '';
        if (keys.some((k) => k !== key) || seen.has(key)) fail(`webdataset: sample ${key} not consecutive or repeated`);
        seen.add(key);
        const byExt = new Map(group.map((m) => [m.name.slice(m.name.indexOf('.') + 1), m]));
        if ([...byExt.keys()].sort().join(',') !== 'json,txt,wav') fail(`webdataset: ${key} has ${[...byExt.keys()].join(',')}`);
        for (const m of group) if (m.mtime !== 0 || m.uid !== 0) fail('webdataset: tar headers are not fixed');
        const json = JSON.parse(byExt.get('json')!.data.toString('utf8')) as {
          text: string;
          source: string;
          sample_rate?: number;
          channels?: number;
        };
        const text = byExt.get('txt')!.data.toString('utf8');
        if (json.text !== text) fail(`webdataset: ${key}.txt ≠ ${key}.json text`);
        const facts = wavFacts(byExt.get('wav')!.data);
        checkStated(`webdataset ${key}`, json, facts);
        clips.push({ id: key, text, source: json.source, seconds: facts.samples / facts.rate, wav: facts });
        samples += 1;
      }
      if (samples > shardSize) fail(`webdataset: ${shard} holds ${samples} > ${shardSize} samples`);
    }
    out[split] = clips;
  }
  return out;
}
