/** A small client of the server API (secret key), for e2e tests to set up and check state. */
import { randomUUID } from "node:crypto";
import { API_URL, FIXTURE } from "./env";

export type ApiResult<T = unknown> = { status: number; headers: Headers; body: T };

export type Order = {
  id: string;
  playerId: string;
  status: string;
  pack: { sku: string; name: string };
  amountCents: number;
  currency: "EUR";
  country: string;
  vatRateBp: number;
  vatCents: number;
  netCents: number;
  paidAt: string | null;
  fulfilledAt: string | null;
};

export type Checkout = { order: Order; checkoutUrl: string };

export type CheckoutRequest = {
  packSku: string;
  successUrl?: string;
  cancelUrl?: string;
  country?: string;
  locale?: string;
};

/** The `{player}` path segment: `ext:` stays literal, the caller's id is percent-encoded once (SPEC). */
export function playerSegment(playerRef: string): string {
  return playerRef.startsWith("ext:") ? `ext:${encodeURIComponent(playerRef.slice(4))}` : encodeURIComponent(playerRef);
}

export class ApiClient {
  constructor(
    private readonly secretKey: string = FIXTURE.testSecretKey,
    private readonly base: string = API_URL,
  ) {}

  async request<T = unknown>(method: string, path: string, options: { body?: unknown; idempotencyKey?: string | true; headers?: Record<string, string> } = {}): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.secretKey}`, ...options.headers };
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey === true ? `e2e-${randomUUID()}` : options.idempotencyKey;
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, headers: response.headers, body: body as T };
  }

  /** Like request, but throws unless the status is the expected one. */
  async expect<T = unknown>(status: number, method: string, path: string, options: Parameters<ApiClient["request"]>[2] = {}): Promise<T> {
    const result = await this.request<T>(method, path, options);
    if (result.status !== status) {
      throw new Error(`${method} ${path}: expected ${status}, got ${result.status}: ${JSON.stringify(result.body)}`);
    }
    return result.body;
  }

  createCheckout(playerRef: string, body: CheckoutRequest, idempotencyKey: string | true = true): Promise<Checkout> {
    return this.expect<Checkout>(201, "POST", `/players/${playerSegment(playerRef)}/checkouts`, { body, idempotencyKey });
  }

  getOrder(orderId: string): Promise<Order> {
    return this.expect<Order>(200, "GET", `/orders/${encodeURIComponent(orderId)}`);
  }

  getWallet(playerRef: string): Promise<unknown> {
    return this.expect(200, "GET", `/players/${playerSegment(playerRef)}/wallet`);
  }
}

/** A player ref no other test uses: checkouts create unknown `ext:` players. */
export function uniquePlayerRef(prefix = "e2e"): string {
  return `ext:${prefix}-${randomUUID().slice(0, 8)}`;
}
