import fc from "fast-check";
import type { JsonSchema } from "./schema-values";

/** A request body as sent: a JSON value to serialize, or bytes written by a text-level mutation. */
export type FuzzBody = { label: string } & ({ kind: "none" } | { kind: "json"; value: unknown } | { kind: "bytes"; bytes: Uint8Array<ArrayBuffer> });

const encoder = new TextEncoder();

const valueMutations = [
  "drop",
  "wrongType",
  "null",
  "bounds",
  "tooLong",
  "loneSurrogate",
  "surrogateInKey",
  "surrogateInEntry",
  "nul",
  "unknownField",
  "nested",
  "notAnObject",
  "manyEntries",
] as const;
const textMutations = ["duplicateKey", "escapedDuplicateKey", "truncate", "invalidUtf8", "byteOrderMark", "whitespace", "tooLarge", "deep", "trailingText"] as const;

type Choice = { field: number; position: number; junk: unknown; pick: number };
const choice: fc.Arbitrary<Choice> = fc.record({ field: fc.nat(), position: fc.nat(), junk: fc.jsonValue({ maxDepth: 2 }), pick: fc.nat() });

const outOfBounds: unknown[] = [0, -1, 1.5, -0, 1e12 + 1, 1e15 + 1, 2 ** 53, 1e300, "7", true, [], {}];
const unknownNames = ["extra", "__proto__", "constructor", "paid", "bonus", "", "Amount", "currency "];
const invalidUtf8: number[][] = [[0xff], [0x80], [0xc3], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80]];
const loneSurrogates = ["\ud800", "\udbff", "\udc00", "\udfff"];

const at = <T>(list: readonly T[], index: number): T => list[index % list.length] as T;

function insertAt(text: string, position: number, piece: string): string {
  const cut = position % (text.length + 1);
  return text.slice(0, cut) + piece + text.slice(cut);
}

function mutateValue(value: unknown, schema: JsonSchema, kind: (typeof valueMutations)[number], c: Choice): unknown {
  const object: Record<string, unknown> = value !== null && typeof value === "object" && !Array.isArray(value) ? { ...value } : {};
  const names = Object.keys(schema.properties ?? {});
  const field = names.length > 0 ? at(names, c.field) : "extra";
  const fieldSchema = schema.properties?.[field] ?? {};
  const current = object[field];
  switch (kind) {
    case "drop":
      delete object[field];
      return object;
    case "wrongType":
      object[field] = c.junk;
      return object;
    case "null":
      object[field] = null;
      return object;
    case "bounds":
      object[field] = at(outOfBounds, c.pick);
      return object;
    case "tooLong":
      object[field] = "y".repeat((fieldSchema.maxLength ?? 500) + 1 + (c.pick % 3) * 20_000);
      return object;
    case "loneSurrogate":
      object[field] = insertAt(typeof current === "string" ? current : "text", c.position, at(loneSurrogates, c.pick));
      return object;
    case "surrogateInKey":
      object[field] = { [insertAt("note", c.position, at(loneSurrogates, c.pick))]: "v" };
      return object;
    case "surrogateInEntry":
      object[field] = { note: insertAt("v", c.position, at(loneSurrogates, c.pick)) };
      return object;
    case "nul":
      object[field] = insertAt(typeof current === "string" ? current : "text", c.position, "\u0000");
      return object;
    case "unknownField":
      // Own data property even for "__proto__", as JSON.parse would make it.
      Object.defineProperty(object, at(unknownNames, c.pick), { value: c.junk, enumerable: true, configurable: true, writable: true });
      return object;
    case "nested":
      object[field] = JSON.parse(`${"[".repeat(8 + (c.pick % 40))}${"]".repeat(8 + (c.pick % 40))}`);
      return object;
    case "notAnObject":
      return Array.isArray(c.junk) || c.junk === null || typeof c.junk !== "object" ? c.junk : [c.junk];
    case "manyEntries":
      object[field] = Object.fromEntries(Array.from({ length: 21 + (c.pick % 5) }, (_, i) => [`k${i}`, "v"]));
      return object;
  }
}

function mutateText(text: string, kind: (typeof textMutations)[number], c: Choice): Uint8Array<ArrayBuffer> {
  const keys = [...text.matchAll(/"([A-Za-z]+)":/g)].map((match) => match[1] as string);
  const key = keys.length > 0 ? at(keys, c.field) : "amount";
  const object = text.startsWith("{") && text.endsWith("}") && text.length > 2;
  switch (kind) {
    case "duplicateKey":
      return encoder.encode(object ? `${text.slice(0, -1)},"${key}":${JSON.stringify(c.junk)}}` : `{"${key}":1,"${key}":2}`);
    case "escapedDuplicateKey": {
      const escaped = `\\u00${key.charCodeAt(0).toString(16).padStart(2, "0")}${key.slice(1)}`;
      return encoder.encode(object ? `{"${escaped}":${JSON.stringify(c.junk)},${text.slice(1)}` : `{"${escaped}":1,"${key}":2}`);
    }
    case "truncate":
      return encoder.encode(text.slice(0, c.position % Math.max(text.length, 1)));
    case "invalidUtf8": {
      const bytes = encoder.encode(text);
      const cut = c.position % (bytes.length + 1);
      return new Uint8Array([...bytes.slice(0, cut), ...at(invalidUtf8, c.pick), ...bytes.slice(cut)]);
    }
    case "byteOrderMark":
      return new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode(text)]);
    case "whitespace":
      return encoder.encode(` \n\t${text}\r\n `);
    case "tooLarge":
      return encoder.encode(text + " ".repeat(64 * 1024 + 1 - Math.min(text.length, 64 * 1024)));
    case "deep":
      return encoder.encode(`{"x":${"[".repeat(33 + (c.pick % 100))}${"]".repeat(33 + (c.pick % 100))}}`);
    case "trailingText":
      return encoder.encode(`${text}x`);
  }
}

/** Bodies of one operation: valid ones, values with one field wrong, and texts no JSON reader should agree on. */
export function bodyArbitrary(schema: JsonSchema, valid: fc.Arbitrary<unknown>): fc.Arbitrary<FuzzBody> {
  return fc.oneof(
    { weight: 7, arbitrary: valid.map((value): FuzzBody => ({ kind: "json", value, label: "valid" })) },
    {
      weight: 10,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...valueMutations), choice)
        .map(([value, kind, c]): FuzzBody => ({ kind: "json", value: mutateValue(value, schema, kind, c), label: kind })),
    },
    {
      weight: 6,
      arbitrary: fc
        .tuple(valid, fc.constantFrom(...textMutations), choice)
        .map(([value, kind, c]): FuzzBody => ({ kind: "bytes", bytes: mutateText(JSON.stringify(value), kind, c), label: kind })),
    },
    { weight: 1, arbitrary: fc.constant<FuzzBody>({ kind: "none", label: "no body" }) },
  );
}
