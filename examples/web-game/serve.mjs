// Serves the example on http://127.0.0.1:4173 (PORT to change it), with the SDK's browser build under
// /sdk/. Build the SDK first: `npx tsc -p sdk/tsconfig.json` from the repository root.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const sdkDist = path.resolve(here, "../../sdk/dist");
const types = { ".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8" };

/** The file a URL path names: /sdk/… from the SDK's dist, the rest from this folder; null outside them. */
export function fileFor(urlPath) {
  const [root, rest] = urlPath.startsWith("/sdk/") ? [sdkDist, urlPath.slice(5)] : [here, urlPath === "/" ? "index.html" : urlPath.slice(1)];
  const file = path.resolve(root, rest);
  if (!file.startsWith(root + path.sep) || !existsSync(file) || !statSync(file).isFile()) return null;
  return types[path.extname(file)] ? file : null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 4173);
  createServer((request, response) => {
    const file = fileFor(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    if (!file) return response.writeHead(404).end("not found");
    response.writeHead(200, { "Content-Type": types[path.extname(file)], "Cache-Control": "no-store" });
    createReadStream(file).pipe(response);
  }).listen(port, "127.0.0.1", () => console.log(`http://127.0.0.1:${port}/?api=http://localhost:3000/api/v1&key=<publishable key>`));
}
