/** Type tests of the public API (src/index.ts): what a library user can and cannot write. */
import { describe, expectTypeOf, it } from 'vitest';
import * as dictclip from '../src/index.js';
import type { ClientOptions, Credentials, ErrorCode, RunOptions, RunResult, ServiceOptions } from '../src/index.js';

describe('public API types', () => {
  it('runPipeline needs only inputDir and outDir; options are readonly; credentials are an option', () => {
    expectTypeOf(dictclip.runPipeline).parameter(0).toEqualTypeOf<RunOptions>();
    expectTypeOf(dictclip.runPipeline).returns.resolves.toEqualTypeOf<RunResult>();
    expectTypeOf({ inputDir: 'in', outDir: 'out' }).toExtend<RunOptions>();
    expectTypeOf<{ inputDir: string }>().not.toExtend<RunOptions>();
    expectTypeOf<RunOptions['credentials']>().toEqualTypeOf<Credentials | undefined>();
    expectTypeOf<RunOptions['mode']>().toEqualTypeOf<'word' | 'phrase' | undefined>();
    // readonly: assigning a field of an options object is a type error.
    const options: RunOptions = { inputDir: 'in', outDir: 'out' };
    // @ts-expect-error readonly option
    options.outDir = 'elsewhere';
  });

  it('service and client options are readonly too', () => {
    const service: ServiceOptions = { dataDir: 'svc', pocketsphinx: { processes: 2 } };
    // @ts-expect-error readonly option
    service.port = 0;
    // @ts-expect-error readonly option of the PocketSphinx engine
    service.pocketsphinx!.processes = 1;
    const client: ClientOptions = { baseUrl: 'http://127.0.0.1:1', credentials: { scheme: 'apikey', username: 'u', apiKey: 'k' } };
    // @ts-expect-error readonly option
    client.retry = {};
    // @ts-expect-error readonly retry option
    client.retry!.limit = 0;
    expectTypeOf(dictclip.startService).parameter(0).toEqualTypeOf<ServiceOptions>();
  });

  it('Credentials is basic or API key, never both shapes at once', () => {
    expectTypeOf({ scheme: 'basic', username: 'u', password: 'p' } as const).toExtend<Credentials>();
    expectTypeOf({ scheme: 'apikey', username: 'u', apiKey: 'k' } as const).toExtend<Credentials>();
    expectTypeOf<{ scheme: 'basic'; username: string; apiKey: string }>().not.toExtend<Credentials>();
  });

  it('errors: the code table types every code; isDictclipError narrows', () => {
    expectTypeOf<keyof typeof dictclip.ERROR_CODES>().toEqualTypeOf<ErrorCode>();
    expectTypeOf(dictclip.ERROR_CODES.E_USAGE.exitStatus).toEqualTypeOf<2>();
    const caught: unknown = undefined;
    if (dictclip.isDictclipError(caught)) expectTypeOf(caught.code).toEqualTypeOf<ErrorCode>();
  });

  it('exports run, serve, client, markers, review and errors, and not the internals', () => {
    expectTypeOf(dictclip).toHaveProperty('runPipeline');
    expectTypeOf(dictclip).toHaveProperty('startService');
    expectTypeOf(dictclip).toHaveProperty('DictationClient');
    expectTypeOf(dictclip).toHaveProperty('planClips');
    expectTypeOf(dictclip).toHaveProperty('DictclipError');
    expectTypeOf(dictclip).toHaveProperty('startReview');
    expectTypeOf(dictclip).not.toHaveProperty('loadRunOptions');
    expectTypeOf(dictclip).not.toHaveProperty('credentialsFromEnv');
    expectTypeOf(dictclip).not.toHaveProperty('resolveFfmpeg');
    expectTypeOf(dictclip).not.toHaveProperty('scanRecordings');
  });
});
