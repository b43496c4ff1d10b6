import { randomBytes } from "node:crypto";
import {
  CANCELABLE_METHODS,
  CHARGEBACK_METHODS,
  LOCALES,
  METHODS,
  amountOf,
  cents,
  mollieError,
  type Amount,
  type Chargeback,
  type Mode,
  type Payment,
  type PaymentStatus,
  type Refund,
} from "./objects";

type Answer = { status: number; body: unknown };
export type ApiRequest = { method: string; path: string; query: URLSearchParams; body: string; authorization?: string; idempotencyKey?: string };
export type WebhookCall = { url: string; paymentId: string; status: number | null };
type Profile = { apiKey: string; mode: Mode; methods: string[] };

const id = (prefix: string) => `${prefix}_${randomBytes(6).toString("hex")}`;
const now = () => new Date().toISOString();

/**
 * Mollie's documented rules, in memory: API keys per profile and mode, payments with their status
 * machine per method, refunds (≤ the remaining amount, idempotent), chargebacks (only for methods that
 * have them), webhook calls (`id=tr_…` form posts) on every status change, refund and chargeback.
 */
export class MollieMock {
  baseUrl = "";
  /** Tests only: the app's PUBLIC_URL is not served in vitest, so webhook calls go to this origin instead. */
  webhookOrigin: string | null = null;
  readonly requests: { method: string; path: string; idempotencyKey?: string; body: string }[] = [];
  readonly webhookCalls: WebhookCall[] = [];
  private readonly profiles = new Map<string, Profile>();
  private readonly payments = new Map<string, { payment: Payment; apiKey: string }>();
  private readonly refunds = new Map<string, Refund[]>();
  private readonly chargebacks = new Map<string, Chargeback[]>();
  private readonly idempotency = new Map<string, { body: string; answer: Answer }>();
  private readonly inFlight = new Set<Promise<unknown>>();

  /** Resolves once the webhook calls that API calls started (cancel, refund) have been answered. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  /** A webhook call started by an API call: after the API's answer, as Mollie does it. */
  private later(payment: Payment): void {
    const call: Promise<unknown> = new Promise((resolve) => setTimeout(resolve, 20)).then(() => this.callWebhook(payment));
    this.inFlight.add(call);
    void call.finally(() => this.inFlight.delete(call));
  }

  /** A profile's key (`test_…` or `live_…`) and its enabled methods (all known ones unless given). */
  addKey(apiKey: string, methods: string[] = [...METHODS]): void {
    const mode: Mode = apiKey.startsWith("live_") ? "live" : "test";
    this.profiles.set(apiKey, { apiKey, mode, methods });
  }

  payment(paymentId: string): Payment {
    const found = this.payments.get(paymentId);
    if (!found) throw new Error(`no payment ${paymentId}`);
    return found.payment;
  }

  paymentsFor(orderId: string): Payment[] {
    return [...this.payments.values()].map((p) => p.payment).filter((p) => (p.metadata as { orderId?: string } | null)?.orderId === orderId);
  }

  refundsOf(paymentId: string): Refund[] {
    return this.refunds.get(paymentId) ?? [];
  }

  // ---------- the API ----------

  handle(req: ApiRequest): Answer {
    this.requests.push({ method: req.method, path: req.path, idempotencyKey: req.idempotencyKey, body: req.body });
    const profile = this.profileOf(req.authorization);
    if (!profile) return mollieError(401, "Unauthorized Request", "Missing authentication, or failed to authenticate");
    if (req.method === "POST" && req.idempotencyKey) {
      const key = `${profile.apiKey}\n${req.path}\n${req.idempotencyKey}`;
      const stored = this.idempotency.get(key);
      if (stored) {
        if (stored.body !== req.body) return mollieError(422, "Unprocessable Entity", "The idempotency key was used before with another request body.", "Idempotency-Key");
        return stored.answer;
      }
      const answer = this.route(profile, req);
      if (answer.status < 500) this.idempotency.set(key, { body: req.body, answer });
      return answer;
    }
    return this.route(profile, req);
  }

