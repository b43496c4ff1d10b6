/**
 * Reads the OpenAPI document's JSON Schemas for people: `$ref`s followed, nested objects and arrays
 * flattened into dotted field names, each with its type and the rule it must meet.
 */

export type JsonObject = Record<string, unknown>;

export type FieldRow = {
  /** Dotted path: `credits[].currency`. */
  name: string;
  type: string;
  required: boolean;
  /** Enum, pattern, bounds, default, format, in plain words. */
  rules: string[];
  description: string | null;
};

export const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

const REF_PREFIX = "#/components/schemas/";

/** The schema a `$ref` names, merged with the siblings beside it (OpenAPI 3.1 allows them). */
export function resolve(schema: JsonObject, components: Record<string, JsonObject>, seen: ReadonlySet<string> = new Set()): JsonObject {
  const ref = schema.$ref;
  if (typeof ref !== "string" || !ref.startsWith(REF_PREFIX)) return schema;
  const name = ref.slice(REF_PREFIX.length);
  const target = components[name];
  if (!target || seen.has(name)) return { type: "object", description: `See ${name}.` };
  const { $ref: _ref, ...siblings } = schema;
  return { ...resolve(target, components, new Set([...seen, name])), ...siblings, "x-component": name };
}

/** The name of the component a schema points to, if any. */
export function componentName(schema: JsonObject): string | null {
  return typeof schema.$ref === "string" && schema.$ref.startsWith(REF_PREFIX) ? schema.$ref.slice(REF_PREFIX.length) : null;
}

function variantsOf(schema: JsonObject): JsonObject[] | null {
  const list = schema.anyOf ?? schema.oneOf;
  return Array.isArray(list) ? list.filter(isObject) : null;
}

/** `string`, `integer | null`, `array of Balance`, `object`. */
export function typeLabel(schema: JsonObject, components: Record<string, JsonObject>, seen: ReadonlySet<string> = new Set()): string {
  const variants = variantsOf(schema);
  if (variants) return [...new Set(variants.map((v) => typeLabel(resolve(v, components, seen), components, seen)))].join(" | ");
  if (Array.isArray(schema.allOf)) {
    const parts = schema.allOf.filter(isObject);
    if (parts.length === 1 && parts[0]) return typeLabel(resolve(parts[0], components, seen), components, seen);
  }
  const resolved = resolve(schema, components, seen);
  if ("const" in resolved) return JSON.stringify(resolved.const);
  const types = Array.isArray(resolved.type) ? (resolved.type as string[]) : typeof resolved.type === "string" ? [resolved.type] : [];
  const labels = types.map((type) => {
    if (type !== "array") return type;
    const items = isObject(resolved.items) ? resolved.items : null;
    if (!items) return "array";
    const named = componentName(items);
    return `array of ${named ?? typeLabel(resolve(items, components, seen), components, seen)}`;
  });
  if (labels.length > 0) return labels.join(" | ");
  if (isObject(resolved.properties)) return "object";
  return "any";
}

function formatNumber(value: unknown): string {
  return typeof value === "number" ? value.toLocaleString("en-US") : String(value);
}

/** The constraints of one schema, worded; what a client must send or may receive. */
export function rulesOf(schema: JsonObject, components: Record<string, JsonObject>): string[] {
  const s = resolve(schema, components);
  const rules: string[] = [];
  if (Array.isArray(s.enum)) rules.push(`one of ${s.enum.map((v) => `\`${String(v)}\``).join(", ")}`);
  if ("const" in s) rules.push(`always \`${JSON.stringify(s.const)}\``);
  const format = typeof s.format === "string" ? s.format : null;
  if (format) rules.push(format === "date-time" ? "ISO 8601 UTC date-time" : `format ${format}`);
  // A date-time's generated pattern restates its format in 400 characters: the format says it better.
  if (typeof s.pattern === "string" && format !== "date-time") rules.push(`matches \`${s.pattern}\``);
  const min = s.minimum ?? s.exclusiveMinimum;
  const max = s.maximum ?? s.exclusiveMaximum;
  const isSafeBound = (v: unknown) => typeof v === "number" && Math.abs(v) >= Number.MAX_SAFE_INTEGER;
  if (min !== undefined && max !== undefined && !isSafeBound(min) && !isSafeBound(max)) rules.push(`${formatNumber(min)} to ${formatNumber(max)}`);
  else if (min !== undefined && !isSafeBound(min)) rules.push(`at least ${formatNumber(min)}`);
  else if (max !== undefined && !isSafeBound(max)) rules.push(`at most ${formatNumber(max)}`);
  const lengthRule = (lo: unknown, hi: unknown, unit: string) => {
    if (lo !== undefined && hi !== undefined) rules.push(lo === hi ? `exactly ${formatNumber(lo)} ${unit}` : `${formatNumber(lo)} to ${formatNumber(hi)} ${unit}`);
    else if (lo !== undefined) rules.push(`at least ${formatNumber(lo)} ${unit}`);
    else if (hi !== undefined) rules.push(`at most ${formatNumber(hi)} ${unit}`);
  };
  lengthRule(s.minLength, s.maxLength, "characters");
  lengthRule(s.minItems, s.maxItems, "items");
  lengthRule(s.minProperties, s.maxProperties, "entries");
  if (s.default !== undefined) rules.push(`default \`${JSON.stringify(s.default)}\``);
  if (isObject(s.propertyNames)) {
    const keyRules = rulesOf(s.propertyNames, components);
    if (keyRules.length > 0) rules.push(`keys: ${keyRules.join(", ")}`);
  }
  if (isObject(s.additionalProperties)) {
    const valueType = typeLabel(s.additionalProperties, components);
    const valueRules = rulesOf(s.additionalProperties, components);
    if (valueType !== "any" || valueRules.length > 0) rules.push(`values: ${[valueType, ...valueRules].join(", ")}`);
  }
  return rules;
}

