import { createServer, type Server } from "node:http";
import { connect } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FORM_BODY_MAX_BYTES, limitReceiveTime, pageBodyLimit, refuseOversizedPageBody } from "@/server/api/page-body-limits";

/** What server.ts does before handing a request outside /api/v1 to Next.js; the handler stands for Next and reports what it read. */
let server: Server;
let port: number;
beforeAll(async () => {
  server = createServer((req, res) => {
    if (refuseOversizedPageBody(req, res)) return;
    let read = 0;
    req.on("data", (chunk: Buffer) => (read += chunk.length));
    req.on("end", () => res.end(JSON.stringify({ read })));
  });
  limitReceiveTime(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** Sends the head only (no body bytes), as a stalled upload would, and returns what the server answers. */
function headOnly(head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(head));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", reject);
    setTimeout(() => {
      socket.destroy();
      resolve(answer);
    }, 2_000);
  });
}

describe("bodies outside /api/v1 are bounded before they are read", () => {
  it("a payment form declaring 10 MB is refused at once with 400 BODY_TOO_LARGE, the connection closed, nothing read", async () => {
    const answer = await headOnly(`POST /pay/abc/pay HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${10 * 1024 * 1024}\r\n\r\n`);
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/connection: close/i);
    const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as unknown;
    expect(body).toEqual({
      error: { code: "VALIDATION_FAILED", message: `The body is larger than ${FORM_BODY_MAX_BYTES} bytes.`, details: { fieldErrors: { body: ["BODY_TOO_LARGE"] } } },
    });
  });

  it("a body of unknown length (chunked) is refused with LENGTH_REQUIRED", async () => {
    const answer = await headOnly("POST /login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n");
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toContain('"Content-Length":["LENGTH_REQUIRED"]');
  });

  it("a form within the bound reaches the handler whole", async () => {
    const body = "a=".padEnd(FORM_BODY_MAX_BYTES, "x");
    const response = await fetch(`http://127.0.0.1:${port}/pay/abc/pay`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ read: FORM_BODY_MAX_BYTES });
  });

  it("tRPC and the Stripe webhook keep the larger bounds they need", async () => {
    expect(pageBodyLimit("/api/trpc/catalog.import")).toBe(1024 * 1024);
    expect(pageBodyLimit("/api/payments/stripe/game/live")).toBe(512 * 1024);
    expect(pageBodyLimit("/login")).toBe(16 * 1024);
    const body = "x".repeat(600 * 1024);
    const response = await fetch(`http://127.0.0.1:${port}/api/trpc/catalog.import`, { method: "POST", body });
    expect(await response.json()).toEqual({ read: 600 * 1024 });
  });

  it("a request must arrive whole within 30 s (headers within 15 s)", () => {
    expect(server.requestTimeout).toBe(30_000);
    expect(server.headersTimeout).toBe(15_000);
  });
});
