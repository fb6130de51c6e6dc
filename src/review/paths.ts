/**
 * The run-output paths the review reads and writes (`corrections/<source>.txt` is the one file it
 * writes): the run-output room's, named here for the review's modules.
 */
export { alignmentsPath, correctionPath, listenPath, markersPath, peaksPath, transcriptPath } from '../run-output/naming.js';
