import "server-only";
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** An object or array being read: an object remembers its keys, an array counts its items. */
type Container = { keys: Set<string> | null; index: number; segment: string };

export type JsonStructure = {
  tooDeep: boolean;
  /** Dotted paths (`metadata.note`, `items.0.sku`) of keys met a second time in the same object. */
  duplicateKeys: string[];
};

/** The index of the quote that closes the string opened at `open` (quotes preceded by an odd run of backslashes are escaped). */
function closingQuote(text: string, open: number): number {
  let end = text.indexOf('"', open + 1);
  for (;;) {
    if (end === -1) return text.length;
    let backslashes = 0;
    while (text.charCodeAt(end - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return end;
    end = text.indexOf('"', end + 1);
  }
}

function pathOf(stack: Container[], key: string): string {
  return [...stack.slice(1).map((container) => container.segment), key].join(".");
}

/**
 * What JSON.parse does not tell about a text it accepted: whether arrays and objects nest deeper than
 * `maxDepth`, and which keys appear twice in one object. JSON.parse keeps the last of two equal keys
 * where another parser (a proxy, a log reader, the studio's own code) may keep the first, so a money
 * API refuses them. One pass over the text without recursion; `text` must be valid JSON. Keys are
 * compared after unescaping, as JSON.parse compares them (`"\u0061"` is `"a"`).
 */
export function inspectJsonStructure(text: string, maxDepth: number): JsonStructure {
  const stack: Container[] = [];
  const duplicateKeys: string[] = [];
  let expectingKey = false;
  let lastKey = "";
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      const end = closingQuote(text, i);
      const container = stack[stack.length - 1];
      if (expectingKey && container?.keys) {
        const raw = text.slice(i + 1, end);
        const key = raw.includes("\\") ? (JSON.parse(text.slice(i, end + 1)) as string) : raw;
        if (container.keys.has(key)) duplicateKeys.push(pathOf(stack, key));
        else container.keys.add(key);
        lastKey = key;
        expectingKey = false;
      }
      i = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      if (stack.length === maxDepth) return { tooDeep: true, duplicateKeys };
      const parent = stack[stack.length - 1];
      const segment = parent === undefined ? "" : parent.keys ? lastKey : String(parent.index);
      stack.push({ keys: code === OPEN_BRACE ? new Set() : null, index: 0, segment });
      expectingKey = code === OPEN_BRACE;
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      stack.pop();
    } else if (code === COMMA) {
      const container = stack[stack.length - 1];
      if (container?.keys) expectingKey = true;
      else if (container) container.index += 1;
    }
  }
  return { tooDeep: false, duplicateKeys };
}
