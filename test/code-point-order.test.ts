import { describe, expect, it } from 'vitest';
import { compareCodePoints } from '../src/code-point-order.js';

describe('compareCodePoints', () => {
  it('orders strings like their UTF-8 bytes, astral characters after the rest of the BMP', () => {
    const words = ['b', 'a', 'ab', '\u{1F600}', '\uFF21', 'é', 'Z', '', '\uE000', 'a\u{10000}', 'a\uFFFF'];
    const byBytes = [...words].sort((x, y) => Buffer.compare(Buffer.from(x), Buffer.from(y)));
    expect([...words].sort(compareCodePoints)).toEqual(byBytes);
    expect(byBytes.indexOf('\u{1F600}')).toBe(words.length - 1);
  });
});
