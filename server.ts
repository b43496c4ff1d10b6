/**
 * The HTTP entry point of `npm run dev` (run by tsx) and `npm start` (compiled to dist/server.js by
 * scripts/build-server.mjs): Next.js behind a plain Node server, because route handlers never see the
 * socket (per-IP limits need the real client address) and draining on SIGTERM needs the listener.
 */
import { createServer } from "node:http";
import { assertStartable, config } from "./server/lib/config";
import { shareAsyncContextWithNext } from "./server/runtime/shared-async-context";

const dev = process.argv.includes("--dev");

async function main(): Promise<void> {
  // A bad or missing variable (AUTH_SECRET in production) stops the start here, with its name, before
  // anything listens or connects (the modules below read the config as they load, so they come after).
  const { PORT: port, HOSTNAME: hostname, TRUST_PROXY: trustProxyHops } = config();
  assertStartable();
  const { childLogger } = await import("./server/observability/logger");
  const { answerUnparsableRequest } = await import("./server/api/unparsable-request");
  const { limitReceiveTime, refuseOversizedPageBody } = await import("./server/api/page-body-limits");
  const { vouchForClientIp } = await import("./server/lib/client-ip");
  const { gracefulShutdown } = await import("./server/runtime/graceful-shutdown");
  const { isReadyRequest, serveReadiness } = await import("./server/api/ready-endpoint");
  const { RequestTracker } = await import("./server/runtime/request-tracker");
  const log = childLogger({ module: "server" });

  const { localHostnameOf } = await import("./server/lib/listen-address");
  // The instance's own address, never a fixed "localhost": Next.js builds request.url from it. Public
  // links and redirects come from PUBLIC_URL (server/lib/public-url.ts), whatever this is.
  const ownHost = localHostnameOf(hostname);
  // Before Next.js loads, so its storages are made from the shared one (server/runtime/shared-async-context.ts).
  shareAsyncContextWithNext();
  const { default: next } = await import("next");
  const app = next({ dev, port, hostname: ownHost });
  const handle = app.getRequestHandler();
  await app.prepare();
  // In production the API skips Next.js's request handling (same pipeline, half the CPU); in
  // development it stays inside Next.js so code changes reload.
  const { isApiRequest, serveApi } = dev ? { isApiRequest: () => false, serveApi: null } : await import("./server/api/node-adapter");
  const tracker = new RequestTracker();
  const server = createServer((req, res) => {
    tracker.track(req, res);
    if (isReadyRequest(req.url)) void serveReadiness(res).catch((error: unknown) => log.error({ err: error }, "readiness answer failed"));
    // The API works out the client address itself, only when a route needs it; Next.js gets it vouched for.
    else if (serveApi && isApiRequest(req.url)) void serveApi(req, res, trustProxyHops);
    else if (!refuseOversizedPageBody(req, res)) {
      vouchForClientIp(req, trustProxyHops);
      void handle(req, res);
    }
  });
  limitReceiveTime(server);
  server.on("clientError", answerUnparsableRequest);
  server.listen(port, hostname, () => {
    log.info(`Gamecoin ${dev ? "(development) " : ""}listening on http://${ownHost}:${port}`);
  });
  const shutdown = gracefulShutdown({
    server,
    tracker,
    log: { info: (message) => log.info(message), error: (message, error) => log.error({ err: error }, message) },
    closeApp: () => app.close(),
  });
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((error: unknown) => {
  // The config's message lists each bad variable by name (never its value); a stack adds nothing.
  console.error(error instanceof Error && error.message.startsWith("Invalid environment") ? error.message : error);
  process.exit(1);
});
