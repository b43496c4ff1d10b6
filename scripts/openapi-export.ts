import { writeFileSync } from "node:fs";
import { buildOpenApiDocument } from "@/server/api/openapi";

/**
 * Writes the OpenAPI document to a file for the lint gates (npm run lint:openapi). The app serves it with
 * its public URL as server; here the server is relative, as no deployment is implied.
 */
const out = process.argv[2];
if (!out) {
  console.error("usage: tsx scripts/openapi-export.ts <file.json>");
  process.exit(2);
}
writeFileSync(out, JSON.stringify(buildOpenApiDocument("/api/v1"), null, 2) + "\n");
