/**
 * The API reference's data, built from the OpenAPI document alone (`buildOpenApiDocument`): nothing
 * here restates an operation, a field or a code by hand, so the page cannot drift from the API.
 */
import { curlExample, sdkExample } from "./examples";
import { fieldRows, isObject, resolve, sampleOf, typeLabel, rulesOf, type FieldRow, type JsonObject } from "./schema";

export type ParameterRow = FieldRow & { in: string };

export type ErrorRow = { status: string; codes: string[]; description: string };

export type ReferenceOperation = {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  tag: string;
  /** The security schemes, each alternative joined with " + ". */
  auth: string[];
  parameters: ParameterRow[];
  bodyRequired: boolean;
  bodyDescription: string | null;
  bodyFields: FieldRow[];
  success: { status: string; description: string; fields: FieldRow[]; headers: ParameterRow[]; typeName: string | null } | null;
  /** Other 2xx answers (a replayed checkout's 200). */
  otherSuccesses: { status: string; description: string }[];
  errors: ErrorRow[];
  examples: { curl: string; sdk: string; request: unknown; response: unknown };
};

export type ReferenceWebhook = {
  name: string;
  summary: string;
  description: string | null;
  headers: ParameterRow[];
  fields: FieldRow[];
  example: unknown;
};

export type Reference = {
  title: string;
  version: string;
  description: string | null;
  serverUrl: string;
  tags: { name: string; description: string | null; operations: ReferenceOperation[] }[];
  operations: ReferenceOperation[];
  webhooks: ReferenceWebhook[];
  /** Every code of the error envelope's schema, with the status it comes with. */
  errorCodes: { code: string; status: string | null; description: string | null }[];
  securitySchemes: { name: string; description: string | null; header: string }[];
};

type Components = Record<string, JsonObject>;

const METHODS = ["get", "put", "post", "patch", "delete"] as const;

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value : null;
}

function jsonContent(holder: unknown): JsonObject | null {
  if (!isObject(holder) || !isObject(holder.content)) return null;
  const media = holder.content["application/json"];
  return isObject(media) ? media : null;
}

/** The document's own example of a media object, or one made from its schema. */
function exampleOf(media: JsonObject | null, components: Components): unknown {
  if (!media) return undefined;
  if (media.example !== undefined) return media.example;
  if (isObject(media.examples)) {
    const first = Object.values(media.examples).find(isObject);
    if (first && first.value !== undefined) return first.value;
  }
  return isObject(media.schema) ? sampleOf(media.schema, components) : undefined;
}

function parameterRows(list: unknown, components: Components): ParameterRow[] {
  if (!Array.isArray(list)) return [];
  return list.filter(isObject).map((raw) => {
    const p = raw;
    const schema = isObject(p.schema) ? p.schema : {};
    return {
      name: String(p.name),
      in: String(p.in),
      type: typeLabel(schema, components),
      required: p.required === true,
      rules: rulesOf(schema, components),
      description: text(p.description) ?? text(resolve(schema, components).description),
    };
  });
}

function headerRows(headers: unknown, components: Components): ParameterRow[] {
  if (!isObject(headers)) return [];
  return Object.entries(headers)
    .filter((entry): entry is [string, JsonObject] => isObject(entry[1]))
    .map(([name, h]) => {
      const schema = isObject(h.schema) ? h.schema : {};
      return { name, in: "header", type: typeLabel(schema, components), required: h.required === true, rules: rulesOf(schema, components), description: text(h.description) };
    });
}

/** The codes a response names: from its description (`NOT_FOUND, PLAYER_BLOCKED`) or its examples. */
function codesOf(response: JsonObject, known: readonly string[]): string[] {
  const found = new Set<string>();
  const description = text(response.description) ?? "";
  for (const word of description.match(/\b[A-Z][A-Z0-9_]+\b/g) ?? []) if (known.includes(word)) found.add(word);
  const media = jsonContent(response);
  if (media && isObject(media.examples)) {
    for (const example of Object.values(media.examples)) {
      const value = isObject(example) ? example.value : undefined;
      const code = isObject(value) && isObject(value.error) ? value.error.code : undefined;
      if (typeof code === "string" && known.includes(code)) found.add(code);
    }
  }
  return [...found];
}

