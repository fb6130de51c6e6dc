/** The package version, read from package.json next to src/ or dist/. */
import { readFileSync } from 'node:fs';

export function packageVersion(): string {
  const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  const data = JSON.parse(text) as { version?: unknown };
  return typeof data.version === 'string' ? data.version : '0.0.0';
}
