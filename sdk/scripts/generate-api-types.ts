/** Regenerates sdk/src/generated/ from the app's OpenAPI document: `npm run sdk:generate`. */
import { writeFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { apiTypesSource, currentOpenApiDocument, routesSource } from "./api-types";

const document = await currentOpenApiDocument();
const generated = (name: string) => fileURLToPath(new URL(`../src/generated/${name}`, import.meta.url));
await writeFile(generated("api.ts"), await apiTypesSource(document));
await writeFile(generated("routes.ts"), routesSource(document));
console.log("wrote sdk/src/generated/api.ts and sdk/src/generated/routes.ts");
