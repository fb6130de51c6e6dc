#!/usr/bin/env node
// Bundles each browser page (src/report/page, src/review/page: TypeScript modules) into one
// classic script in dist/pages/ with esbuild: the QA report inlines report.js into its index.html
// (file:// runs no modules), the review server serves review.js. Part of `npm run build`; the
// tests bundle through it too (test/tiers/pages.ts). Type-checking is `npm run typecheck`'s
// (tsconfig.pages.json), not esbuild's.
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/** Bundle name in dist/pages/ → its entry module. */
export const PAGES = { 'report.js': 'src/report/page/main.ts', 'review.js': 'src/review/page/main.ts' };

/** Bundle every page into `<root>/dist/pages/`; each file is replaced whole (a reader never sees half of one). */
export async function buildPages(root = ROOT) {
  const out = join(root, 'dist', 'pages');
  await mkdir(out, { recursive: true });
  for (const [name, entry] of Object.entries(PAGES)) {
    const result = await build({
      entryPoints: [join(root, entry)], bundle: true, format: 'iife', platform: 'browser', target: ['es2020'],
      write: false, charset: 'utf8', legalComments: 'none', logLevel: 'silent',
    });
    const text = result.outputFiles[0].text;
    // The report inlines its script into index.html: nothing in it may close the element.
    if (/<\/script/i.test(text)) throw new Error(`${entry}: the bundle contains "</script"`);
    const temp = join(out, `.${name}.${process.pid}.tmp`);
    await writeFile(temp, text);
    await rename(temp, join(out, name));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  buildPages().catch((error) => {
    console.error(error.message ?? error);
    process.exitCode = 1;
  });
}
