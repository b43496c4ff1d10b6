import { describe, expect, it } from "vitest";
import { verifyWebhook, WebhookVerificationError } from "@/sdk/src/index";
import { serializeEnvelope } from "@/server/webhooks/envelope";
import { signatureHeader } from "@/server/webhooks/sign";

const secret = "whsec_svc_0123456789abcdef";
const order = {
  id: "0123456789abcdef01234567",
  playerId: "89abcdef0123456789abcdef",
  status: "fulfilled",
  pack: { sku: "p500", name: "500 coins" },
  amountCents: 499,
  currency: "EUR",
  country: "FR",
  vatRateBp: 2000,
  vatCents: 83,
  netCents: 416,
  createdAt: "2026-01-01T00:00:00.000Z",
  paidAt: "2026-01-01T00:01:00.000Z",
  fulfilledAt: "2026-01-01T00:01:00.000Z",
  refundedAt: null,
  creatorCode: null,
};
// The body exactly as the service sends it, signed as the service signs it.
const rawBody = serializeEnvelope({ id: `evt_${order.id}_ful`, type: "order.fulfilled", createdAt: "2026-01-01T00:01:00.000Z", env: "test", data: order });
const now = Math.floor(Date.now() / 1000);

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.catch((e: unknown) => e);
  expect(error).toBeInstanceOf(WebhookVerificationError);
  return (error as WebhookVerificationError).reason;
}

describe("verifyWebhook", () => {
  it("returns the typed event of a call signed like the service signs it (string or bytes)", async () => {
    const event = await verifyWebhook(rawBody, signatureHeader(secret, rawBody, now), secret);
    expect(event.type).toBe("order.fulfilled");
    if (event.type !== "order.fulfilled") throw new Error("narrowing");
    expect(event.data.status).toBe("fulfilled");
    expect(event).toEqual(JSON.parse(rawBody));
    expect(await verifyWebhook(new TextEncoder().encode(rawBody), signatureHeader(secret, rawBody, now), secret)).toEqual(event);
  });

  it("accepts any of several v1 values (a rotated secret's and the new one's)", async () => {
    const header = signatureHeader(secret, rawBody, now);
    const other = signatureHeader("whsec_svc_old", rawBody, now).split(",")[1];
    expect((await verifyWebhook(rawBody, `${header.split(",")[0]},${other},${header.split(",")[1]}`, secret)).id).toBe(`evt_${order.id}_ful`);
  });

  it("refuses a stale t (beyond toleranceSeconds either way), a forged body, a wrong secret and a missing header", async () => {
    expect(await refusal(verifyWebhook(rawBody, signatureHeader(secret, rawBody, now - 301), secret, { now }))).toBe("STALE_TIMESTAMP");
    expect(await refusal(verifyWebhook(rawBody, signatureHeader(secret, rawBody, now + 301), secret, { now }))).toBe("STALE_TIMESTAMP");
    // `now` pinned: the file's clock reading may be seconds old on a loaded machine; 300 s away still passes.
    expect((await verifyWebhook(rawBody, signatureHeader(secret, rawBody, now + 300), secret, { now })).type).toBe("order.fulfilled");
    expect((await verifyWebhook(rawBody, signatureHeader(secret, rawBody, now - 301), secret, { toleranceSeconds: 600, now })).type).toBe("order.fulfilled");
    const forged = rawBody.replace('"amountCents":499', '"amountCents":1');
    expect(forged).not.toBe(rawBody);
    expect(await refusal(verifyWebhook(forged, signatureHeader(secret, rawBody, now), secret))).toBe("BAD_SIGNATURE");
    expect(await refusal(verifyWebhook(rawBody, signatureHeader("whsec_svc_other", rawBody, now), secret))).toBe("BAD_SIGNATURE");
    // A signature of another timestamp does not verify with this one.
    const v1 = signatureHeader(secret, rawBody, now - 1).split(",")[1];
    expect(await refusal(verifyWebhook(rawBody, `t=${now},${v1}`, secret))).toBe("BAD_SIGNATURE");
    expect(await refusal(verifyWebhook(rawBody, undefined, secret))).toBe("MISSING_SIGNATURE");
    expect(await refusal(verifyWebhook(rawBody, `t=${now}`, secret))).toBe("MISSING_SIGNATURE");
  });
});
