import fc from "fast-check";
import { z } from "zod";

/** The part of JSON Schema that `z.toJSONSchema` writes for the API's request schemas. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
};

/** Values the game knows (a currency, an item), mixed in by field name so valid requests also reach the domain. */
export type FieldHints = Record<string, fc.Arbitrary<unknown>>;

/** A request schema as JSON Schema: the same conversion the OpenAPI document uses (server/api/openapi.ts). */
export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

const awkwardCharacters = ["a", "é", "😀", "\ud800", "\udfff", "\u0000", '"', "\\", "\u2028", "\ufeff"];

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = schema.maxLength ?? 64;
  const fits = (text: string) => text.length >= minLength && text.length <= maxLength;
  if (schema.format === "email") return fc.emailAddress().filter(fits);
  if (schema.format === "uri") return fc.webUrl({ validSchemes: ["https"] }).filter(fits);
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern)).filter(fits);
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength: Math.min(maxLength, 24) }) },
    // Any code point, astral ones included (well-formed pairs must pass untouched).
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength, maxLength: Math.min(maxLength, 12) }) },
    // Characters JSON and Postgres treat specially: lone surrogates and NUL pass any JSON Schema but cannot be stored.
    { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(...awkwardCharacters), minLength, maxLength: Math.min(maxLength, 8) }) },
    { weight: 1, arbitrary: fc.constant("x".repeat(Math.max(minLength, Math.min(maxLength, 5_000)))) },
  );
}

function integerValue(schema: JsonSchema): fc.Arbitrary<number> {
  const min = schema.minimum ?? -1_000_000;
  const max = Math.min(schema.maximum ?? 1_000_000, Number.MAX_SAFE_INTEGER);
  // Mostly small amounts, so grants and spends succeed and later requests meet real balances.
  return fc.oneof({ weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, min + 50) }) }, { weight: 1, arbitrary: fc.integer({ min, max }) });
}

function typedValue(schema: JsonSchema, type: string, hints: FieldHints): fc.Arbitrary<unknown> {
  switch (type) {
    case "string":
      return stringValue(schema);
    case "integer":
      return integerValue(schema);
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "object":
      return objectValue(schema, hints);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectValue(schema: JsonSchema, hints: FieldHints): fc.Arbitrary<unknown> {
  if (schema.properties) {
    const fields = Object.fromEntries(Object.entries(schema.properties).map(([name, field]) => [name, valueOf(field, hints, name)]));
    return fc.record(fields, { requiredKeys: schema.required ?? [] });
  }
  if (typeof schema.additionalProperties === "object") {
    const key = schema.propertyNames ? stringValue(schema.propertyNames) : fc.string({ maxLength: 12 });
    return fc.dictionary(key, valueOf(schema.additionalProperties, hints), { maxKeys: 6 });
  }
  return fc.constant({});
}

/** A value the schema accepts (as far as JSON Schema says; zod's refinements may still refuse a few). */
export function valueOf(schema: JsonSchema, hints: FieldHints, name?: string): fc.Arbitrary<unknown> {
  const generic = genericValueOf(schema, hints);
  const hint = name === undefined ? undefined : hints[name];
  return hint ? fc.oneof({ weight: 3, arbitrary: hint }, { weight: 1, arbitrary: generic }) : generic;
}

function genericValueOf(schema: JsonSchema, hints: FieldHints): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => valueOf(option, hints)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => typedValue(schema, type, hints)));
  return typedValue(schema, schema.type ?? "any", hints);
}
