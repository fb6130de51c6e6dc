/**
 * Documents generated from the key table: the JSON Schema of pipeline.config.json, the default
 * config file and the README's configuration reference.
 */
import { KEYS, type KeySpec } from './keys.js';

type JsonObject = Record<string, unknown>;

function propertySchema(spec: KeySpec): JsonObject {
  const schema: JsonObject = {};
  const type = spec.type;
  if (type.kind === 'int') {
    schema['type'] = 'integer';
    schema['minimum'] = type.min;
    if (type.max !== undefined) schema['maximum'] = type.max;
  } else if (type.kind === 'number') {
    schema['type'] = 'number';
    schema['minimum'] = type.min;
    schema['maximum'] = type.max;
  } else if (type.kind === 'bool') {
    schema['type'] = 'boolean';
  } else if (type.kind === 'list') {
    schema['type'] = 'array';
    schema['items'] = { type: 'string', minLength: 1 };
  } else if (type.kind === 'set') {
    schema['type'] = 'array';
    schema['items'] = { type: 'string', enum: [...type.values, 'all'] };
    schema['minItems'] = 1;
  } else if (type.kind === 'enum') {
    schema['type'] = 'string';
    schema['enum'] = [...type.values];
  } else {
    schema['type'] = 'string';
    schema['minLength'] = 1;
    if (type.kind === 'string' && type.format === 'url') {
      schema['format'] = 'uri';
      schema['pattern'] = '^https?://';
    }
    if (type.kind === 'string' && type.format === 'regex') schema['format'] = 'regex';
    if (type.kind === 'string' && type.format === 'filename') schema['pattern'] = '^[^./\\\\][^/\\\\]*$';
    if (type.kind === 'string' && type.format === 'shard') schema['pattern'] = '^(auto|[0-9]+)/[0-9]+$';
    if (type.kind === 'string' && type.format === 'channel') schema['pattern'] = '^([Mm][Ii][Xx]|[Ll][Ee][Ff][Tt]|[Rr][Ii][Gg][Hh][Tt]|[1-9]|[1-5][0-9]|6[0-4])$';
  }
  if (spec.default !== undefined) schema['default'] = spec.default;
  else schema['type'] = [schema['type'], 'null']; // null: not set, the computed or unset default applies
  const relative = type.kind === 'path' ? ' Relative paths resolve against this file\'s folder.' : '';
  const computed = spec.default === undefined && spec.defaultText !== undefined && spec.defaultText !== '—'
    ? ` Default: ${spec.defaultText}.` : '';
  schema['description'] = `${spec.description}${relative}${computed} Environment: ${spec.env.join(', ')}; flag --${spec.flag}.`;
  return schema;
}

/** The JSON Schema (draft-07) of pipeline.config.json, as committed in pipeline.config.schema.json. */
export function generateConfigSchema(): JsonObject {
  const properties: JsonObject = {
    $schema: { type: 'string', description: 'Path or URL of this schema (ignored by dictclip).' },
  };
  for (const spec of KEYS) properties[spec.key] = propertySchema(spec);
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'dictclip pipeline.config.json',
    description:
      'Settings of `dictclip run`. Precedence: defaults < this file < DICTCLIP_* environment variables < flags. ' +
      'Secrets (username, password, API key) are never read from this file: set DICTCLIP_USERNAME with ' +
      'DICTCLIP_PASSWORD or DICTCLIP_API_KEY in the environment.',
    type: 'object',
    properties,
    patternProperties: { '^\\$': {} },
    additionalProperties: false,
  };
}

/** The committed pipeline.config.json: every key, with its fixed default or null (not set). */
export function defaultConfigFile(): JsonObject {
  const file: JsonObject = { $schema: './pipeline.config.schema.json' };
  for (const spec of KEYS) file[spec.key] = spec.default ?? null;
  return file;
}

/** Serialize like the committed files: two-space JSON with a final newline. */
export function toJsonFile(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** How a default reads in docs and help: `4`, `'nvoq'`, `false`, or the computed description. */
export function defaultLabel(spec: Pick<KeySpec<string>, 'default' | 'defaultText'>): string {
  if (spec.default === undefined) return spec.defaultText ?? '—';
  return typeof spec.default === 'string' ? `'${spec.default}'` : String(spec.default);
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

function code(text: string): string {
  return text.includes('`') ? text : `\`${text}\``;
}

/** What a key affects, as the README table says it (a resumed run redoes that part). */
function affectsLabel(spec: KeySpec): string {
  const what = spec.affects === 'nothing' ? '—' : spec.affects;
  return spec.appliesTo === 'cli' ? `${what}, CLI only` : what;
}

/** The README's configuration reference (Markdown table: key, env, flag, default, affects, description). */
export function configReferenceMarkdown(): string {
  const lines = ['| Key | Environment | Flag | Default | Affects | Description |', '|---|---|---|---|---|---|'];
  for (const spec of KEYS) {
    const flag = spec.type.kind === 'bool' ? `\`--${spec.flag}\`` : `\`--${spec.flag} ${spec.placeholder ?? '<value>'}\``;
    const type = spec.type;
    const allowed = type.kind === 'enum' ? ` One of ${type.values.map((v) => `\`${v}\``).join(', ')}.`
      : type.kind === 'set' ? ` Some of ${type.values.map((v) => `\`${v}\``).join(', ')}, or \`all\`.`
      : type.kind === 'int' ? (type.max === undefined ? ` At least ${type.min}.` : ` Range ${type.min}–${type.max}.`)
      : type.kind === 'number' ? ` Range ${type.min}–${type.max}.` : '';
    const defaultText = spec.default === undefined ? (spec.defaultText ?? '—') : code(defaultLabel(spec));
    lines.push(
      `| \`${spec.key}\` | ${spec.env.map((e) => `\`${e}\``).join(', ')} | ${cell(flag)} | ${cell(defaultText)} | ${affectsLabel(spec)} | ${cell(spec.description + allowed)} |`,
    );
  }
  return `${lines.join('\n')}\n`;
}
