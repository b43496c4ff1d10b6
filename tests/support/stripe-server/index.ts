/**
 * A local Stripe-compatible server for tests and e2e: the real `stripe` SDK talks to it when
 * STRIPE_API_BASE points here (server/payments/stripe-client.ts).
 *
 *   const stripe = await startStripeServer();            // random port on 127.0.0.1
 *   process.env.STRIPE_API_BASE = stripe.url; resetConfigForTests();
 *   stripe.addAccount({ secretKey: "sk_test_abc", accountId: "acct_1" });  // any other key → 401
 *   // …the app creates a Checkout Session through the SDK…
 *   const [session] = stripe.sessions({ clientReferenceId: orderId });
 *   const event = await stripe.paySession(session.id);   // checkout.session.completed, paid
 *   const { payload, header } = stripe.sign(event, "whsec_…");  // post it yourself (twice, out of order…)
 *   await stripe.close();
 *
 * API endpoints (the ones issue 11 allows; anything else is Stripe's 404 "Unrecognized request URL"):
 *   GET  /v1/account
 *   POST /v1/checkout/sessions            mode=payment, eur line items with price_data, expires_at 30 min–24 h ahead,
 *                                         total ≥ €0.50, unknown parameters refused (parameter_unknown)
 *   GET  /v1/checkout/sessions/:id        expand[]=payment_intent
 *   POST /v1/checkout/sessions/:id/expire open sessions only (else 400); emits checkout.session.expired
 *   GET  /v1/payment_intents/:id          expand[]=latest_charge
 *   GET  /v1/charges/:id
 *   POST /v1/refunds                      payment_intent|charge, amount?, reason?, metadata?; 400 when not paid,
 *                                         disputed, already refunded or over what is left; emits charge.refunded
 *   GET  /v1/refunds/:id, GET /v1/disputes/:id
 * Objects carry `livemode` from the key (sk_live_/rk_live_ → true) and belong to the key's account+mode.
 *
 * Idempotency-Key (POST): the same key and body replays the stored answer with `Idempotent-Replayed:
 * true`; the same key with another body is 400 idempotency_error. Like Stripe, successes and 402
 * refusals are stored, 400 validation errors are not. `forgetIdempotencyKeys()` is "24 hours later".
 *
 * Test controls ("Stripe itself"; each returns the Event and, when the account has a webhook URL,
 * delivers it signed with the real SDK's generateTestHeaderString unless `{ deliver: false }`):
 *   paySession(id, {async?})  settleSession(id, "succeeded"|"failed")  expireSession(id)  expireDue()
 *   refundFromDashboard(pi|ch, {amount?})  openDispute(pi|ch)  closeDispute(dp, "won"|"lost")
 *   failRefundsFor(pi, "refused"|"network-before"|"network-after")  clearRefundFailures(pi?)
 *     (until cleared; the SDK retries a closed connection once by itself, so both attempts fail)
 *   setWebhook(secretKey, url|null, whsec)  advanceTime(seconds)  sign(event, whsec, timestamp?)
 *   session(id)  sessions({clientReferenceId})  forgetIdempotencyKeys()
 *   events, deliveries, requests (every API call with its Idempotency-Key)
 * The same controls over HTTP under /__mock/… for e2e: see controls.ts.
 *
 * Hosted page: session.url = <url>/c/pay/<id>: the amount, "Pay" (completes, delivers the webhook,
 * then 303 to success_url with {CHECKOUT_SESSION_ID} replaced) and "Cancel" (link to cancel_url).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { randomBytes } from "node:crypto";
import { handleApi } from "./api";
import { handleControl } from "./controls";
import { paySessionFromPage, showSession, type PageResult } from "./hosted-page";
import { StripeMock } from "./mock";

export { StripeMock } from "./mock";
export type { StripeEvent, Delivery } from "./events";
export type { Session, PaymentIntent, Charge, Refund, Dispute, RefundFailure } from "./objects";

export type StripeServer = StripeMock & { url: string; port: number; close: () => Promise<void> };

export type StripeServerOptions = { port?: number; host?: string; accounts?: Parameters<StripeMock["addAccount"]>[0][] };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    request.on("error", reject);
  });
}

function sendJson(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body, null, 2);
  response.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text), ...headers });
  response.end(text);
}

function sendPage(response: ServerResponse, result: PageResult): void {
  if (result.redirect) {
    response.writeHead(result.status, { location: result.redirect, "content-length": 0 });
    response.end();
    return;
  }
  const html = result.html ?? "";
  response.writeHead(result.status, { "content-type": "text/html; charset=utf-8", "content-length": Buffer.byteLength(html) });
  response.end(html);
}

async function route(mock: StripeMock, request: IncomingMessage, response: ServerResponse): Promise<void> {
  const url = new URL(request.url ?? "/", "http://mock");
  const method = request.method ?? "GET";
  const body = await readBody(request);
  if (url.pathname.startsWith("/v1/")) {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const idempotencyKey = header("idempotency-key");
    const result = handleApi(mock, { method, path: url.pathname, query: url.search, body, authorization: header("authorization"), idempotencyKey });
    if (result.drop) {
      // A network failure: the client sees the connection close without an answer.
      request.socket.destroy();
      return;
    }
    const headers: Record<string, string> = { "request-id": `req_${randomBytes(8).toString("hex")}`, "stripe-version": request.headers["stripe-version"]?.toString() ?? "" };
    if (idempotencyKey) headers["idempotency-key"] = idempotencyKey;
    if (result.replayed) headers["idempotent-replayed"] = "true";
    sendJson(response, result.status, result.body, headers);
    return;
  }
  if (url.pathname.startsWith("/__mock/")) {
    let parsed: Record<string, unknown> = {};
    try {
      parsed = body ? (JSON.parse(body) as Record<string, unknown>) : {};
    } catch {
      sendJson(response, 400, { error: "body must be JSON" });
      return;
    }
    const result = await handleControl(mock, method, url.pathname, url.searchParams, parsed);
    sendJson(response, result.status, result.body);
    return;
  }
  const pay = /^\/c\/pay\/([^/]+)(\/pay)?$/.exec(url.pathname);
  if (pay && method === "GET" && !pay[2]) return sendPage(response, showSession(mock, pay[1] as string));
  if (pay && method === "POST" && pay[2]) return sendPage(response, await paySessionFromPage(mock, pay[1] as string));
  sendJson(response, 404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${url.pathname}).` } });
}

/** Starts the mock on 127.0.0.1 (a free port unless `port`); `close()` stops it. */
export async function startStripeServer(options: StripeServerOptions = {}): Promise<StripeServer> {
  const mock = new StripeMock();
  const server = createServer((request, response) => {
    route(mock, request, response).catch((error: unknown) => {
      console.error("[stripe mock]", error);
      if (!response.headersSent) sendJson(response, 500, { error: { type: "api_error", message: "mock failure" } });
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
  for (const account of options.accounts ?? []) mock.addAccount(account);
  const close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return Object.assign(mock, { url, port, close });
}
