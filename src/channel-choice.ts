/**
 * The channel choice (the `channel` key; exports' `--channel`): which channel of a several-channel
 * recording or clip becomes its mono audio — `mix` (ffmpeg's downmix), `left` (channel 1),
 * `right` (channel 2) or a 1-based channel number. Pure values, shared by the key table (src/config)
 * and the audio room (src/audio/channel.ts, which applies it with ffmpeg).
 */
import { DictclipError } from './errors.js';

/** The choice that mixes every channel (ffmpeg's downmix): the default. */
export const CHANNEL_MIX = 'mix';
/** The highest channel number a choice may name. */
export const MAX_CHANNEL = 64;
/** Channel numbers with a name. */
export const NAMED_CHANNELS: Readonly<Record<string, number>> = { left: 1, right: 2 };

/**
 * The canonical spelling of a channel choice: `mix`, `left`, `right`, or a channel number from 3
 * to {@link MAX_CHANNEL} (`1` is written `left`, `2` `right`: one name per channel, so the same
 * choice always gives the same fingerprint); undefined when `text` is none of these.
 */
export function canonicalChannel(text: string): string | undefined {
  const word = text.trim().toLowerCase();
  if (word === CHANNEL_MIX || word in NAMED_CHANNELS) return word;
  if (!/^[1-9]\d*$/.test(word)) return undefined;
  const n = Number(word);
  if (n > MAX_CHANNEL) return undefined;
  return Object.keys(NAMED_CHANNELS).find((name) => NAMED_CHANNELS[name] === n) ?? String(n);
}

/** The 1-based channel a (canonical) choice keeps; undefined for `mix` or no choice. */
export function channelNumber(choice: string | undefined): number | undefined {
  if (choice === undefined) return undefined;
  const canonical = canonicalChannel(choice);
  if (canonical === undefined) throw new DictclipError('E_INVALID_ARGUMENT', `not a channel choice: ${JSON.stringify(choice)} (mix, left, right or 1–${MAX_CHANNEL})`);
  return canonical === CHANNEL_MIX ? undefined : (NAMED_CHANNELS[canonical] ?? Number(canonical));
}
