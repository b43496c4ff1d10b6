/**
 * A tiny "game" website on another origin than the app (127.0.0.1 vs localhost): it opens the
 * checkout in a popup and records every window message it receives in `window.received`.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedMessage = { data: unknown; origin: string };

export type GamePage = {
  /** e.g. http://127.0.0.1:4173 */
  origin: string;
  /** The page with the Buy button that opens `checkoutUrl` with window.open. */
  shopUrl: (checkoutUrl: string) => string;
  successUrl: string;
  cancelUrl: string;
  close: () => Promise<void>;
};

const shopHtml = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Game shop</title></head>
<body>
<h1>Game shop</h1>
<button id="buy" type="button">Buy the pack</button>
<ul id="log"></ul>
<script>
  window.received = [];
  window.addEventListener("message", function (event) {
    window.received.push({ data: event.data, origin: event.origin });
    var li = document.createElement("li");
    li.textContent = event.origin + " " + JSON.stringify(event.data);
    document.getElementById("log").appendChild(li);
  });
  var checkoutUrl = new URLSearchParams(location.search).get("checkout");
  document.getElementById("buy").addEventListener("click", function () {
    window.checkoutWindow = window.open(checkoutUrl, "_blank");
  });
</script>
</body>
</html>`;

const backHtml = (title: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>
<body><h1 id="back">${title}</h1></body></html>`;

export async function startGamePage(options: { host?: string; port?: number } = {}): Promise<GamePage> {
  const host = options.host ?? "127.0.0.1";
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://game.invalid").pathname;
    const html = path === "/" ? shopHtml : path === "/success" ? backHtml("Back in the game: success") : path === "/cancel" ? backHtml("Back in the game: canceled") : null;
    response.writeHead(html ? 200 : 404, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
    response.end(html ?? "not found");
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? Number(process.env.E2E_GAME_PORT ?? 4173), host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host}:${port}`;
  return {
    origin,
    shopUrl: (checkoutUrl) => `${origin}/?checkout=${encodeURIComponent(checkoutUrl)}`,
    successUrl: `${origin}/success`,
    cancelUrl: `${origin}/cancel`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
