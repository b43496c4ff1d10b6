import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payMessages } from "@/server/payments/pay-messages";
import { Receipt } from "@/components/pay/receipt";
import { getDb } from "@/server/db/connection";
import { players } from "@/db/schema";
import { getCheckoutPage } from "@/server/orders/checkout-page";
import { mailSenderIdle } from "@/server/email/mail-sender";
import { simulateOutcome } from "@/server/payments/simulate-outcome";
import { extRef, useDatabase } from "../harness";
import { startSmtpCapture, type SmtpCapture, type CapturedMail } from "../email/smtp-capture";
import { createSalesGame, helper, orderRow } from "../order-helpers";
import { pendingOrder, submit, type TestGame } from "../payments/checkout-helpers";

useDatabase();

let game: TestGame;
let smtp: SmtpCapture;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  game = await createSalesGame();
});
afterAll(async () => {
  await smtp.close();
});

async function setEmail(playerId: string, email: { email?: string; linkedEmail?: string }): Promise<void> {
  await (await getDb()).update(players).set(email).where(eq(players.id, playerId));
}

async function mailTo(address: string, timeoutMs = 5000): Promise<CapturedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const mail = smtp.messages.find((m) => m.to.includes(address));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Intl puts narrow no-break spaces in amounts and percentages; the mail keeps them as they are. */
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("the receipt e-mail", () => {
  it("is sent in the order's language after the hosted page's payment, with every figure and what was credited", async () => {
    const order = await pendingOrder(game.secretKey, extRef("mail"), { locale: "en" });
    const { playerId } = await orderRow(order.orderId);
    await setEmail(playerId, { email: "buyer@example.com" });
    await submit(order.token, "pay", { consent: "yes", country: "NL" });
    const mail = await mailTo("buyer@example.com");
    expect(mail.subject).toMatch(/^Your Game .+ receipt: 500 Coins$/);
    const row = await orderRow(order.orderId);
    expect(row.status).toBe("fulfilled");
    const text = plain(mail.text);
    expect(text).toContain("Item: 500 Coins");
    expect(text).toContain("Total incl. VAT: €4.99");
    expect(text).toContain(`Amount excl. VAT: €${(row.netCents / 100).toFixed(2)}`);
    expect(text).toContain(`VAT (21%): €${(row.vatCents / 100).toFixed(2)}`);
    expect(text).toContain("Country: Netherlands");
    expect(text).toContain(`Order reference: ${order.orderId}`);
    expect(text).toContain("- Coins: 550");
    expect(text).toContain("- Potion × 2");
    expect(mail.html).toContain("500 Coins");
  });

  it("goes to the linked address when the studio gave none, through the test helper too (the same call)", async () => {
    const order = await pendingOrder(game.secretKey, extRef("linked"));
    const { playerId } = await orderRow(order.orderId);
    await setEmail(playerId, { linkedEmail: "linked@example.com" });
    const paid = await helper(game.secretKey, order.orderId, "pay");
    expect(paid.status).toBe(200);
    const mail = await mailTo("linked@example.com");
    // No locale on the order and none from a browser: French.
    expect(mail.subject).toMatch(/^Votre reçu Game .+ : 500 Coins$/);
    expect(plain(mail.text)).toContain("Total TTC: 4,99 €");
  });

  it("is not sent when the player has no address, nor for a payment that did not happen", async () => {
    const before = smtp.messages.length;
    const order = await pendingOrder(game.secretKey, extRef("nomail"));
    await submit(order.token, "pay", { consent: "yes", country: "FR" });
    const declined = await pendingOrder(game.secretKey, extRef("declined"));
    const { playerId } = await orderRow(declined.orderId);
    await setEmail(playerId, { email: "declined@example.com" });
    await submit(declined.token, "decline", {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.length).toBe(before);
  });

  it("a free pack has its receipt too", async () => {
    const order = await pendingOrder(game.secretKey, extRef("free"), { packSku: "free" });
    const { playerId } = await orderRow(order.orderId);
    await setEmail(playerId, { email: "free@example.com" });
    await submit(order.token, "pay", { consent: "yes", country: "FR" });
    const mail = await mailTo("free@example.com");
    expect(mail.subject).toMatch(/Free gift$/);
    expect(plain(mail.text)).toContain("- Coins: 15");
  });
});

describe("the confirmation page's receipt", () => {
  it("shows pack, amounts, VAT rate and amount, net, country, order id, date and what was credited", async () => {
    const order = await pendingOrder(game.secretKey, extRef("page"));
    await submit(order.token, "pay", { consent: "yes", country: "DE" });
    const page = await getCheckoutPage(await getDb(), order.token);
    if (!page) throw new Error("no page");
    const row = await orderRow(order.orderId);
    const html = plain(renderToStaticMarkup(createElement(Receipt, { page, locale: "en", t: payMessages.en })));
    const cell = (testId: string) => new RegExp(`data-testid="${testId}"[^>]*>([^<]*)<`).exec(html)?.[1];
    expect(cell("receipt-pack")).toBe("500 Coins");
    expect(cell("receipt-total")).toBe("€4.99");
    expect(cell("receipt-net")).toBe(`€${(row.netCents / 100).toFixed(2)}`);
    expect(cell("receipt-vat")).toBe(`€${(row.vatCents / 100).toFixed(2)}`);
    expect(html).toContain("VAT (19%)");
    expect(cell("receipt-country")).toBe("Germany");
    expect(cell("receipt-order")).toBe(order.orderId);
    expect(cell("receipt-date")).toBe(new Intl.DateTimeFormat("en", { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(row.fulfilledAt ?? new Date(0)));
    expect(html).toMatch(/Coins<\/span><span[^>]*>500 \+ 50 bonus</);
    expect(html).toMatch(/Potion<\/span><span[^>]*>× 2</);
  });
});

describe("the receipt e-mail and the payment's transaction", () => {
  it("is not sent for a payment whose transaction rolled back (the test helper's key, the dashboard's audit)", async () => {
    const order = await pendingOrder(game.secretKey, extRef("rolledback"));
    const row = await orderRow(order.orderId);
    await setEmail(row.playerId, { email: "rolledback@example.com" });
    const paid = (await getDb()).transaction(async (tx) => {
      await simulateOutcome(tx, { gameId: row.gameId, env: "test" }, { orderId: order.orderId, outcome: "pay" });
      throw new Error("the surrounding write failed");
    });
    await expect(paid).rejects.toThrow("the surrounding write failed");
    await mailSenderIdle();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.filter((m) => m.to.includes("rolledback@example.com"))).toEqual([]);
    expect((await orderRow(order.orderId)).status).toBe("pending");
  });
});
