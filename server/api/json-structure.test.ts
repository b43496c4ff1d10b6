import { describe, expect, it } from "vitest";
import { inspectJsonStructure } from "./json-structure";

const duplicates = (text: string) => inspectJsonStructure(text, 32).duplicateKeys;

describe("inspectJsonStructure", () => {
  it("names each repeated key by its dotted path, in objects inside arrays too", () => {
    expect(duplicates('{"a":1,"b":{"c":1,"c":2},"a":3}')).toEqual(["b.c", "a"]);
    expect(duplicates('{"items":[[1,2],{"sku":"x","sku":"y"}]}')).toEqual(["items.1.sku"]);
    expect(duplicates('{"k":1,"k":2,"k":3}')).toEqual(["k", "k"]);
  });

  it("compares keys after unescaping, and reads quotes and brackets inside strings as text", () => {
    expect(duplicates('{"\\u0061":1,"a":2}')).toEqual(["a"]);
    expect(duplicates('{"a\\\\":1,"a\\"":2,"x":"\\"a\\":{[","y":"\\\\"}')).toEqual([]);
    expect(duplicates('{"a\\\\":1,"a\\u005c":2}')).toEqual(["a\\"]);
  });

  it("counts the same name in two objects, and a value equal to a key, as no duplicate", () => {
    expect(duplicates('{"a":{"a":"a"},"b":[{"a":1},{"a":2}],"c":"a"}')).toEqual([]);
    expect(duplicates("[]")).toEqual([]);
    expect(duplicates('"a"')).toEqual([]);
  });

  it("stops at the first container past the depth, without recursion", () => {
    expect(inspectJsonStructure(`${"[".repeat(32)}${"]".repeat(32)}`, 32).tooDeep).toBe(false);
    expect(inspectJsonStructure(`${"[".repeat(33)}${"]".repeat(33)}`, 32).tooDeep).toBe(true);
    expect(inspectJsonStructure(`{"a":"${"[".repeat(100)}"}`, 32).tooDeep).toBe(false);
    expect(inspectJsonStructure(`${"[".repeat(30_000)}${"]".repeat(30_000)}`, 32).tooDeep).toBe(true);
  });
});
