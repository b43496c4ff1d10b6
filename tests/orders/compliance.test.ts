import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { games, players } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { clientIpProof, CLIENT_IP_HEADER, CLIENT_IP_PROOF_HEADER } from "@/server/lib/client-ip";
import { getCheckoutPage } from "@/server/orders/checkout-page";
import { getOrderDetail } from "@/server/orders/get-order-detail";
import { listOrders } from "@/server/orders/list-orders";
import { receiptIdOf } from "@/server/payments/receipt-link";
import { getReceiptPage } from "@/server/payments/receipt-page";
import { createTestGame, extRef, useDatabase } from "../harness";
import { testScope } from "../domain-helpers";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../email/smtp-capture";
import { helper, orderRow } from "../order-helpers";
import { pendingOrder, PUBLIC_URL, submit, type TestGame } from "../payments/checkout-helpers";

useDatabase();

/** Potions and swords cost coins; coins are sold alone by two packs (the cheaper per coin sets the rate) and in a bundle. */
const catalog = {
  currencies: [{ code: "coins", name: "Coins", purchasable: true }],
  items: [
    { sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 } },
    { sku: "sword", name: "Sword", type: "durable", price: { currency: "coins", amount: 250 }, maxOwned: 5 },
    { sku: "badge", name: "Badge", type: "durable", price: null, maxOwned: 5 },
  ],
  packs: [
    { sku: "bundle", name: "Bundle", priceCents: 499, grants: [{ currency: "coins", amount: 500, bonus: 50 }], items: [{ sku: "potion", quantity: 2 }, { sku: "sword", quantity: 1 }, { sku: "badge", quantity: 1 }] },
    // 1.99 cents a coin (the bonus is not counted).
    { sku: "c100", name: "100 Coins", priceCents: 199, grants: [{ currency: "coins", amount: 100, bonus: 20 }] },
    // 1.499 cents a coin: the rate.
    { sku: "c1000", name: "1000 Coins", priceCents: 1499, grants: [{ currency: "coins", amount: 1000, bonus: 0 }] },
    // Cheaper still, but not on sale.
    { sku: "c5000", name: "Draft coins", priceCents: 100, grants: [{ currency: "coins", amount: 5000, bonus: 0 }], status: "draft" },
  ],
};

let game: TestGame;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  game = await createTestGame({ catalog });
  const scope = await testScope(game);
  await (await getDb())
    .update(games)
    .set({ sellerName: "Pixel Forge SRL", sellerAddress: "Rue du Jeu 1\n1000 Bruxelles", sellerEmail: "legal@pixelforge.example", sellerVatNumber: "BE0123456789" })
    .where(eq(games.id, scope.gameId));
});
afterAll(async () => {
  await smtp.close();
});

/** The headers the custom server adds for a request that came from `ip`. */
const fromIp = (ip: string) => ({ [CLIENT_IP_HEADER]: ip, [CLIENT_IP_PROOF_HEADER]: clientIpProof() });
const FRENCH_IP = "80.12.0.1";
const SWEDISH_IP = "2.2.2.2";

async function mailTo(address: string): Promise<CapturedMail> {
  const until = Date.now() + 5000;
  for (;;) {
    const mail = smtp.messages.find((m) => m.to.includes(address));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Intl's narrow no-break spaces as plain spaces, and the mail's CRLF line ends as LF. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ").replace(/\r\n/g, "\n");
const longDate = (locale: string, when: Date) => plain(new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(when));

describe("consent to immediate delivery", () => {
  it("Pay without the box is refused with error=consent: nothing paid, no consent recorded", async () => {
    const order = await pendingOrder(game.secretKey, extRef("noconsent"), { packSku: "bundle" });
    const response = await submit(order.token, "pay", { country: "FR" }, fromIp(FRENCH_IP));
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}?error=consent`);
    expect(await orderRow(order.orderId)).toMatchObject({ status: "pending", consentAt: null, consentVersion: null, ipCountry: null, paidAt: null });
  });

  it("Pay with it records its time and wording version (and the IP's country) on the order", async () => {
    const order = await pendingOrder(game.secretKey, extRef("consent"), { packSku: "bundle" });
    const response = await submit(order.token, "pay", { country: "FR", consent: "yes" }, fromIp(FRENCH_IP));
    expect(response.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}/done`);
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: "fulfilled", country: "FR", consentVersion: "v1", ipCountry: "FR", paymentCountry: null });
    expect(row.consentAt?.getTime()).toBeLessThanOrEqual(row.paidAt?.getTime() ?? 0);
  });

  it("a free pack needs no consent (nothing is paid, no right is given up)", async () => {
    const free = await createTestGame({ catalog: { ...catalog, packs: [{ sku: "gift", name: "Gift", priceCents: 0, grants: [{ currency: "coins", amount: 5, bonus: 0 }] }] } });
    const order = await pendingOrder(free.secretKey, extRef("free"), { packSku: "gift" });
    await submit(order.token, "pay", { country: "FR" });
    expect(await orderRow(order.orderId)).toMatchObject({ status: "fulfilled", consentAt: null, consentVersion: null });
  });
});

