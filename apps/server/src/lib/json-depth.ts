/**
 * The deepest a JSON request body may nest objects and arrays. Our deepest contract (an invoice's
 * lines with their taxes) nests four levels; a saved report definition a few more. A body nested
 * thousands deep is an attack on every recursive walk after parsing (validation, NUL checks), so it
 * is refused before `JSON.parse` sees it.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether `text` nests objects or arrays deeper than `max`: one pass over the characters, skipping
 * strings (and their escapes), with no recursion, so its cost is linear whatever the input.
 */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c /* \ */) index += 1;
      else if (code === 0x22 /* " */) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x7b /* { */ || code === 0x5b /* [ */) {
      depth += 1;
      if (depth > max) return true;
    } else if (code === 0x7d /* } */ || code === 0x5d /* ] */) depth -= 1;
  }
  return false;
}