  private profileOf(authorization: string | undefined): Profile | null {
    const match = /^Bearer (\S+)$/.exec(authorization ?? "");
    return match?.[1] ? (this.profiles.get(match[1]) ?? null) : null;
  }

  private route(profile: Profile, req: ApiRequest): Answer {
    const { method, path } = req;
    if (method === "GET" && path === "/v2/methods") return this.list("methods", profile.methods.map((m) => ({ resource: "method", id: m, description: m, status: "activated" })));
    if (method === "POST" && path === "/v2/payments") return this.createPayment(profile, req.body);
    if (method === "GET" && path === "/v2/chargebacks") {
      const all = [...this.payments.values()].filter((p) => p.apiKey === profile.apiKey).flatMap((p) => this.chargebacks.get(p.payment.id) ?? []);
      return this.list("chargebacks", all.reverse());
    }
    if (method === "GET" && path === "/v2/refunds") {
      const all = [...this.payments.values()].filter((p) => p.apiKey === profile.apiKey).flatMap((p) => this.refundsOf(p.payment.id));
      return this.list("refunds", all.reverse());
    }
    const match = /^\/v2\/payments\/([^/]+)(?:\/(refunds|chargebacks))?$/.exec(path);
    const found = match?.[1] ? this.payments.get(match[1]) : undefined;
    if (!match) return mollieError(404, "Not Found", "The resource does not exist");
    if (!found || found.apiKey !== profile.apiKey) return mollieError(404, "Not Found", `No payment exists with token ${match[1]}.`);
    const payment = found.payment;
    if (!match[2] && method === "GET") return { status: 200, body: payment };
    if (!match[2] && method === "DELETE") return this.cancel(payment);
    if (match[2] === "refunds" && method === "POST") return this.createRefund(payment, req.body);
    if (match[2] === "refunds" && method === "GET") return this.list("refunds", this.refundsOf(payment.id));
    if (match[2] === "chargebacks" && method === "GET") return this.list("chargebacks", this.chargebacks.get(payment.id) ?? []);
    return mollieError(405, "Method Not Allowed", `The method ${method} is not allowed here.`);
  }

  private list(key: string, items: unknown[]): Answer {
    return { status: 200, body: { count: items.length, _embedded: { [key]: items }, _links: { self: { href: `${this.baseUrl}/v2/${key}`, type: "application/hal+json" }, previous: null, next: null } } };
  }