describe("VAT evidence of the buyer's country", () => {
  it("picked and IP country agree: no warning in the list, 'agrees' on the order", async () => {
    const order = await pendingOrder(game.secretKey, extRef("agrees"), { packSku: "c100" });
    await submit(order.token, "pay", { country: "FR", consent: "yes" }, fromIp(FRENCH_IP));
    const scope = await testScope(game);
    const detail = await getOrderDetail(await getDb(), scope, order.orderId);
    expect(detail.order.vatEvidence).toEqual({ status: "agrees", vatCountry: "FR", otherCountry: null, flagged: false, ipCountry: "FR", paymentCountry: null, paymentCountrySource: null });
    const list = await listOrders(await getDb(), scope, { orderId: order.orderId, limit: 10 });
    expect(list.orders.map((o) => o.vatEvidenceFlagged)).toEqual([false]);
  });

  it("they disagree: the VAT stays the picked country's, the order is flagged in the view and the list", async () => {
    const order = await pendingOrder(game.secretKey, extRef("conflict"), { packSku: "c100" });
    await submit(order.token, "pay", { country: "BE", consent: "yes" }, fromIp(SWEDISH_IP));
    const scope = await testScope(game);
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ country: "BE", vatRateBp: 2100, ipCountry: "SE" });
    const detail = await getOrderDetail(await getDb(), scope, order.orderId);
    expect(detail.order.vatEvidence).toEqual({ status: "conflict", vatCountry: "BE", otherCountry: null, flagged: true, ipCountry: "SE", paymentCountry: null, paymentCountrySource: null });
    const list = await listOrders(await getDb(), scope, { orderId: order.orderId, limit: 10 });
    expect(list.orders.map((o) => o.vatEvidenceFlagged)).toEqual([true]);
  });

  it("a request from a private or loopback address gives no IP country; an unpaid order has no evidence to judge", async () => {
    const order = await pendingOrder(game.secretKey, extRef("private"), { packSku: "c100" });
    await submit(order.token, "pay", { country: "FR" }, fromIp("192.168.1.20"));
    const scope = await testScope(game);
    expect((await getOrderDetail(await getDb(), scope, order.orderId)).order.vatEvidence).toBeNull();
    await submit(order.token, "pay", { country: "FR", consent: "yes" }, fromIp("127.0.0.1"));
    expect((await getOrderDetail(await getDb(), scope, order.orderId)).order.vatEvidence).toMatchObject({ status: "insufficient", ipCountry: null, flagged: true });
  });

  it("a client-sent address header without the server's proof is ignored", async () => {
    const order = await pendingOrder(game.secretKey, extRef("forged"), { packSku: "c100" });
    await submit(order.token, "pay", { country: "FR", consent: "yes" }, { [CLIENT_IP_HEADER]: FRENCH_IP, [CLIENT_IP_PROOF_HEADER]: "guess" });
    expect((await orderRow(order.orderId)).ipCountry).toBeNull();
  });
});

describe("euro equivalents of coin-priced items on the pay page", () => {
  it("at the cheapest single-currency pack's price per paid coin, rounded half up; an item without a coin price has none", async () => {
    const order = await pendingOrder(game.secretKey, extRef("euros"), { packSku: "bundle", locale: "en" });
    const page = await getCheckoutPage(await getDb(), order.token);
    // 10 coins × 1499/1000 = 14.99 → 15 cents; 250 × 1.499 = 374.75 → 375 cents.
    expect(page?.items).toEqual([
      { name: "Potion", quantity: 2, euroCents: 15 },
      { name: "Sword", quantity: 1, euroCents: 375 },
      { name: "Badge", quantity: 1, euroCents: null },
    ]);
  });
});

