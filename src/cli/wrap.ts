/** Word wrapping of help text to a width, with a hanging indent. */

/**
 * Wrap `text` into lines of at most `width` columns (a single word longer than the room stays
 * whole on its own line). The first line starts with `first`, the others with `indent`.
 */
export function wrap(text: string, width: number, first = '', indent = ' '.repeat(first.length)): string[] {
  const lines: string[] = [];
  let current = first;
  let empty = true;
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (!empty && current.length + 1 + word.length > width) {
      lines.push(current);
      current = indent + word;
    } else {
      current += (empty ? '' : ' ') + word;
    }
    empty = false;
  }
  lines.push(current);
  return lines;
}
