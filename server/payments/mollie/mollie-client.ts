import "server-only";
import { request } from "undici";
import type { z } from "zod";
import { config } from "@/server/lib/config";
import { MollieChargeback, MollieErrorBody, MollieMethod, MolliePayment, MollieRefund, mollieList, type MollieAmount } from "./mollie-objects";

/** Mollie answers within seconds; a call that hangs is treated as unanswered (the caller may try again). */
const TIMEOUT_MS = 20_000;

/**
 * Mollie refused the call: its documented error body (`status`, `title`, `detail`, `field`). A 5xx,
 * a 429 or no answer at all is a MollieUnreachable instead: Mollie may have acted.
 */
export class MollieRefusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    readonly detail: string,
    readonly field: string | null,
  ) {
    super(`${status} ${title}: ${detail}`);
    this.name = "MollieRefusal";
  }
}

export class MollieUnreachable extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "MollieUnreachable";
  }
}

export type CreatePaymentParams = {
  amount: MollieAmount;
  description: string;
  redirectUrl: string;
  cancelUrl?: string;
  webhookUrl: string;
  locale?: string;
  method?: string[];
  metadata: Record<string, string>;
};

export type CreateRefundParams = { amount: MollieAmount; description?: string; metadata?: Record<string, string> };

/**
 * A small typed client of Mollie's REST API v2 (`<MOLLIE_API_BASE>/v2/…`): Bearer API key, JSON bodies,
 * a timeout, an Idempotency-Key on every POST, and zod on every answer. Not `@mollie/api-client`: it
 * speaks https only and pins its own CA bundle, so it cannot reach the local Mollie-compatible server
 * the tests (and staging) use (docs/decisions.md).
 */
export class MollieClient {
  private readonly base: string;

  constructor(
    private readonly apiKey: string,
    base: string = config().MOLLIE_API_BASE,
  ) {
    this.base = base.replace(/\/+$/, "");
  }

  createPayment(params: CreatePaymentParams, idempotencyKey: string): Promise<MolliePayment> {
    return this.call(MolliePayment, { method: "POST", path: "/v2/payments", body: params, idempotencyKey });
  }

  getPayment(id: string): Promise<MolliePayment> {
    return this.call(MolliePayment, { method: "GET", path: `/v2/payments/${encodeURIComponent(id)}` });
  }

  /** Only an open payment of a method that allows it can be canceled (`isCancelable`); otherwise 422. */
  cancelPayment(id: string): Promise<MolliePayment> {
    return this.call(MolliePayment, { method: "DELETE", path: `/v2/payments/${encodeURIComponent(id)}` });
  }

  createRefund(paymentId: string, params: CreateRefundParams, idempotencyKey: string): Promise<MollieRefund> {
    return this.call(MollieRefund, { method: "POST", path: `/v2/payments/${encodeURIComponent(paymentId)}/refunds`, body: params, idempotencyKey });
  }

  async paymentChargebacks(paymentId: string): Promise<MollieChargeback[]> {
    const page = await this.call(mollieList("chargebacks", MollieChargeback), { method: "GET", path: `/v2/payments/${encodeURIComponent(paymentId)}/chargebacks` });
    return page._embedded;
  }

  /** The account's newest chargebacks first, one page (Mollie's list has no date filter). */
  async recentChargebacks(limit = 250): Promise<MollieChargeback[]> {
    const page = await this.call(mollieList("chargebacks", MollieChargeback), { method: "GET", path: `/v2/chargebacks?limit=${limit}` });
    return page._embedded;
  }

  /** The account's newest refunds first, one page. */
  async recentRefunds(limit = 250): Promise<MollieRefund[]> {
    const page = await this.call(mollieList("refunds", MollieRefund), { method: "GET", path: `/v2/refunds?limit=${limit}` });
    return page._embedded;
  }

  /** The key's profile's enabled methods: the one call made when a key is saved. */
  async listMethods(): Promise<string[]> {
    const page = await this.call(mollieList("methods", MollieMethod), { method: "GET", path: "/v2/methods" });
    return page._embedded.map((method) => method.id);
  }

  private async call<T extends z.ZodType>(schema: T, req: { method: "GET" | "POST" | "DELETE"; path: string; body?: unknown; idempotencyKey?: string }): Promise<z.infer<T>> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}`, accept: "application/hal+json, application/json" };
    if (req.body !== undefined) headers["content-type"] = "application/json";
    if (req.idempotencyKey) headers["idempotency-key"] = req.idempotencyKey;
    let status: number;
    let text: string;
    try {
      const response = await request(`${this.base}${req.path}`, {
        method: req.method,
        headers,
        body: req.body === undefined ? undefined : JSON.stringify(req.body),
        headersTimeout: TIMEOUT_MS,
        bodyTimeout: TIMEOUT_MS,
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw new MollieUnreachable(error instanceof Error ? error.message : String(error));
    }
    const json = parseJson(text);
    if (status >= 500 || status === 429) throw new MollieUnreachable(`Mollie answered ${status}`);
    if (status >= 400) {
      const body = MollieErrorBody.safeParse(json);
      if (!body.success) throw new MollieRefusal(status, "Error", `Mollie answered ${status}`, null);
      throw new MollieRefusal(status, body.data.title, body.data.detail, body.data.field ?? null);
    }
    const parsed = schema.safeParse(json);
    // An answer of another shape: Mollie (or something in between) may have acted; treat it as unanswered.
    if (!parsed.success) throw new MollieUnreachable(`Mollie's answer to ${req.method} ${req.path.split("?")[0]} has an unexpected shape`);
    return parsed.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Whether Mollie may have acted on a call that failed: it is then tried again with the same key. */
export function isUncertainMollieFailure(error: unknown): boolean {
  return error instanceof MollieUnreachable || (error instanceof MollieRefusal && error.status === 409);
}

/** For logs and answers; never the request (it carries the key). */
export function mollieErrorMessage(error: unknown): string {
  if (error instanceof MollieRefusal && error.status === 401) return "401 Unauthorized: Mollie refused the environment's API key.";
  return error instanceof Error ? error.message : String(error);
}

const clients = new Map<string, MollieClient>();

export function mollieClient(apiKey: string): MollieClient {
  const base = config().MOLLIE_API_BASE;
  const cacheKey = `${base}\n${apiKey}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new MollieClient(apiKey, base);
    clients.set(cacheKey, client);
  }
  return client;
}
