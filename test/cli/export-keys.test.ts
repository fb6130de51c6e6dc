import { describe, expect, it } from 'vitest';
import { EXPORT_HELP, RUN_EXPORT_HELP, takeRunExports } from '../../src/cli/commands/export.js';
import { EXPORT_KEYS, EXPORT_OPTIONS } from '../../src/cli/commands/export-keys.js';

describe('dictclip export flags come from its key table', () => {
  it('parses exactly the flags it had, with their value kinds', () => {
    const kinds = Object.fromEntries(Object.entries(EXPORT_OPTIONS).map(([flag, o]) => [flag, `${o.type}${o.multiple === true ? '[]' : ''}`]));
    expect(kinds).toEqual({
      format: 'string', to: 'string', split: 'string', seed: 'string', 'group-by': 'string', 'shard-size': 'string',
      'exclude-flagged': 'boolean', 'only-verified': 'boolean', 'exclude-flags': 'string[]', 'min-confidence': 'string',
      'min-duration-ms': 'string', 'max-duration-ms': 'string', 'min-chars-per-second': 'string', 'max-chars-per-second': 'string',
      'input-dir': 'string', 'sample-rate': 'string', channels: 'string', channel: 'string', 'ffmpeg-path': 'string', help: 'boolean',
    });
    expect(EXPORT_OPTIONS['help']?.short).toBe('h');
  });

  it('lists every row in the help with its description and default', () => {
    const help = EXPORT_HELP.replace(/\s+/g, ' ');
    for (const spec of EXPORT_KEYS) {
      expect(help).toContain(`--${spec.flag}`);
      expect(help).toContain(spec.description.replace(/\s+/g, ' '));
    }
    expect(help).toContain('--shard-size <n> webdataset: samples per tar. At least 1. Default: 1000.');
    expect(help).toContain("--split <name=pct,…> Splits train, dev (or validation), test summing to 100. Default: 'train=100'.");
    expect(help).toContain('--sample-rate <hz> Convert every clip to this rate (ffmpeg); kaldi\'s wav.scp decodes to it. Range 1000–384000.');
    expect(help).toContain('-h, --help Show this help.');
  });

  it('gives run --export the shared rows, each taken out of run\'s arguments and named in run\'s help', () => {
    const shared = ['split', 'seed', 'group-by', 'sample-rate', 'channels', 'min-confidence', 'exclude-flags', 'exclude-flagged', 'only-verified'];
    for (const flag of shared) expect(RUN_EXPORT_HELP).toContain(`--${flag}`);
    const args = ['in', '--export', 'hf', '--split', 'train=100', '--seed', '1', '--group-by', 'dir', '--sample-rate', '16000', '--channels', '1',
      '--min-confidence', '0.5', '--exclude-flags', 'unaligned', '--exclude-flagged', '--only-verified', '-o', 'out'];
    expect(takeRunExports(args, '/tmp').rest).toEqual(['in', '-o', 'out']);
  });
});
