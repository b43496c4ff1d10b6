import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { signatureHeader } from "./sign";

const secret = "whsec_svc_unit_test_secret_value_0000";
const body = JSON.stringify({ id: "evt_test_1", type: "webhook.test", createdAt: "2026-01-01T00:00:00.000Z", env: "test", data: { n: 1, text: "é" } });
const stripe = new Stripe("sk_test_x");
const now = () => Math.floor(Date.now() / 1000);

describe("Service-Signature", () => {
  it("is t=<unix>,v1=<64 lowercase hex>", () => {
    expect(signatureHeader(secret, body, 1_700_000_000)).toMatch(/^t=1700000000,v1=[0-9a-f]{64}$/);
  });

  it("is accepted by Stripe's verifier keyed by the whole secret string", () => {
    const event = stripe.webhooks.constructEvent(body, signatureHeader(secret, body, now()), secret);
    expect(event.id).toBe("evt_test_1");
  });

  it("is refused for a tampered body, another secret, or a t older than 5 minutes", () => {
    const header = signatureHeader(secret, body, now());
    expect(() => stripe.webhooks.constructEvent(body.replace('"n":1', '"n":2'), header, secret)).toThrow(/No signatures found/);
    expect(() => stripe.webhooks.constructEvent(body, header, `${secret}x`)).toThrow(/No signatures found/);
    expect(() => stripe.webhooks.constructEvent(body, signatureHeader(secret, body, now() - 301), secret)).toThrow(/tolerance/);
  });
});
