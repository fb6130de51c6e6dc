/** What every route handler receives. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AudioStore } from './audio-store.js';
import type { Authenticator } from './authenticate.js';
import type { DictationCore } from './dictation-core.js';
import type { ResolvedOptions } from './options.js';
import type { ProfileSource } from './profiles.js';
import type { DictationStore } from './store.js';
import type { UserSlots } from './user-slots.js';
import type { DictationFaults, FaultInjector } from './faults/index.js';

/** Shared state of one running service. */
export interface ServiceContext {
  options: ResolvedOptions;
  core: DictationCore;
  store: DictationStore;
  audio: AudioStore;
  profiles: ProfileSource;
  auth: Authenticator;
  /** The per-user limit, shared by HTTP requests and WebSocket sessions. */
  slots: UserSlots;
  /** `host:port` the server listens on (set once listening). */
  listenAddress: string;
  /** Fault injection (tests); undefined when off. */
  faults?: FaultInjector | undefined;
  /** Permanent faults the scripted engine declared for finished dictations. */
  dictationFaults: DictationFaults;
  /** Aborted when the service starts closing (ends held `/done` requests). */
  closing: AbortSignal;
}

/** A route's handler: answers one request (src/service/router.ts maps routes to handlers). */
export type Handler = (ctx: RequestContext) => Promise<void> | void;

/** One authenticated request. */
export interface RequestContext {
  req: IncomingMessage;
  res: ServerResponse;
  /** Path parameters of the matched route. */
  params: Record<string, string>;
  user: string;
  tenant: string;
  /** `http://{Host}` of the request, for Location headers and URLs in bodies. */
  base: string;
  service: ServiceContext;
}
