// Regenerate the files generated from src/config/keys.ts: pipeline.config.json,
// pipeline.config.schema.json and the README's config reference. Run after `npm run build`:
//   node scripts/gen-config.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { configReferenceMarkdown, defaultConfigFile, generateConfigSchema, toJsonFile } from '../dist/config/index.js';

writeFileSync('pipeline.config.json', toJsonFile(defaultConfigFile()));
writeFileSync('pipeline.config.schema.json', toJsonFile(generateConfigSchema()));
const readme = readFileSync('README.md', 'utf8');
const start = '<!-- config-reference:start -->\n';
const end = '<!-- config-reference:end -->';
const from = readme.indexOf(start);
const to = readme.indexOf(end);
if (from < 0 || to < from) throw new Error('README.md lacks the config-reference markers');
writeFileSync('README.md', `${readme.slice(0, from + start.length)}${configReferenceMarkdown()}${readme.slice(to)}`);