function errorCodeList(components: Components): string[] {
  const envelope = components.Error ?? components.ErrorEnvelope;
  if (!envelope) return [];
  const error = isObject(envelope.properties) ? envelope.properties.error : undefined;
  const errorSchema = isObject(error) ? resolve(error, components) : null;
  const code = errorSchema && isObject(errorSchema.properties) ? errorSchema.properties.code : undefined;
  const codeSchema = isObject(code) ? resolve(code, components) : null;
  return codeSchema && Array.isArray(codeSchema.enum) ? codeSchema.enum.map(String) : [];
}

/** An optional per-code description, if the document carries one (`x-enumDescriptions` or `oneOf` of consts). */
function codeDescriptions(components: Components): Record<string, string> {
  const envelope = components.Error ?? components.ErrorEnvelope;
  const error = envelope && isObject(envelope.properties) ? envelope.properties.error : undefined;
  const errorSchema = isObject(error) ? resolve(error, components) : null;
  const code = errorSchema && isObject(errorSchema.properties) ? errorSchema.properties.code : undefined;
  const codeSchema = isObject(code) ? resolve(code, components) : null;
  const result: Record<string, string> = {};
  const described = codeSchema?.["x-enumDescriptions"] ?? codeSchema?.["x-enum-descriptions"];
  if (isObject(described)) for (const [k, v] of Object.entries(described)) if (typeof v === "string") result[k] = v;
  if (codeSchema && Array.isArray(codeSchema.oneOf)) {
    for (const v of codeSchema.oneOf.filter(isObject)) if (typeof v.const === "string" && typeof v.description === "string") result[v.const] = v.description;
  }
  return result;
}

function securityOf(op: JsonObject, document: JsonObject): string[] {
  const security = Array.isArray(op.security) ? op.security : Array.isArray(document.security) ? document.security : [];
  return security.filter(isObject).map((alternative) => Object.keys(alternative).join(" + "));
}

/** What every operation is read against: the whole document, its components and the SPEC's error codes. */
type ReadingContext = { document: JsonObject; components: Components; codes: readonly string[] };

/** One operation of the document, where it sits: its path and method. */
type OperationAt = { path: string; method: string; op: JsonObject };

function buildOperation({ path, method, op }: OperationAt, { document, components, codes }: ReadingContext): ReferenceOperation {
  const responses = isObject(op.responses) ? op.responses : {};
  const entries = Object.entries(responses).filter((e): e is [string, JsonObject] => isObject(e[1]));
  const successes = entries.filter(([status]) => status.startsWith("2")).sort(([a], [b]) => a.localeCompare(b));
  // The first success is the "new" answer (201 before a replay's 200 on checkouts).
  const main = successes.find(([status]) => status === "201") ?? successes[0];
  const mainMedia = main ? jsonContent(main[1]) : null;
  const mainSchema = mainMedia && isObject(mainMedia.schema) ? mainMedia.schema : null;
  const requestMedia = jsonContent(op.requestBody);
  const requestSchema = requestMedia && isObject(requestMedia.schema) ? requestMedia.schema : null;
  const bodyFields = requestSchema ? fieldRows(requestSchema, components) : [];
  const requestExample = requestSchema ? exampleOf(requestMedia, components) : undefined;
  const pathLevel = isObject(document.paths) && isObject(document.paths[path]) ? (document.paths[path] as JsonObject).parameters : undefined;
  const parameters = [...parameterRows(pathLevel, components), ...parameterRows(op.parameters, components)];
  const id = text(op.operationId) ?? `${method}${path}`;
  const auth = securityOf(op, document);
  const base = { id, method: method.toUpperCase(), path, parameters, auth };
  return {
    ...base,
    summary: text(op.summary) ?? id,
    description: text(op.description),
    tag: Array.isArray(op.tags) && typeof op.tags[0] === "string" ? op.tags[0] : "Other",
    bodyRequired: isObject(op.requestBody) && op.requestBody.required === true,
    bodyDescription: isObject(op.requestBody) ? text(op.requestBody.description) : null,
    bodyFields,
    success: main
      ? {
          status: main[0],
          description: text(main[1].description) ?? "Success",
          fields: mainSchema ? fieldRows(mainSchema, components) : [],
          headers: headerRows(main[1].headers, components),
          typeName: mainSchema && typeof mainSchema.$ref === "string" ? mainSchema.$ref.split("/").pop() ?? null : null,
        }
      : null,
    otherSuccesses: successes.filter(([status]) => status !== main?.[0]).map(([status, r]) => ({ status, description: text(r.description) ?? "" })),
    errors: entries
      .filter(([status]) => !status.startsWith("2"))
      .map(([status, r]) => ({ status, codes: codesOf(r, codes), description: text(r.description) ?? "" })),
    examples: {
      curl: curlExample(base, String(document.serverUrl ?? ""), requestExample),
      sdk: sdkExample(base, requestExample),
      request: requestExample,
      response: exampleOf(mainMedia, components),
    },
  };
}

