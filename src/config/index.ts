/** Configuration: the key table, the loader and the generated documents. */
export { KEYS, keySpec, isConfigKey, defaultValues, kebab, upperSnake } from './keys.js';
export type { ConfigKey, KeySpec, KeyType } from './keys.js';
export { loadRunOptions, CONFIG_FILE_NAME } from './load.js';
export type { LoadOptions, LoadedRunOptions } from './load.js';
export { resolveOptions } from './resolve.js';
export { generateConfigSchema, defaultConfigFile, configReferenceMarkdown, defaultLabel, toJsonFile } from './schema.js';
export { closest, editDistance } from './suggest.js';
