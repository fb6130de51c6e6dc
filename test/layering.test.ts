/**
 * The runtime import graph of src/: no cycles, and rooms import only downwards (docs/design.md,
 * "Layering"). Each file is transpiled with TypeScript exactly as the build does, so type-only
 * imports (`import type`, `import { type X }`) are elided the way they are in dist/ and only the
 * imports that really run are counted.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const IMPORT =
  /(?:^|[;\n])\s*(?:import|export)\s[^'"]*?from\s*['"](\.[^'"]+)['"]|(?:^|[;\n])\s*import\s*['"](\.[^'"]+)['"]|\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

/** Runtime imports of one file, as src-relative paths of .ts files. */
function runtimeImports(file: string): string[] {
  const js = ts.transpileModule(readFileSync(file, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    fileName: file,
  }).outputText;
  const out: string[] = [];
  for (const match of js.matchAll(IMPORT)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (spec === undefined) continue;
    const target = path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts');
    out.push(path.relative(SRC, target));
  }
  return out;
}

const graph = new Map(sourceFiles(SRC).map((file) => [path.relative(SRC, file), runtimeImports(file)]));

/** Every cycle of `graph`, as a list of files (each reported once, from its smallest member). */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const found = new Map<string, string[]>();
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (node: string): void => {
    state.set(node, 'open');
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === 'open') {
        const cycle = stack.slice(stack.indexOf(next));
        const start = cycle.indexOf([...cycle].sort()[0] ?? next);
        const rotated = [...cycle.slice(start), ...cycle.slice(0, start)];
        found.set(rotated.join(' → '), rotated);
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(node, 'done');
  };
  for (const node of graph.keys()) if (!state.has(node)) visit(node);
  return [...found.values()];
}

/** The room of a src-relative file: its top folder, or `shared` for files directly in src/. */
function room(file: string): string {
  if (file === 'index.ts') return 'entry';
  return file.includes(path.sep) ? (file.split(path.sep)[0] ?? '') : 'shared';
}

/**
 * Rooms each room must not import at run time. cli > pipeline > {client, audio, markers};
 * the service is a peer of the pipeline (it never needs the pipeline or the cli); markers are
 * pure; the run-output room (the on-disk contract of a run) sits below the pipeline that writes
 * it and the readers of run outputs (dataset, report, extracts, shard, review), which reach the
 * pipeline only through it and never use the cli (the review page uses the report's reading and
 * drawing, never the other way round); the shared files under src/ use no room; the aligner
 * (align) sits below the pipeline beside the service. src/index.ts (the package entry) may use
 * every room.
 */
const FORBIDDEN: Record<string, readonly string[]> = {
  shared: [
    'cli',
    'pipeline',
    'service',
    'client',
    'audio',
    'markers',
    'config',
    'dataset',
    'report',
    'extracts',
    'shard',
    'review',
    'accuracy',
    'reference',
    'align',
    'run-output',
  ],
  markers: [
    'cli',
    'pipeline',
    'service',
    'client',
    'audio',
    'config',
    'dataset',
    'report',
    'extracts',
    'shard',
    'review',
    'reference',
    'align',
    'run-output',
  ],
  // Reference transcripts (reading, tokens, spoken forms) and alignment sit beside the markers: below the pipeline.
  reference: [
    'cli',
    'pipeline',
    'service',
    'client',
    'audio',
    'markers',
    'config',
    'dataset',
    'report',
    'extracts',
    'shard',
    'review',
    'align',
    'run-output',
  ],
  align: ['cli', 'pipeline', 'service', 'client', 'config', 'dataset', 'report', 'extracts', 'shard', 'review', 'run-output'],
  // Timed transcripts (word JSON, subtitles, TextGrid) are pure formatting over the markers.
  timed: [
    'cli',
    'pipeline',
    'service',
    'client',
    'audio',
    'config',
    'dataset',
    'report',
    'extracts',
    'shard',
    'review',
    'reference',
    'align',
    'run-output',
    'accuracy',
  ],
  audio: [
    'cli',
    'pipeline',
    'service',
    'client',
    'markers',
    'dataset',
    'report',
    'extracts',
    'shard',
    'review',
    'reference',
    'align',
    'run-output',
  ],
  client: ['cli', 'pipeline', 'service', 'audio', 'dataset', 'report', 'extracts', 'shard', 'review', 'align', 'run-output'],
  'run-output': [
    'cli',
    'pipeline',
    'service',
    'client',
    'audio',
    'config',
    'dataset',
    'report',
    'extracts',
    'shard',
    'review',
    'reference',
  ],
  config: ['cli', 'pipeline', 'service', 'client', 'audio', 'markers', 'dataset', 'report', 'extracts', 'shard', 'review', 'align'],
  service: ['cli', 'pipeline', 'client', 'dataset', 'report', 'extracts', 'shard', 'review', 'align', 'run-output'],
  pipeline: ['cli', 'review'],
  dataset: ['cli', 'pipeline', 'review'],
  report: ['cli', 'pipeline', 'review'],
  review: ['cli', 'pipeline'],
  extracts: ['cli', 'pipeline'],
  shard: ['cli', 'pipeline'],
};

/** Every import of a file, type-only ones included (read from the source, not the build). */
function allImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  return [...source.matchAll(IMPORT)].flatMap((m) => {
    const spec = m[1] ?? m[2] ?? m[3];
    return spec === undefined ? [] : [path.relative(SRC, path.resolve(path.dirname(file), spec).replace(/\.js$/, '.ts'))];
  });
}

/** The import graph with `import type` and `import { type X }` counted as the imports they are. */
const typeGraph = new Map(sourceFiles(SRC).map((file) => [path.relative(SRC, file), allImports(file)]));

describe('import graph of src/', () => {
  it('reads a graph of real size', () => {
    // Guards the check itself: a broken regex would find no imports and no cycles.
    const edges = [...graph.values()].reduce((n, list) => n + list.length, 0);
    expect(graph.size).toBeGreaterThan(100);
    expect(edges).toBeGreaterThan(2 * graph.size);
    for (const targets of graph.values()) for (const target of targets) expect(graph.has(target), target).toBe(true);
  });

  it('has no runtime import cycle', () => {
    expect(cycles(graph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('has no import cycle, not even through type-only imports', () => {
    expect(typeGraph.size).toBe(graph.size);
    expect([...typeGraph.values()].reduce((n, list) => n + list.length, 0)).toBeGreaterThan(
      [...graph.values()].reduce((n, list) => n + list.length, 0),
    );
    expect(cycles(typeGraph).map((cycle) => cycle.join(' → '))).toEqual([]);
  });

  it('imports only downwards between rooms', () => {
    const wrong: string[] = [];
    for (const [file, targets] of graph) {
      const forbidden = FORBIDDEN[room(file)] ?? [];
      for (const target of targets) if (forbidden.includes(room(target))) wrong.push(`${file} → ${target}`);
    }
    expect(wrong).toEqual([]);
  });

  it('keeps markers pure and the client off the audio room, types included', () => {
    const wrong: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const from = path.relative(SRC, file);
      const allowed =
        room(from) === 'markers' ? ['markers', 'shared'] : room(from) === 'client' ? ['client', 'shared', 'markers'] : undefined;
      if (allowed === undefined) continue;
      for (const target of allImports(file)) if (!allowed.includes(room(target))) wrong.push(`${from} → ${target}`);
    }
    expect(wrong).toEqual([]);
  });
});