function buildWebhook(name: string, item: JsonObject, components: Components): ReferenceWebhook | null {
  const op = METHODS.map((m) => item[m]).find(isObject);
  if (!op) return null;
  const media = jsonContent(op.requestBody);
  const schema = media && isObject(media.schema) ? media.schema : null;
  return {
    name,
    summary: text(op.summary) ?? name,
    description: text(op.description),
    headers: parameterRows(op.parameters, components),
    fields: schema ? fieldRows(schema, components) : [],
    example: exampleOf(media, components),
  };
}

export function buildReference(document: JsonObject): Reference {
  const componentsHolder = isObject(document.components) ? document.components : {};
  const components = (isObject(componentsHolder.schemas) ? componentsHolder.schemas : {}) as Components;
  const servers = Array.isArray(document.servers) ? document.servers.filter(isObject) : [];
  const serverUrl = text(servers[0]?.url) ?? "/api/v1";
  const codes = errorCodeList(components);
  const withServer = { ...document, serverUrl };
  const operations: ReferenceOperation[] = [];
  for (const [path, item] of Object.entries(isObject(document.paths) ? document.paths : {})) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (isObject(op)) operations.push(buildOperation({ path, method, op }, { document: withServer, components, codes }));
    }
  }
  const declaredTags = (Array.isArray(document.tags) ? document.tags.filter(isObject) : []).map((t) => ({ name: String(t.name), description: text(t.description) }));
  const tagNames = [...new Set([...declaredTags.map((t) => t.name), ...operations.map((o) => o.tag)])];
  const tags = tagNames
    .map((name) => ({ name, description: declaredTags.find((t) => t.name === name)?.description ?? null, operations: operations.filter((o) => o.tag === name) }))
    .filter((t) => t.operations.length > 0);

  // A code's status: the error responses that name it, else none known.
  const statusOf = new Map<string, string>();
  for (const op of operations) for (const e of op.errors) for (const code of e.codes) if (!statusOf.has(code)) statusOf.set(code, e.status);
  const described = codeDescriptions(components);

  const webhooks = Object.entries(isObject(document.webhooks) ? document.webhooks : {})
    .map(([name, item]) => (isObject(item) ? buildWebhook(name, item, components) : null))
    .filter((w): w is ReferenceWebhook => w !== null);

  const schemes = isObject(componentsHolder.securitySchemes) ? componentsHolder.securitySchemes : {};
  const securitySchemes = Object.entries(schemes)
    .filter((e): e is [string, JsonObject] => isObject(e[1]))
    .map(([name, s]) => ({
      name,
      description: text(s.description),
      header: s.type === "http" ? `Authorization: ${s.scheme === "bearer" ? "Bearer …" : String(s.scheme)}` : s.type === "apiKey" ? `${String(s.name)} (${String(s.in)})` : String(s.type),
    }));

  const info = isObject(document.info) ? document.info : {};
  return {
    title: text(info.title) ?? "API",
    version: text(info.version) ?? "",
    description: text(info.description),
    serverUrl,
    tags,
    operations,
    webhooks,
    errorCodes: codes.map((code) => ({ code, status: statusOf.get(code) ?? null, description: described[code] ?? null })),
    securitySchemes,
  };
}