describe("the durable confirmation", () => {
  it("the receipt page states the seller, the figures and the consent with the waiver, in the order's language", async () => {
    const order = await pendingOrder(game.secretKey, extRef("receipt"), { packSku: "bundle", locale: "en" });
    await submit(order.token, "pay", { country: "FR", consent: "yes" });
    const row = await orderRow(order.orderId);
    const facts = await getReceiptPage(await getDb(), receiptIdOf(order.orderId), "nl");
    expect(facts).toMatchObject({
      locale: "en",
      orderId: order.orderId,
      seller: { name: "Pixel Forge SRL", address: "Rue du Jeu 1\n1000 Bruxelles", email: "legal@pixelforge.example", vatNumber: "BE0123456789" },
      packName: "Bundle",
      total: "€4.99",
      net: "€4.16",
      vatLabel: "VAT (20%)",
      vat: "€0.83",
      country: "France",
      // What was delivered, as fulfillment recorded it (by SKU).
      credited: ["Coins: 550", "Badge × 1", "Potion × 2", "Sword × 1"],
      refunded: null,
      receiptUrl: `${PUBLIC_URL}/receipts/${receiptIdOf(order.orderId)}`,
    });
    expect(facts?.consent).toEqual({
      heading: "Immediate delivery and right of withdrawal",
      text: `On ${longDate("en", row.consentAt ?? new Date(0))} (UTC), you asked for this digital content to be delivered immediately and acknowledged that you thereby lose your 14-day right of withdrawal. The content has been delivered to your account, so that right no longer applies to this purchase.`,
      version: "v1",
    });
  });

  it("no receipt for a guessed or altered address, nor for an order never paid", async () => {
    const db = await getDb();
    const paid = await pendingOrder(game.secretKey, extRef("guess"), { packSku: "c100" });
    await submit(paid.token, "pay", { country: "FR", consent: "yes" });
    const id = receiptIdOf(paid.orderId);
    expect(await getReceiptPage(db, `${paid.orderId}.${"A".repeat(22)}`, null)).toBeNull();
    expect(await getReceiptPage(db, `${id}x`, null)).toBeNull();
    expect(await getReceiptPage(db, paid.orderId, null)).toBeNull();
    const pending = await pendingOrder(game.secretKey, extRef("unpaid"), { packSku: "c100" });
    expect(await getReceiptPage(db, receiptIdOf(pending.orderId), null)).toBeNull();
  });

  it("the receipt mail says the same, in French by default, and links the receipt page", async () => {
    const order = await pendingOrder(game.secretKey, extRef("mail"), { packSku: "c100" });
    const { playerId } = await orderRow(order.orderId);
    await (await getDb()).update(players).set({ email: "waiver@example.com" }).where(eq(players.id, playerId));
    await submit(order.token, "pay", { country: "BE", consent: "yes" });
    const row = await orderRow(order.orderId);
    const text = plain((await mailTo("waiver@example.com")).text);
    expect(text).toContain("Vendeur: Pixel Forge SRL\nAdresse du vendeur: Rue du Jeu 1, 1000 Bruxelles\nN° de TVA du vendeur: BE0123456789");
    expect(text).toContain(
      `Livraison immédiate et droit de rétractation:\nLe ${longDate("fr", row.consentAt ?? new Date(0))} (UTC), vous avez demandé la livraison immédiate de ce contenu numérique et reconnu perdre ainsi votre droit de rétractation de 14 jours.`,
    );
    expect(text).toContain(`Votre reçu, à conserver: ${PUBLIC_URL}/receipts/${receiptIdOf(order.orderId)}`);
  });

  it("an order paid by the test helper (no buyer, no consent) says that no consent was recorded", async () => {
    const order = await pendingOrder(game.secretKey, extRef("helper"), { packSku: "c100", locale: "nl" });
    expect((await helper(game.secretKey, order.orderId, "pay")).status).toBe(200);
    const facts = await getReceiptPage(await getDb(), receiptIdOf(order.orderId), null);
    expect(facts?.consent).toEqual({ heading: "Onmiddellijke levering en herroepingsrecht", text: "Voor deze bestelling is geen toestemming voor onmiddellijke levering vastgelegd.", version: null });
  });
});
