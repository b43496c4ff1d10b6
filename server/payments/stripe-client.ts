import "server-only";
import Stripe from "stripe";
import { config } from "@/server/lib/config";

/** Where the stripe SDK sends its calls: `STRIPE_API_BASE` split into the SDK's host, port and protocol. */
export function stripeApiLocation(base: string = config().STRIPE_API_BASE): { host: string; port: number; protocol: "http" | "https" } {
  const url = new URL(base);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "https" ? 443 : 80, protocol };
}

const clients = new Map<string, Stripe>();

/**
 * A stripe SDK client for one secret key. Clients are kept per key (each holds a keep-alive agent).
 * No automatic network retries: every call that changes something carries its own Idempotency-Key,
 * and the callers decide when to try again (reconciliation, the next webhook).
 */
export function stripeClient(secretKey: string): Stripe {
  const location = stripeApiLocation();
  const cacheKey = `${location.protocol}://${location.host}:${location.port}\n${secretKey}`;
  let client = clients.get(cacheKey);
  if (!client) {
    client = new Stripe(secretKey, { ...location, maxNetworkRetries: 0, timeout: 20_000, telemetry: false });
    clients.set(cacheKey, client);
  }
  return client;
}
