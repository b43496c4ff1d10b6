/**
 * A local Mollie-compatible server for tests and e2e: the app's Mollie client talks to it when
 * MOLLIE_API_BASE points here (server/payments/mollie/mollie-client.ts).
 *
 *   const mollie = await startMollieServer();             // random port on 127.0.0.1
 *   process.env.MOLLIE_API_BASE = mollie.url; resetConfigForTests();
 *   mollie.addKey("test_abcdefghijklmnopqrstuvwxyz");     // any other key → 401
 *   // …the app creates a payment…
 *   const [payment] = mollie.paymentsFor(orderId);
 *   await mollie.complete(payment.id, "paid", { method: "ideal" });   // calls the webhook, awaited
 *   await mollie.chargeback(payment.id);                  // cards, Apple Pay, PayPal, direct debit only
 *   await mollie.close();
 *
 * API (Mollie v2, JSON in, application/hal+json out, errors `{status,title,detail,field}`):
 *   GET /v2/methods, POST /v2/payments (amount "10.00" with a currency, description and redirectUrl
 *   required, method a string or a list of activated methods, locale, metadata ≤ 1 kB),
 *   GET|DELETE /v2/payments/:id (DELETE only while open and isCancelable), POST|GET
 *   /v2/payments/:id/refunds (only when paid, amount ≤ remaining), GET /v2/payments/:id/chargebacks,
 *   GET /v2/chargebacks. Idempotency-Key on POSTs: the same key and body replays the answer, another
 *   body is a 422. Payments of another key are 404, as across Mollie profiles.
 * Hosted checkout: `_links.checkout` = <url>/checkout/<id>: a method, then Paid / Failed / Cancel /
 * Expire; the status changes, the webhook is called, and the buyer goes to the redirectUrl.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { MollieMock } from "./mock";

export { MollieMock } from "./mock";
export type { Payment, Refund, Chargeback } from "./objects";

export type MollieServer = MollieMock & { url: string; port: number; close: () => Promise<void> };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function send(response: ServerResponse, status: number, body: string, headers: Record<string, string>): void {
  response.writeHead(status, { "content-length": String(Buffer.byteLength(body)), ...headers });
  response.end(body);
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function checkoutPage(mock: MollieMock, paymentId: string): string {
  const payment = mock.payment(paymentId);
  const allowed = (payment as typeof payment & { allowedMethods?: string[] | null }).allowedMethods ?? ["creditcard", "bancontact", "ideal", "applepay", "paypal"];
  const options = allowed.map((m) => `<option value="${escape(m)}">${escape(m)}</option>`).join("");
  const buttons = ["paid", "failed", "canceled", "expired"].map((o) => `<button type="submit" name="outcome" value="${o}" data-testid="mollie-${o}">${o}</button>`).join(" ");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mollie test checkout</title></head><body><main>
<h1>Test payment ${escape(payment.amount.currency)} ${escape(payment.amount.value)}</h1><p>${escape(payment.description)}</p>
<form method="post" action="/checkout/${escape(payment.id)}"><label for="method">Method</label> <select id="method" name="method">${options}</select> ${buttons}</form>
</main></body></html>`;
}

async function route(mock: MollieMock, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://mock");
  const method = request.method ?? "GET";
  const body = await readBody(request);
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (url.pathname.startsWith("/v2/")) {
    const answer = mock.handle({ method, path: url.pathname, query: url.searchParams, body, authorization: header("authorization"), idempotencyKey: header("idempotency-key") });
    send(response, answer.status, JSON.stringify(answer.body), { "content-type": "application/hal+json" });
    return;
  }
  const checkout = /^\/checkout\/(tr_[A-Za-z0-9]+)$/.exec(url.pathname);
  if (checkout?.[1] && method === "GET") {
    send(response, 200, checkoutPage(mock, checkout[1]), { "content-type": "text/html; charset=utf-8" });
    return;
  }
  if (checkout?.[1] && method === "POST") {
    const form = new URLSearchParams(body);
    const outcome = form.get("outcome") as "paid" | "failed" | "canceled" | "expired";
    await mock.complete(checkout[1], outcome, { method: form.get("method") ?? undefined });
    const payment = mock.payment(checkout[1]);
    send(response, 303, "", { location: outcome === "canceled" && payment.cancelUrl ? payment.cancelUrl : payment.redirectUrl });
    return;
  }
  send(response, 404, JSON.stringify({ status: 404, title: "Not Found", detail: "The resource does not exist" }), { "content-type": "application/hal+json" });
}

/** Starts the server on 127.0.0.1 (a free port unless `port`); `close()` stops it. */
export async function startMollieServer(options: { port?: number; host?: string } = {}): Promise<MollieServer> {
  const mock = new MollieMock();
  const server = createServer((request, response) => {
    route(mock, request, response).catch((error: unknown) => {
      console.error("[mollie mock]", error);
      if (!response.headersSent) send(response, 500, JSON.stringify({ status: 500, title: "Internal Server Error", detail: String(error) }), { "content-type": "application/hal+json" });
      else response.destroy();
    });
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  mock.baseUrl = url;
  const close = async () => {
    await mock.idle();
    await new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  };
  return Object.assign(mock, { url, port, close });
}
