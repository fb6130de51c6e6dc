/**
 * The alignment benchmark's result (alignment.mjs measures, this says it): its setup, the table of
 * placements and edge errors per voice, the tables of texts right, wrong and mostly right, and the
 * targets each figure is held to.
 */
import { figures, pct, show } from './alignment-score.mjs';
import { PAUSES, TEXT, UNSPOKEN, VOICES } from './alignment-sets.mjs';

/**
 * The result of what alignment.mjs measured: `groups` by voice group (real / synthetic) and speaker or voice (a row each),
 * `rightFits` per group each recording's fit with its own text and whether it was refused, the rows and counts of the text tables, and
 * `perS` the CPU seconds per audio second of alignment and recognition.
 */
export function alignmentReport({
  real, groups, rightFits, textRows, faultyRows, refusedFaulty, faulty, readings,
  refusedRight, refusedWrong, placedReading, wordsReading, perS,
}) {
  const rows = [];
  for (const [name, g] of groups) {
    if (name === 'real' || name === 'synthetic') continue;
    rows.push([name, g.words, `${g.placed} (${pct(g.placed, g.words).toFixed(1)} %)`, g.misplaced, `${g.unspokenSpans} of ${g.unspoken}`, show(figures(g.start)), show(figures(g.end))]);
  }
  const range = (fits) => {
    const v = fits.map((f) => f.fit.scorePerFrame).filter((x) => x !== null);
    const w = fits.map((f) => 100 * f.fit.wellFitShare);
    return `${Math.min(...v).toFixed(0)} to ${Math.max(...v).toFixed(0)} a frame, ${Math.min(...w).toFixed(0)}–${Math.max(...w).toFixed(0)} % fitting well`;
  };
  const g = (name) => groups.get(name);
  const goalPlaced = (x) => pct(x.placed - x.misplaced, x.words) >= 99 && x.misplaced === 0;
  const edges = (x, startShare, endShare) => {
    const s = figures(x.start);
    const e = figures(x.end);
    return s.median <= 20 && s.within50 >= startShare && e.median <= 30 && e.within50 >= endShare;
  };
  const summary = (x) => `${x.placed - x.misplaced} of ${x.words} on their own audio (${pct(x.placed - x.misplaced, x.words).toFixed(1)} %), ${x.misplaced} on another word's`;
  return {
    title: 'Reference alignment (acoustic)',
    setup:
      `Real voices: ${real.length} recordings joined from the real-speech set's spoken digits (${[...new Set(real.map((r) => r.speaker))].join(', ')}; 25 digits each, 8 kHz takes resampled to 16 kHz, ` +
      "pauses 0–300 ms over a faint noise floor; a take's truth is its first and last sample louder than twice its speaker's noise floor). " +
      `Synthetic: ${TEXT.length} words synthesized one by one with espeak-ng in ${VOICES.length} voices/rates (${VOICES.map(([v, r]) => `${v} ${r} wpm`).join(', ')}), ` +
      `joined with pauses of ${PAUSES.join('/')} ms in turn over a noise floor (peak 30 of 32767); truth: first and last sample louder than 100. ` +
      '`alignAcoustic` with the whole text and no anchors, as a run on the embedded engine does with a reference (no recognition). ' +
      `Never spoken: each recording aligned again with ${[...UNSPOKEN.values()].join(', ')} put into its text. A word is on another word's audio when its span overlaps another word's truth more than its own; edge errors are over the words on their own audio. ` +
      'Anchors for comparison: Montreal Forced Aligner reports about 20 ms mean boundary error on read English, whisperX about 50 ms.',
    table: { columns: ['voices', 'words', 'placed', "on another word's audio", 'never-spoken words given a span', 'starts', 'ends'], rows },
    tables: [
      {
        title:
          "Read speech with its text (LibriVox readings of pocketsphinx-testdata; the real-speech set's sentences): words placed; fit = aligned minus phone-loop score per frame / share of words found / share found scoring at least -35 a frame, for the right text, another reading's text and 25 digits",
        columns: ['reading', 'reference words', 'placed', 'fit, right text', 'fit, other text', 'fit, digits'],
        rows: textRows,
      },
      {
        title:
          'Texts mostly right: the confidence benchmark\'s recordings (bench/confidence-data.mjs) with their planted faults, each aligned with its own reference; fit as above',
        columns: ['recording', 'faults', 'fit'],
        rows: faultyRows,
      },
    ],
    targets: [
      {
        name: "real voices: ≥ 99 % of spoken words placed, none on another word's audio",
        target: '≥ 99 %, 0',
        value: summary(g('real')),
        met: goalPlaced(g('real')),
      },
      {
        name: "synthetic voices: ≥ 99 % of spoken words placed, none on another word's audio",
        target: '≥ 99 %, 0',
        value: summary(g('synthetic')),
        met: goalPlaced(g('synthetic')),
      },
      {
        name: 'real voices: starts median ≤ 20 ms, ≥ 85 % within 50 ms; ends median ≤ 30 ms, ≥ 80 % within 50 ms',
        target: '≤ 20 / 85 %, ≤ 30 / 80 %',
        value: `starts ${show(figures(g('real').start))}; ends ${show(figures(g('real').end))}`,
        met: edges(g('real'), 85, 80),
      },
      {
        name: 'synthetic voices: starts and ends ≥ 94 % within 50 ms (medians ≤ 20 / 30 ms)',
        target: '≥ 94 %',
        value: `starts ${show(figures(g('synthetic').start))}; ends ${show(figures(g('synthetic').end))}`,
        met: edges(g('synthetic'), 94, 94),
      },
      {
        name: 'never-spoken words given a span (real + synthetic)',
        target: '0',
        value: `${g('real').unspokenSpans + g('synthetic').unspokenSpans} of ${g('real').unspoken + g('synthetic').unspoken}`,
        met: g('real').unspokenSpans + g('synthetic').unspokenSpans === 0,
      },
      {
        name: 'right texts refused: real voices, synthetic voices (each recording with its own text)',
        target: '0',
        value: `${rightFits.real.filter((f) => f.refused).length} of ${rightFits.real.length} (${range(rightFits.real)}), ` +
          `${rightFits.synthetic.filter((f) => f.refused).length} of ${rightFits.synthetic.length} (${range(rightFits.synthetic)})`,
        met: [...rightFits.real, ...rightFits.synthetic].every((f) => !f.refused),
      },
      {
        name: 'texts mostly right (planted faults) refused',
        target: '0',
        value: `${refusedFaulty} of ${faulty}`,
        met: refusedFaulty === 0,
      },
      {
        name: 'read speech: right texts refused / wrong texts refused',
        target: `0 / ${2 * readings}`,
        value: `${refusedRight} / ${refusedWrong} of ${2 * readings}`,
        met: refusedRight === 0 && refusedWrong === 2 * readings,
      },
      { name: 'read speech: reference words placed', target: '–', value: `${placedReading} of ${wordsReading}` },
      {
        name: 'CPU per audio second: alignment (grammar search + phone loop) ÷ recognition',
        target: '≤ 1/3',
        value: `${perS.align.toFixed(3)} s vs ${perS.recognize.toFixed(3)} s (ratio ${(perS.align / perS.recognize).toFixed(2)})`,
        met: perS.align / perS.recognize <= 1 / 3,
      },
    ],
    notes: [
      "A reference run on the embedded engine does not recognize: its CPU per audio second is the alignment's (plus decoding the input), against recognition's for a run without references.",
      "CPU is the recognizer processes' user + system time (this process's children), so machine load does not inflate it the way it does wall time.",
    ],
    commands: ['`node bench/run.mjs --only alignment --no-build`'],
  };
}