  private createPayment(profile: Profile, text: string): Answer {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return mollieError(400, "Bad Request", "The JSON body could not be parsed.");
    }
    const amount = body.amount as Amount | undefined;
    if (!amount || typeof amount !== "object") return mollieError(422, "Unprocessable Entity", "The amount is required.", "amount");
    if (typeof amount.currency !== "string" || !/^[A-Z]{3}$/.test(amount.currency)) return mollieError(422, "Unprocessable Entity", "The currency is invalid.", "amount.currency");
    if (typeof amount.value !== "string" || !/^\d+\.\d{2}$/.test(amount.value)) return mollieError(422, "Unprocessable Entity", "The amount contains an invalid value.", "amount.value");
    if (cents(amount) < 1) return mollieError(422, "Unprocessable Entity", "The amount is lower than the minimum.", "amount");
    if (typeof body.description !== "string" || body.description.trim() === "") return mollieError(422, "Unprocessable Entity", "The description is invalid.", "description");
    if (typeof body.redirectUrl !== "string" || !isUrl(body.redirectUrl)) return mollieError(422, "Unprocessable Entity", "The redirect URL is invalid.", "redirectUrl");
    if (body.webhookUrl !== undefined && (typeof body.webhookUrl !== "string" || !isUrl(body.webhookUrl))) return mollieError(422, "Unprocessable Entity", "The webhook URL is invalid.", "webhookUrl");
    if (body.locale !== undefined && (typeof body.locale !== "string" || !LOCALES.includes(body.locale))) return mollieError(422, "Unprocessable Entity", "The locale is invalid.", "locale");
    const methods = body.method === undefined || body.method === null ? null : Array.isArray(body.method) ? body.method : [body.method];
    if (methods) {
      for (const m of methods) {
        if (typeof m !== "string" || !(METHODS as readonly string[]).includes(m)) return mollieError(422, "Unprocessable Entity", `The payment method is invalid: ${String(m)}.`, "method");
        if (!profile.methods.includes(m)) return mollieError(422, "Unprocessable Entity", `The payment method is not activated on your account: ${m}.`, "method");
      }
    }
    if (body.metadata !== undefined && JSON.stringify(body.metadata).length > 1024) return mollieError(422, "Unprocessable Entity", "The metadata is too large.", "metadata");
    const paymentId = id("tr");
    const single = methods && methods.length === 1 ? (methods[0] as string) : null;
    const payment: Payment = {
      resource: "payment",
      id: paymentId,
      mode: profile.mode,
      status: "open",
      amount,
      description: body.description,
      method: single,
      metadata: body.metadata ?? null,
      locale: (body.locale as string | undefined) ?? null,
      redirectUrl: body.redirectUrl,
      cancelUrl: (body.cancelUrl as string | undefined) ?? null,
      webhookUrl: (body.webhookUrl as string | undefined) ?? null,
      isCancelable: single !== null && CANCELABLE_METHODS.includes(single),
      createdAt: now(),
      expiresAt: new Date(Date.now() + 15 * 60_000).toISOString(),
      details: null,
      _links: {
        self: { href: `${this.baseUrl}/v2/payments/${paymentId}`, type: "application/hal+json" },
        checkout: { href: `${this.baseUrl}/checkout/${paymentId}`, type: "text/html" },
        dashboard: { href: `${this.baseUrl}/dashboard/payments/${paymentId}`, type: "text/html" },
      },
    };
    (payment as Payment & { allowedMethods?: string[] | null }).allowedMethods = methods as string[] | null;
    this.payments.set(paymentId, { payment, apiKey: profile.apiKey });
    return { status: 201, body: payment };
  }

  private cancel(payment: Payment): Answer {
    if (payment.status !== "open" || !payment.isCancelable) return mollieError(422, "Unprocessable Entity", "The payment cannot be canceled.");
    this.setStatus(payment, "canceled");
    this.later(payment);
    return { status: 200, body: payment };
  }

  private createRefund(payment: Payment, text: string): Answer {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      return mollieError(400, "Bad Request", "The JSON body could not be parsed.");
    }
    if (payment.status !== "paid") return mollieError(422, "Unprocessable Entity", "The payment is not refundable.");
    const amount = (body.amount as Amount | undefined) ?? payment.amountRemaining ?? payment.amount;
    if (typeof amount.value !== "string" || !/^\d+\.\d{2}$/.test(amount.value)) return mollieError(422, "Unprocessable Entity", "The amount contains an invalid value.", "amount.value");
    if (amount.currency !== payment.amount.currency) return mollieError(422, "Unprocessable Entity", "The currency does not match the payment's.", "amount.currency");
    const remaining = cents(payment.amountRemaining ?? payment.amount);
    if (cents(amount) < 1 || cents(amount) > remaining) return mollieError(422, "Unprocessable Entity", "The amount is higher than the amount remaining.", "amount");
    const refund: Refund = { resource: "refund", id: id("re"), amount, status: "pending", paymentId: payment.id, description: String(body.description ?? ""), metadata: body.metadata ?? null, createdAt: now() };
    this.refunds.set(payment.id, [...this.refundsOf(payment.id), refund]);
    payment.amountRefunded = amountOf(cents(payment.amountRefunded ?? amountOf(0)) + cents(amount));
    payment.amountRemaining = amountOf(remaining - cents(amount));
    this.later(payment);
    return { status: 201, body: refund };
  }

  // ---------- "Mollie itself": what the buyer and the banks do ----------

  /** The buyer pays, fails, cancels or abandons at Mollie's checkout; the webhook is called (awaited). */
  async complete(paymentId: string, outcome: "paid" | "failed" | "canceled" | "expired" | "pending", details: { method?: string; cardCountryCode?: string; consumerAccount?: string } = {}): Promise<WebhookCall | null> {
    const payment = this.payment(paymentId);
    if (payment.status !== "open" && !(payment.status === "pending" && outcome !== "pending")) throw new Error(`payment ${paymentId} is ${payment.status}, not open`);
    const allowed = (payment as Payment & { allowedMethods?: string[] | null }).allowedMethods;
    const method = details.method ?? payment.method ?? allowed?.[0] ?? "creditcard";
    if (allowed && !allowed.includes(method)) throw new Error(`method ${method} was not offered for ${paymentId}`);
    payment.method = method;
    if (outcome === "paid") {
      payment.details = {
        ...(method === "creditcard" || method === "applepay" ? { cardCountryCode: details.cardCountryCode ?? "BE", cardLabel: "Visa" } : {}),
        ...(method === "ideal" || method === "bancontact" ? { consumerName: "T. Buyer", consumerAccount: details.consumerAccount ?? (method === "ideal" ? "NL91ABNA0417164300" : "BE68539007547034") } : {}),
      };
      payment.amountRemaining = payment.amount;
    }
    this.setStatus(payment, outcome);
    // Mollie calls the webhook on every status change except to `open` (and, for some methods, `pending`).
    return outcome === "pending" ? null : this.callWebhook(payment);
  }

  /** A chargeback, only for methods that have them (cards, Apple Pay, PayPal, direct debit). */
  async chargeback(paymentId: string, amountCents?: number): Promise<WebhookCall | null> {
    const payment = this.payment(paymentId);
    if (payment.status !== "paid") throw new Error(`payment ${paymentId} is ${payment.status}: nothing to charge back`);
    if (!payment.method || !CHARGEBACK_METHODS.includes(payment.method)) throw new Error(`${payment.method ?? "this method"} has no chargebacks`);
    const amount = amountOf(amountCents ?? cents(payment.amount));
    const chargeback: Chargeback = { resource: "chargeback", id: id("chb"), amount, paymentId, createdAt: now(), reversedAt: null, reason: { code: "AC04", description: "Account closed" } };
    this.chargebacks.set(paymentId, [...(this.chargebacks.get(paymentId) ?? []), chargeback]);
    payment.amountChargedBack = amountOf(cents(payment.amountChargedBack ?? amountOf(0)) + cents(amount));
    payment._links.chargebacks = { href: `${this.baseUrl}/v2/payments/${paymentId}/chargebacks`, type: "application/hal+json" };
    return this.callWebhook(payment);
  }

  /** A refund made in Mollie's dashboard. */
  async refundFromDashboard(paymentId: string, amountCents?: number): Promise<Answer> {
    const found = this.payments.get(paymentId);
    if (!found) throw new Error(`no payment ${paymentId}`);
    const answer = this.createRefund(found.payment, JSON.stringify(amountCents === undefined ? {} : { amount: amountOf(amountCents) }));
    await this.idle();
    return answer;
  }

  private setStatus(payment: Payment, status: PaymentStatus): void {
    payment.status = status;
    const at = now();
    if (status === "paid") payment.paidAt = at;
    if (status === "canceled") payment.canceledAt = at;
    if (status === "expired") payment.expiredAt = at;
    if (status === "failed") payment.failedAt = at;
    payment.isCancelable = status === "open" && payment.isCancelable;
    if (status !== "open" && status !== "pending") payment._links.checkout = null;
  }

  /** POST `id=tr_…` as a form to the payment's webhook URL (Mollie signs nothing). */
  async callWebhook(payment: Payment): Promise<WebhookCall | null> {
    if (!payment.webhookUrl) return null;
    const target = new URL(payment.webhookUrl);
    const url = this.webhookOrigin ? `${this.webhookOrigin}${target.pathname}${target.search}` : payment.webhookUrl;
    const call: WebhookCall = { url, paymentId: payment.id, status: null };
    this.webhookCalls.push(call);
    try {
      const response = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ id: payment.id }).toString() });
      call.status = response.status;
      await response.arrayBuffer();
    } catch {
      call.status = 0;
    }
    return call;
  }
}

function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
