/**
 * `startService`: the embedded dictation service on node:http — accounts, uploads, dictations
 * through a job queue, both marker methods, and the WebSocket endpoint.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DictclipError } from '../errors.js';
import { AudioStore } from './audio-store.js';
import { Authenticator } from './authenticate.js';
import type { ServiceContext } from './context.js';
import { DictationCore } from './dictation-core.js';
import { resolveEngine } from './engines/index.js';
import { createRequestHandler } from './handler.js';
import { resolveOptions, type RunningService, type ServiceOptions } from './options.js';
import { ProfileSource } from './profiles.js';
import { securePrivateData } from './private-files.js';
import { DictationStore } from './store.js';
import { UserSlots } from './user-slots.js';
import { createFaultInjector, DictationFaults } from './faults/index.js';
import { attachWebSocket } from './websocket/endpoint.js';
import { createWebSocketDeps } from './websocket/bridge.js';

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => {
      const code = (error as { code?: unknown }).code;
      const hint = code === 'EADDRINUSE'
        ? ` Port ${port} is in use (another service, or a dictclip serve still running): pass --port another port, or --port 0 for any free one.`
        : code === 'EACCES' ? ` Ports below 1024 need privileges: pass --port 1024 or higher.` : '';
      reject(new DictclipError('E_LISTEN', `The service cannot listen on ${host}:${port}: ${error.message}.${hint}`, { cause: error }));
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

function hostPort(address: AddressInfo): string {
  return address.family === 'IPv6' ? `[${address.address}]:${address.port}` : `${address.address}:${address.port}`;
}

/**
 * Start the embedded service: checks the engine (E_ENGINE when it cannot run), creates the data
 * folder, re-queues dictations left queued or running by a previous run, and listens.
 * @throws DictclipError E_CONFIG (bad option, port in use), E_ENGINE, E_ACCOUNT (bad accounts.json).
 */
export async function startService(options: ServiceOptions): Promise<RunningService> {
  const resolved = resolveOptions(options);
  const engine = resolveEngine(options.engine, options.script, options.pocketsphinx);
  await engine.check();
  engine.warm?.();
  await securePrivateData(resolved.dataDir);
  const store = new DictationStore(resolved.dataDir);
  const audio = new AudioStore(resolved.dataDir, resolved.maxStoredBytes);
  await audio.sweepStaleTemps();
  const profiles = new ProfileSource(resolved.dataDir, resolved.profiles);
  const dictationFaults = new DictationFaults();
  const core = new DictationCore({
    dictationFaults,
    dataDir: resolved.dataDir,
    store,
    audio,
    engine,
    profiles,
    jobConcurrency: resolved.jobConcurrency,
    ffmpegPath: resolved.ffmpegPath,
    log: resolved.log,
  });
  const closing = new AbortController();
  const service: ServiceContext = {
    options: resolved,
    closing: closing.signal,
    core,
    store,
    audio,
    profiles,
    auth: new Authenticator(resolved.dataDir, resolved.loginLimits),
    slots: new UserSlots(resolved.perUserLimit),
    listenAddress: `${resolved.host}:${resolved.port}`,
    dictationFaults,
    faults: resolved.faults === undefined ? undefined : createFaultInjector(resolved.faults, (f) => resolved.log(`fault ${f.kind} on ${f.route}${f.after ? ' after processing' : ''}`)),
  };
  const server = createServer(createRequestHandler(service));
  const address = await listen(server, resolved.port, resolved.host);
  service.listenAddress = hostPort(address);
  const webSocket = attachWebSocket(server, createWebSocketDeps(service), { maxAudioBytes: resolved.maxUploadBytes });
  await core.restore();
  let shutdown: Promise<void> | undefined;
  return {
    url: `http://${service.listenAddress}`,
    port: address.port,
    close() {
      closing.abort();
      shutdown ??= (async () => {
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await webSocket.close();
        await core.close();
        await engine.close?.();
        server.closeAllConnections();
        await closed;
      })();
      return shutdown;
    },
  };
}
