import { and, eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { payMessages } from "@/server/payments/pay-messages";
import { Receipt } from "@/components/pay/receipt";
import { getDb } from "@/server/db/connection";
import { currencies, items, packs, players, type CatalogTranslations, type Environment } from "@/db/schema";
import { getCheckoutPage } from "@/server/orders/checkout-page";
import { extRef, useDatabase } from "../harness";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../email/smtp-capture";
import { createSalesGame, orderRow } from "../order-helpers";
import { pendingOrder, submit, type TestGame } from "../payments/checkout-helpers";

useDatabase();

let game: TestGame;
let gameId: string;
let smtp: SmtpCapture;

async function translate(env: Environment, names: { pack?: CatalogTranslations; coins?: CatalogTranslations; potion?: CatalogTranslations }) {
  const db = await getDb();
  if (names.pack) await db.update(packs).set({ translations: names.pack }).where(and(eq(packs.gameId, gameId), eq(packs.env, env), eq(packs.sku, "p500")));
  if (names.coins) await db.update(currencies).set({ translations: names.coins }).where(and(eq(currencies.gameId, gameId), eq(currencies.env, env), eq(currencies.code, "coins")));
  if (names.potion) await db.update(items).set({ translations: names.potion }).where(and(eq(items.gameId, gameId), eq(items.env, env), eq(items.sku, "potion")));
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  game = await createSalesGame();
  gameId = (await orderRow((await pendingOrder(game.secretKey, extRef("probe"))).orderId)).gameId;
  // Dutch and French for the pack, French only for the coins, nothing for the potion (base names show).
  await translate("test", {
    pack: { nl: { name: "500 Munten" }, fr: { name: "500 pièces", description: "Un sac" } },
    coins: { fr: { name: "Pièces" } },
  });
  // The live catalog is another one: its names never reach a test order.
  await translate("live", { pack: { en: { name: "LIVE pack" } }, potion: { nl: { name: "LIVE drankje" } } });
});
afterAll(async () => {
  await smtp.close();
});

/** SMTP carries CRLF line ends; the receipt is written with LF. */
const textOf = (mail: CapturedMail) => mail.text.replace(/\r\n/g, "\n");

async function mailTo(address: string): Promise<CapturedMail> {
  const until = Date.now() + 5000;
  for (;;) {
    const mail = smtp.messages.find((m) => m.to.includes(address));
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`no mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("names on the hosted pages follow the page's language", () => {
  it("the checkout's locale picks the translated pack name; an entry without one keeps its base name", async () => {
    const order = await pendingOrder(game.secretKey, extRef("nl"), { locale: "nl" });
    const page = await getCheckoutPage(await getDb(), order.token, "fr-FR");
    expect(page?.locale).toBe("nl");
    expect(page?.packName).toBe("500 Munten");
    expect(page?.coins).toEqual([{ name: "Coins", amount: 500, bonus: 50 }]);
    // No pack sells coins alone, so no euro equivalent can be computed for the potion.
    expect(page?.items).toEqual([{ name: "Potion", quantity: 2, euroCents: null }]);
    // The API keeps SPEC's shape: the order's pack name is the one it was sold under.
    expect(page?.order.pack).toEqual({ sku: "p500", name: "500 Coins" });
  });

  it("without a checkout locale, the browser's language chooses; English has no translation here", async () => {
    const order = await pendingOrder(game.secretKey, extRef("accept"));
    const db = await getDb();
    const fr = await getCheckoutPage(db, order.token, "fr-BE,fr;q=0.9");
    expect([fr?.locale, fr?.packName, fr?.coins[0]?.name]).toEqual(["fr", "500 pièces", "Pièces"]);
    const en = await getCheckoutPage(db, order.token, "en-GB");
    expect([en?.locale, en?.packName, en?.coins[0]?.name, en?.items[0]?.name]).toEqual(["en", "500 Coins", "Coins", "Potion"]);
  });

  it("the confirmation page's receipt shows the translated names", async () => {
    const order = await pendingOrder(game.secretKey, extRef("receipt-page"), { locale: "fr" });
    await submit(order.token, "pay", { consent: "yes", country: "BE" });
    const page = await getCheckoutPage(await getDb(), order.token);
    if (!page) throw new Error("no page");
    const html = renderToStaticMarkup(createElement(Receipt, { page, locale: page.locale, t: payMessages[page.locale] }));
    expect(/data-testid="receipt-pack"[^>]*>([^<]*)</.exec(html)?.[1]).toBe("500 pièces");
    expect(/data-testid="receipt-country"[^>]*>([^<]*)</.exec(html)?.[1]).toBe("Belgique");
    expect(html).toMatch(/Pièces<\/span><span[^>]*>500 \+ 50 bonus</);
  });
});

describe("the receipt e-mail", () => {
  it("carries the pack and currency names in the order's language, base names where none is given", async () => {
    const order = await pendingOrder(game.secretKey, extRef("mail-fr"), { locale: "fr" });
    const { playerId } = await orderRow(order.orderId);
    await (await getDb()).update(players).set({ email: "traduit@example.com" }).where(eq(players.id, playerId));
    await submit(order.token, "pay", { consent: "yes", country: "FR" });
    const mail = await mailTo("traduit@example.com");
    expect(mail.subject).toMatch(/^Votre reçu Game .+ : 500 pièces$/);
    expect(textOf(mail)).toContain("Article: 500 pièces\n");
    expect(textOf(mail)).toContain("- Pièces: 550\n");
    expect(textOf(mail)).toContain("- Potion × 2\n");
    expect(textOf(mail)).toContain("Pays: France\n");
    expect(mail.html).toContain("500 pièces");
  });

  it("in Dutch: the Dutch pack name, and the live catalog's names are not used", async () => {
    const order = await pendingOrder(game.secretKey, extRef("mail-nl"), { locale: "nl" });
    const { playerId } = await orderRow(order.orderId);
    await (await getDb()).update(players).set({ email: "vertaald@example.com" }).where(eq(players.id, playerId));
    await submit(order.token, "pay", { consent: "yes", country: "NL" });
    const mail = await mailTo("vertaald@example.com");
    expect(mail.subject).toMatch(/^Je ontvangstbewijs van Game .+: 500 Munten$/);
    expect(textOf(mail)).toContain("Artikel: 500 Munten\n");
    expect(textOf(mail)).toContain("- Coins: 550\n");
    expect(textOf(mail)).toContain("- Potion × 2\n");
    expect(textOf(mail)).not.toContain("LIVE");
  });
});
