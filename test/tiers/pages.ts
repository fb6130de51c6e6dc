/**
 * Vitest global setup: bundle the browser pages (scripts/build-pages.mjs) into dist/pages/ before
 * any test runs, so the report and review tests, which run the TypeScript sources, serve the page
 * scripts of these sources too and never a stale build.
 */
// @ts-expect-error -- a Node script without types; its one export is documented there.
import { buildPages } from '../../scripts/build-pages.mjs';

export default async function setup(): Promise<void> {
  await (buildPages as () => Promise<void>)();
}