function describe(schema: JsonObject, components: Record<string, JsonObject>): string | null {
  const s = resolve(schema, components);
  return typeof schema.description === "string" ? schema.description : typeof s.description === "string" ? s.description : null;
}

/** The object a schema holds, looking through `T | null` and single-item `allOf`. */
function objectOf(schema: JsonObject, components: Record<string, JsonObject>, seen: ReadonlySet<string>): JsonObject | null {
  const resolved = resolve(schema, components, seen);
  if (isObject(resolved.properties)) return resolved;
  const variants = variantsOf(resolved) ?? (Array.isArray(resolved.allOf) ? resolved.allOf.filter(isObject) : null);
  if (!variants) return null;
  const objects = variants.map((v) => objectOf(v, components, seen)).filter((v): v is JsonObject => v !== null);
  return objects.length === 1 ? (objects[0] ?? null) : null;
}

function itemsOf(schema: JsonObject, components: Record<string, JsonObject>, seen: ReadonlySet<string>): JsonObject | null {
  const resolved = resolve(schema, components, seen);
  if (isObject(resolved.items)) return resolved.items;
  const variants = variantsOf(resolved);
  const arrays = (variants ?? []).map((v) => resolve(v, components, seen)).filter((v) => isObject(v.items));
  return arrays.length === 1 && arrays[0] ? (arrays[0].items as JsonObject) : null;
}

const MAX_DEPTH = 5;

/** Where a nested walk is: the name prefix of its fields, the components already on the way (no loops), its depth. */
type Walk = { prefix: string; seen: ReadonlySet<string>; depth: number };

/**
 * Every field of an object schema, nested ones included (`balances[].currency`). A component met
 * again inside itself is shown once and not expanded further.
 */
export function fieldRows(schema: JsonObject, components: Record<string, JsonObject>, { prefix, seen, depth }: Walk = { prefix: "", seen: new Set(), depth: 0 }): FieldRow[] {
  const object = objectOf(schema, components, seen);
  if (!object || depth > MAX_DEPTH) return [];
  const here = typeof object["x-component"] === "string" ? new Set([...seen, object["x-component"]]) : seen;
  const required = new Set(Array.isArray(object.required) ? (object.required as string[]) : []);
  const rows: FieldRow[] = [];
  for (const [key, raw] of Object.entries(object.properties as Record<string, unknown>)) {
    if (!isObject(raw)) continue;
    const name = prefix + key;
    rows.push({ name, type: typeLabel(raw, components, here), required: required.has(key), rules: rulesOf(raw, components), description: describe(raw, components) });
    const named = componentName(raw);
    if (named && here.has(named)) continue;
    rows.push(...fieldRows(raw, components, { prefix: `${name}.`, seen: here, depth: depth + 1 }));
    const items = itemsOf(raw, components, here);
    const itemName = items ? componentName(items) : null;
    if (items && !(itemName && here.has(itemName))) rows.push(...fieldRows(items, components, { prefix: `${name}[].`, seen: here, depth: depth + 1 }));
  }
  return rows;
}

/** Where a sample is being made: the components already entered (a cycle stops there) and the property's name. */
export type SampleAt = { seen?: ReadonlySet<string>; key?: string };

/** A plausible value for a schema, for examples when the document has none. */
export function sampleOf(schema: JsonObject, components: Record<string, JsonObject>, { seen = new Set(), key = "" }: SampleAt = {}): unknown {
  const s = resolve(schema, components, seen);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length > 0) return s.examples[0];
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const variants = variantsOf(s);
  if (variants) {
    const first = variants.find((v) => resolve(v, components, seen).type !== "null") ?? variants[0];
    return first ? sampleOf(first, components, { seen, key }) : null;
  }
  const name = typeof s["x-component"] === "string" ? s["x-component"] : null;
  if (name && seen.has(name)) return {};
  const inner = name ? new Set([...seen, name]) : seen;
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== "null") : s.type;
  if (type === "object" || isObject(s.properties)) {
    const result: JsonObject = {};
    const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
      if (isObject(v) && (required.has(k) || required.size === 0)) result[k] = sampleOf(v, components, { seen: inner, key: k });
    }
    return result;
  }
  if (type === "array") return isObject(s.items) ? [sampleOf(s.items, components, { seen: inner, key })] : [];
  if (type === "integer" || type === "number") return typeof s.minimum === "number" && s.minimum > 0 ? s.minimum : 1;
  if (type === "boolean") return false;
  if (type === "null") return null;
  if (type === "string") {
    if (s.format === "date-time") return "2026-01-01T12:00:00.000Z";
    if (s.format === "email" || key === "email") return "player@example.com";
    if (s.format === "uri" || /url$/i.test(key)) return "https://game.example.com/shop";
    if (typeof s.pattern === "string" && s.pattern.includes("[0-9a-f]{24}")) return "65f1c2a9e4b0a1b2c3d4e5f6";
    if (key === "currency") return "gold";
    if (key === "sku" || key.endsWith("Sku")) return "starter-pack";
    return key || "string";
  }
  return null;
}
