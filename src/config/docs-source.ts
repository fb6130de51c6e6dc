/**
 * The source of src/config/run-options.ts: the {@link RunOptions} interface, one field per
 * library key of the table, its type written from the row's type and default and its JSDoc from
 * the row's description and default, as the README table and the help are. `node
 * scripts/gen-config.mjs` writes it; tests check the committed file is this and that its types are
 * the ones src/config/keys.ts derives (OptionValue).
 */
import { KEYS, type KeySpec } from './keys.js';
import { defaultLabel } from './schema.js';

/** The fields no key describes: the folders (command-line arguments) and the credentials (never in a config file). */
const HEAD = `// Generated from src/config/keys.ts by \`node scripts/gen-config.mjs\` (src/config/docs-source.ts): do not edit.
import type { Credentials } from '../credentials.js';

/**
 * Options of runPipeline, as a library user passes them: only \`inputDir\` and \`outDir\` are
 * required; every other field defaults from the key table (src/config/keys.ts, the same defaults
 * as the CLI's). The library reads no environment variable: credentials, fault drills and the
 * ffmpeg binary are options here (the CLI maps DICTCLIP_* and FFMPEG_PATH into them). Values are
 * validated against the key table (\`E_CONFIG\` naming the option). The CLI-only keys (\`quiet\`,
 * \`report\`, \`supercut\`, \`supercutGapMs\`, \`supercutAudioOnly\`, \`padMs\`) are not options of
 * runPipeline.
 */
export interface RunOptions {
  /** Folder of recordings, scanned recursively. */
  readonly inputDir: string;
  /** Output folder (clips, manifest.csv, transcripts/, markers/, failures.csv, summary.json). */
  readonly outDir: string;
  /**
   * Credentials for a remote service (\`baseUrl\`). Required with \`baseUrl\` (\`E_CREDENTIALS_MISSING\`
   * without them, whatever the environment holds); ignored by the embedded service, which makes
   * its own account.
   * @default undefined
   */
  readonly credentials?: Credentials | undefined;
`;

/** The TypeScript type of a key's value, as written in the generated file. */
function typeText(spec: KeySpec): string {
  const { type } = spec;
  const base = type.kind === 'enum' ? type.values.map((v) => `'${v}'`).join(' | ')
    : type.kind === 'set' ? `readonly (${[...type.values, 'all'].map((v) => `'${v}'`).join(' | ')})[]`
      : type.kind === 'int' || type.kind === 'number' ? 'number' : type.kind === 'bool' ? 'boolean' : type.kind === 'list' ? 'readonly string[]' : 'string';
  return spec.default === undefined && spec.computed !== true ? `${base} | undefined` : base;
}

/** What a key affects, for its doc. */
function affectsText(spec: KeySpec): string {
  return spec.affects === 'dictation' ? 'Changing it dictates again.' : spec.affects === 'clips' ? 'Changing it re-cuts from the saved markers.'
    : spec.affects === 'selection' ? 'Changing it redoes nothing; run.json records it when set, and merge refuses shards made with other values.' : '';
}

/** `text` as comment lines after `prefix`, each at most 140 characters, broken at spaces. */
function wrapped(prefix: string, text: string): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && prefix.length + line.length + 1 + word.length > 140) {
      out.push(prefix + line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...out, prefix + line];
}

/** The generated file, as it must be committed. */
export function optionDocsSource(): string {
  const lines = [HEAD.trimEnd()];
  for (const spec of KEYS) {
    if (spec.appliesTo !== 'library') continue;
    const description = `${spec.description} ${affectsText(spec)}`.trim().replace(/\*\//g, '*\\/');
    lines.push('  /**', ...wrapped('   * ', description), `   * @default ${defaultLabel(spec)}`, '   */', `  readonly ${spec.key}?: ${typeText(spec)};`);
  }
  lines.push('}', '');
  return lines.join('\n');
}
