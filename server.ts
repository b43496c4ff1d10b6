/**
 * The HTTP entry point of `npm run dev` and `npm start`: Next.js behind a plain Node server, because
 * route handlers never see the socket and per-IP limits need the real client address.
 */
import { createServer } from "node:http";
import next from "next";
import { vouchForClientIp } from "./server/lib/client-ip";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const hostname = process.env.HOSTNAME ?? "0.0.0.0";
const trustProxyHops = Number(process.env.TRUST_PROXY ?? 0);

async function main(): Promise<void> {
  const app = next({ dev, port, hostname: "localhost" });
  const handle = app.getRequestHandler();
  await app.prepare();
  const server = createServer((req, res) => {
    vouchForClientIp(req, trustProxyHops);
    void handle(req, res);
  });
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
