import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A Next.js App Router route handler: the web Request and the route's dynamic segments. */
export type RouteHandler<Params extends Record<string, string>> = (request: Request, context: { params: Promise<Params> }) => Promise<Response>;

const origins = new Map<string, Promise<string>>();

/**
 * `handler` on a port of this worker, as Next.js serves it at `route` (a path such as
 * "/api/payments/stripe/[game]/[env]"): the request's exact bytes in a web Request, the bracketed
 * segments as its params, the answer written back as is; any other path is a 404. One server per
 * route and worker, so the origin it resolves to can be handed to mock providers as a webhook target.
 */
export function routeHandlerServer<Params extends Record<string, string>>(route: string, handler: RouteHandler<Params>): Promise<string> {
  const known = origins.get(route);
  if (known) return known;
  const names: string[] = [];
  const pattern = new RegExp(
    `^${route
      .split("/")
      .map((segment) => {
        const dynamic = /^\[([^\]]+)\]$/.exec(segment);
        if (!dynamic?.[1]) return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
        names.push(dynamic[1]);
        return "([^/]+)";
      })
      .join("/")}$`,
  );
  const origin = new Promise<string>((resolve) => {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        void (async () => {
          const match = pattern.exec(req.url ?? "");
          const values = names.map((_, index) => match?.[index + 1]);
          if (!match || values.some((value) => !value)) {
            res.writeHead(404).end();
            return;
          }
          // The pattern has one capture per bracketed segment, so every name of Params has its value.
          const params = Object.fromEntries(names.map((name, index) => [name, values[index]])) as Params;
          const headers = new Headers();
          for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
          const request = new Request(`http://localhost${req.url ?? ""}`, { method: req.method ?? "POST", headers, body: Buffer.concat(chunks) });
          const response = await handler(request, { params: Promise.resolve(params) });
          res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
          res.end(Buffer.from(await response.arrayBuffer()));
        })();
      });
    });
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`));
    server.unref();
  });
  origins.set(route, origin);
  return origin;
}
