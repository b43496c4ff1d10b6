import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serveMetrics } from "@/server/api/metrics-route";

let origin: Promise<string> | undefined;

/** GET /api/metrics over real HTTP, served in this process, so it reads the registry the API writes. */
export async function scrape(authorization?: string): Promise<{ status: number; contentType: string | null; text: string }> {
  origin ??= new Promise((resolve) => {
    const server = createServer((req, res) => void serveMetrics(req, res));
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    server.unref();
  });
  const response = await fetch(`${await origin}/api/metrics`, { headers: authorization ? { authorization } : {} });
  return { status: response.status, contentType: response.headers.get("content-type"), text: await response.text() };
}

/** The sample lines of `name` (with labels), as `name{labels} value`. */
export function samples(text: string, name: string): string[] {
  return text.split("\n").filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}
