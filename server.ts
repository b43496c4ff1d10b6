/**
 * The HTTP entry point of `npm run dev` and `npm start`: Next.js behind a plain Node server, because
 * route handlers never see the socket and per-IP limits need the real client address.
 */
import { createServer } from "node:http";
import next from "next";
import { answerUnparsableRequest } from "./server/api/unparsable-request";
import { vouchForClientIp } from "./server/lib/client-ip";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "0.0.0.0";
const trustProxyHops = Number(process.env.TRUST_PROXY ?? 0);

async function main(): Promise<void> {
  const app = next({ dev, port, hostname: "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  // In production the API skips Next.js's request handling (same pipeline, half the CPU); in
  // development it stays inside Next.js so code changes reload.
  const { isApiRequest, serveApi } = dev ? { isApiRequest: () => false, serveApi: null } : await import("./server/api/node-adapter");
  const server = createServer((req, res) => {
    vouchForClientIp(req, trustProxyHops);
    if (serveApi && isApiRequest(req.url)) void serveApi(req, res);
    else void handle(req, res);
  });
  server.on("clientError", answerUnparsableRequest);
  server.listen(port, hostname, () => {
    console.log(`Gamecoin ${dev ? "(development)" : ""} listening on http://localhost:${port}`);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
