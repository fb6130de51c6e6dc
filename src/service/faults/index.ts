/** Fault injection of the embedded service (transient faults per request, permanent per dictation). */
export { parseFaultSpec, resolveFaultOptions, DEFAULT_FAULT_OPTIONS, TRANSIENT_FAULTS, ROUTE_NAMES } from './spec.js';
export type { FaultOptions, TransientFault, RouteName } from './spec.js';
export { createFaultInjector } from './injector.js';
export type { FaultInjector, InjectedFault } from './injector.js';
export { mulberry32, type Random } from './prng.js';
export {
  DICTATION_FAULTS, isDictationFault, corruptDictationXml, corruptXml, corruptStats, corruptWordMarkers,
  type DictationFault,
} from './corrupt.js';
