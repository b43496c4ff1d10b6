/**
 * Stripe's form encoding (`a[b][0][c]=v`, `expand[]=x`), parsed the way Stripe's qs-style parser does:
 * bracketed keys nest, objects whose keys are all indices become arrays, values stay strings.
 */
import { MockStripeError, invalidParam, missingParam, unknownParam } from "./errors";

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

const FORBIDDEN = new Set(["__proto__", "constructor", "prototype"]);

function keyPath(raw: string): string[] {
  const first = raw.indexOf("[");
  if (first <= 0) return [raw];
  const parts = [raw.slice(0, first)];
  const re = /\[([^\]]*)\]/g;
  let match: RegExpExecArray | null;
  while ((match = re.exec(raw.slice(first))) !== null) parts.push(match[1] ?? "");
  return parts;
}

type Tree = { [key: string]: Tree | string };

function toValue(node: Tree | string): FormValue {
  if (typeof node === "string") return node;
  const keys = Object.keys(node);
  const values = keys.map((key) => toValue(node[key] as Tree | string));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.map((key, i) => ({ index: Number(key), value: values[i] as FormValue })).sort((a, b) => a.index - b.index).map((entry) => entry.value);
  }
  const out: FormObject = {};
  keys.forEach((key, i) => (out[key] = values[i] as FormValue));
  return out;
}

export function parseForm(body: string): FormObject {
  const root: Tree = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = keyPath(rawKey);
    if (path.some((part) => FORBIDDEN.has(part))) continue;
    let node: Tree = root;
    path.forEach((part, i) => {
      // `expand[]=a&expand[]=b`: an empty index appends.
      const key = part === "" ? String(Object.keys(node).length) : part;
      if (i === path.length - 1) {
        node[key] = value;
        return;
      }
      const next = node[key];
      if (typeof next === "object") node = next;
      else node = node[key] = {};
    });
  }
  return toValue(root) as FormObject;
}

/** What one endpoint accepts: `true` is a scalar, `"hash"` any string-to-string map (metadata), `[spec]` a list. */
export type ParamSpec = true | "hash" | ParamSpec[] | { [key: string]: ParamSpec };

/** Refuses parameters the endpoint does not know, as Stripe does (`parameter_unknown`). */
export function checkKnown(value: FormValue, spec: ParamSpec, path = ""): void {
  if (spec === true) {
    if (typeof value !== "string") throw invalidParam(path, `Invalid value for ${path}: must be a string or number.`);
    return;
  }
  if (spec === "hash") {
    if (typeof value === "string" && value === "") return;
    if (typeof value !== "object" || Array.isArray(value)) throw invalidParam(path, `Invalid object`);
    for (const [key, entry] of Object.entries(value)) {
      if (typeof entry !== "string") throw invalidParam(`${path}[${key}]`, `Invalid value for ${path}[${key}]: must be a string.`);
    }
    return;
  }
  if (Array.isArray(spec)) {
    if (!Array.isArray(value)) throw invalidParam(path, `Invalid array`);
    value.forEach((entry, i) => checkKnown(entry, spec[0] as ParamSpec, `${path}[${i}]`));
    return;
  }
  if (typeof value !== "object" || Array.isArray(value)) throw invalidParam(path, `Invalid object`);
  for (const [key, entry] of Object.entries(value)) {
    const child = spec[key];
    const childPath = path ? `${path}[${key}]` : key;
    if (child === undefined) throw unknownParam(childPath);
    checkKnown(entry, child, childPath);
  }
}

/** Reads a nested parameter by path; undefined when any step is missing. */
export function pick(params: FormValue, path: (string | number)[]): FormValue | undefined {
  let node: FormValue | undefined = params;
  for (const step of path) {
    if (node === undefined || typeof node === "string") return undefined;
    node = Array.isArray(node) ? node[Number(step)] : node[String(step)];
  }
  return node;
}

export const paramName = (path: (string | number)[]) => path.map((step, i) => (i === 0 ? String(step) : `[${step}]`)).join("");

export function str(params: FormValue, path: (string | number)[], required = false): string | undefined {
  const value = pick(params, path);
  if (value === undefined || value === "") {
    if (required) throw missingParam(paramName(path));
    return undefined;
  }
  return value as string;
}

export function int(params: FormValue, path: (string | number)[], required = false): number | undefined {
  const value = str(params, path, required);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value)) {
    throw new MockStripeError(400, "invalid_request_error", `Invalid integer: ${value}`, "parameter_invalid_integer", paramName(path));
  }
  return Number(value);
}

export function hash(params: FormValue, path: (string | number)[]): Record<string, string> {
  const value = pick(params, path);
  if (value === undefined || typeof value === "string") return {};
  return { ...(value as Record<string, string>) };
}

export function list(params: FormValue, path: (string | number)[]): string[] {
  const value = pick(params, path);
  if (value === undefined || value === "") return [];
  return (Array.isArray(value) ? value : [value]).filter((entry): entry is string => typeof entry === "string");
}
