import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { apiTypesSource, currentOpenApiDocument, routesSource } from "@/sdk/scripts/api-types";

/** The SDK's types and route table are generated from the app's OpenAPI document and checked in. */
describe("sdk/src/generated", () => {
  it("matches what the app's current OpenAPI document generates (else run `npm run sdk:generate`)", async () => {
    const document = await currentOpenApiDocument();
    const read = (name: string) => readFile(new URL(`../../sdk/src/generated/${name}`, import.meta.url), "utf8");
    expect(await read("api.ts")).toBe(await apiTypesSource(document));
    expect(await read("routes.ts")).toBe(routesSource(document));
  });
});
