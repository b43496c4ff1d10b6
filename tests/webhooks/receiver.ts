import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string };
export type Reply = { status?: number; body?: string; headers?: Record<string, string>; delayMs?: number };
export type Responder = (request: ReceivedRequest, countForPath: number) => Reply;

/** A real HTTP receiver on 127.0.0.1 (an ephemeral port): records every request, answers as told. */
export class Receiver {
  readonly requests: ReceivedRequest[] = [];
  private responder: Responder = () => ({ status: 200, body: "ok" });
  private readonly server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const request: ReceivedRequest = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      this.requests.push(request);
      const reply = this.responder(request, this.on(request.path).length);
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(reply.status ?? 200, { "content-type": "text/plain", ...reply.headers });
        res.end(reply.body ?? "");
      };
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });

  static async start(responder?: Responder): Promise<Receiver> {
    const receiver = new Receiver();
    if (responder) receiver.respond(responder);
    await new Promise<void>((resolve) => receiver.server.listen(0, "127.0.0.1", resolve));
    return receiver;
  }

  respond(responder: Responder): void {
    this.responder = responder;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path: string, host = "127.0.0.1"): string {
    return `http://${host}:${this.port}${path}`;
  }

  on(path: string): ReceivedRequest[] {
    return this.requests.filter((r) => r.path === path);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
