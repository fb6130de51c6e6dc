// Regenerate the files generated from src/config/keys.ts: pipeline.config.json,
// pipeline.config.schema.json, the README's config reference and the options' docs
// (src/config/run-options.ts); and the README's list of
// accepted files from src/pipeline/run/input-types.ts. Run after `npm run build`:
//   node scripts/gen-config.mjs
import { readFileSync, writeFileSync } from 'node:fs';
import { configReferenceMarkdown, defaultConfigFile, generateConfigSchema, toJsonFile } from '../dist/config/index.js';
import { optionDocsSource } from '../dist/config/docs-source.js';
import { inputTypesMarkdown } from '../dist/pipeline/run/input-types.js';

writeFileSync('pipeline.config.json', toJsonFile(defaultConfigFile()));
writeFileSync('pipeline.config.schema.json', toJsonFile(generateConfigSchema()));
writeFileSync('src/config/run-options.ts', optionDocsSource());
/** Replace the text between `<!-- name:start -->` and `<!-- name:end -->` in the README. */
function section(text, name, body) {
  const start = `<!-- ${name}:start -->\n`;
  const end = `<!-- ${name}:end -->`;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from) throw new Error(`README.md lacks the ${name} markers`);
  return `${text.slice(0, from + start.length)}${body}${text.slice(to)}`;
}

let readme = readFileSync('README.md', 'utf8');
readme = section(readme, 'config-reference', configReferenceMarkdown());
readme = section(readme, 'input-types', inputTypesMarkdown());
writeFileSync('README.md', readme);
