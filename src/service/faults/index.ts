/** Fault injection of the embedded service (transient faults per request, permanent per dictation). */
export { parseFaultSpec } from './spec.js';
export type { FaultOptions, TransientFault, RouteName } from './spec.js';
export { createFaultInjector } from './injector.js';
export type { FaultInjector, InjectedFault } from './injector.js';
export { mulberry32, type Random } from './prng.js';
export {
  DICTATION_FAULTS, isDictationFault, corruptDictationXml, corruptStats, corruptWordMarkers,
  type DictationFault,
} from './corrupt.js';
export { DictationFaults, withDictationFault } from './layer.js';
