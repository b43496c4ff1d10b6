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

/**
 * The game's own server side: POST /shop-link answers a shop link for the player, made with the SDK's
 * server client and the game's secret key (GAMECOIN_SECRET_KEY; never sent to the browser). A real game
 * takes the player from its own sign-in, not from the request body as this example does.
 */
export async function answerShopLink(request, response, { apiBase, secretKey }) {
  const { GamecoinServer, GamecoinError } = await import("../../sdk/dist/index.js");
  let body = "";
  for await (const chunk of request) body += chunk;
  const reply = (status, value) => response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(JSON.stringify(value));
  try {
    const { playerId, locale } = JSON.parse(body || "{}");
    const server = new GamecoinServer({ secretKey, baseUrl: apiBase });
    reply(201, await server.createShopLink(String(playerId), ["fr", "en", "nl"].includes(locale) ? { locale } : undefined));
  } catch (error) {
    reply(error instanceof GamecoinError ? error.status : 500, { error: { code: error instanceof GamecoinError ? error.code : "INTERNAL_ERROR" } });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT ?? 4173);
  const apiBase = process.env.GAMECOIN_API ?? "http://localhost:3000/api/v1";
  const secretKey = process.env.GAMECOIN_SECRET_KEY ?? "svc_sk_test_demo_0000000000000000000000";
  createServer((request, response) => {
    if (request.method === "POST" && request.url === "/shop-link") return void answerShopLink(request, response, { apiBase, secretKey });
    const file = fileFor(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
    if (!file) return response.writeHead(404).end("not found");
    response.writeHead(200, { "Content-Type": types[path.extname(file)], "Cache-Control": "no-store" });
    createReadStream(file).pipe(response);
  }).listen(port, "127.0.0.1", () => console.log(`http://127.0.0.1:${port}/?api=http://localhost:3000/api/v1&key=<publishable key>`));
}
