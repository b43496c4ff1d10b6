import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { players } from "@/db/schema";
import { CountryPrice } from "@/components/pay/country-price";
import { getDb } from "@/server/db/connection";
import { clock } from "@/server/lib/clock";
import { countryFromAcceptLanguage } from "@/server/orders/buyer-country";
import { getCheckoutPage } from "@/server/orders/checkout-page";
import { vatByCountry } from "@/server/revenue/vat-by-country";
import { euCountries, vatFor } from "@/server/vat/eu-vat";
import { extRef, useDatabase } from "../harness";
import { testScope } from "../domain-helpers";
import { createSalesGame, orderRow } from "../order-helpers";
import { pendingOrder, PUBLIC_URL, submit, type TestGame } from "../payments/checkout-helpers";

useDatabase();

let game: TestGame;
beforeAll(async () => {
  game = await createSalesGame();
});

describe("the country a browser's languages suggest", () => {
  it.each([
    ["fr-FR", "FR"],
    ["nl-BE", "BE"],
    ["nl", "NL"],
    ["fr", "FR"],
    ["fr-BE,fr;q=0.9", "BE"],
    ["fr-LU", "LU"],
    ["de-AT", "AT"],
    ["de", "DE"],
    // A region we do not sell to: the language's country.
    ["fr-CH", "FR"],
    ["sv-FI", "FI"],
    ["sl", "SI"],
    ["el", "GR"],
    ["pt-BR", "PT"],
    // English names no country; the next language does.
    ["en-US,nl;q=0.5", "NL"],
    ["en-IE", "IE"],
    ["en-GB, en;q=0.8", null],
    // By quality, not by order; q=0 means "not this one".
    ["en;q=0.9, pl", "PL"],
    ["fr;q=0, it", "IT"],
    ["zh-Hant-TW", null],
    ["", null],
    ["*", null],
  ])("%j → %s", (header, country) => {
    expect(countryFromAcceptLanguage(header)).toBe(country);
  });

  it("no header: none", () => {
    expect(countryFromAcceptLanguage(null)).toBeNull();
  });
});

/** A checkout naming no country for a player with none: the order gets the fallback, Belgium. */
async function fallbackOrder(ref = extRef("nocountry")) {
  return pendingOrder(game.secretKey, ref, { country: undefined });
}

async function shown(token: string, acceptLanguage: string | null): Promise<string | undefined> {
  return (await getCheckoutPage(await getDb(), token, acceptLanguage))?.shownCountry;
}

describe("the payment page's preselected country", () => {
  it("follows the browser for a fallback country: fr-FR → France, nl-BE → Belgium, nl → Netherlands, en-US → Belgium", async () => {
    const order = await fallbackOrder();
    expect(await orderRow(order.orderId)).toMatchObject({ country: "BE", vatRateBp: 2100 });
    expect(await shown(order.token, "fr-FR,fr;q=0.9")).toBe("FR");
    expect(await shown(order.token, "nl-BE")).toBe("BE");
    expect(await shown(order.token, "nl")).toBe("NL");
    expect(await shown(order.token, "en-US")).toBe("BE");
    expect(await shown(order.token, null)).toBe("BE");
    // Showing the page changes nothing.
    expect(await orderRow(order.orderId)).toMatchObject({ country: "BE", vatRateBp: 2100 });
  });

  it("keeps a country the game gave, the player's country, and one the buyer chose on the page", async () => {
    const given = await pendingOrder(game.secretKey, extRef("given"), { country: "DE" });
    expect(await shown(given.token, "fr-FR")).toBe("DE");
    // Belgium named by the game is the game's choice, not the fallback: the browser does not move it.
    const belgian = await pendingOrder(game.secretKey, extRef("given-be"), { country: "BE" });
    expect(await orderRow(belgian.orderId)).toMatchObject({ country: "BE", countryIsFallback: false });
    expect(await shown(belgian.token, "fr-FR")).toBe("BE");

    const ref = extRef("player-country");
    const playerOrder = await fallbackOrder(ref);
    const { playerId } = await orderRow(playerOrder.orderId);
    await (await getDb()).update(players).set({ country: "ES" }).where(eq(players.id, playerId));
    const withPlayerCountry = await pendingOrder(game.secretKey, ref, { country: undefined });
    expect(await orderRow(withPlayerCountry.orderId)).toMatchObject({ country: "ES" });
    expect(await shown(withPlayerCountry.token, "fr-FR")).toBe("ES");

    // "Update price" with Belgium: the buyer's choice, even though it is the fallback's country.
    const chosen = await fallbackOrder();
    expect((await submit(chosen.token, "country", { country: "BE" })).headers.get("location")).toBe(`${PUBLIC_URL}/pay/${chosen.token}?updated=country#country`);
    expect(await shown(chosen.token, "fr-FR")).toBe("BE");
  });

  it("lists each country's VAT split as Pay would charge it", async () => {
    const order = await fallbackOrder();
    const page = await getCheckoutPage(await getDb(), order.token, "fr-FR");
    expect(page?.prices.map((p) => p.country)).toEqual(euCountries);
    expect(page?.prices.find((p) => p.country === "FR")).toEqual({ country: "FR", vatRateBp: 2000, vatCents: 83, netCents: 416 });
    for (const price of page?.prices ?? []) expect(price).toEqual(vatFor(499, price.country, clock.now()));
  });
});

describe("the country on screen is the one charged", () => {
  it("Belgium on the order, France on screen: Pay charges France's VAT, and the VAT report has a French sale, no Belgian one", async () => {
    const order = await fallbackOrder();
    const page = await getCheckoutPage(await getDb(), order.token, "fr-FR");
    expect(page?.shownCountry).toBe("FR");
    // What the Pay form posts: the select, whose value is the country on screen.
    const paid = await submit(order.token, "pay", { consent: "yes", country: page?.shownCountry ?? "" });
    expect(paid.headers.get("location")).toBe(`${PUBLIC_URL}/pay/${order.token}/done`);
    const row = await orderRow(order.orderId);
    expect(row).toMatchObject({ status: "fulfilled", country: "FR", vatRateBp: 2000, vatCents: 83, netCents: 416, amountCents: 499 });
    const done = await getCheckoutPage(await getDb(), order.token, "fr-FR");
    expect(done?.order).toMatchObject({ country: "FR", vatRateBp: 2000, vatCents: 83 });

    const day = row.paidAt?.toISOString().slice(0, 10) ?? "";
    const report = await vatByCountry(await getDb(), await testScope(game), { from: day, to: day });
    expect(report.lines.map((line) => [line.country, line.vatRateBp])).toContainEqual(["FR", 2000]);
    expect(report.lines.map((line) => line.country)).not.toContain("BE");
  });

  it("the select is the Pay form's field: named country, and Update price posts the same form to the country action without asking for consent", () => {
    const html = renderToStaticMarkup(
      createElement(
        "form",
        { method: "post", action: "/pay/t/pay" },
        createElement(CountryPrice, {
          options: [
            { code: "BE", name: "Belgium" },
            { code: "FR", name: "France" },
          ],
          initialCountry: "FR",
          prices: {
            BE: { net: "€4.12", vatLabel: "VAT (21%)", vat: "€0.87", announcement: "Belgium" },
            FR: { net: "€4.16", vatLabel: "VAT (20%)", vat: "€0.83", announcement: "France" },
          },
          total: "€4.99",
          updateAction: "/pay/t/country",
          labels: { country: "Country", updateCountry: "Update price", vatNote: "note", subtotal: "Net", total: "Total" },
          initialAnnouncement: null,
        }),
      ),
    );
    // One form around the select: the select is its only field named country (no hidden copy of the order's).
    expect(html.match(/<form /g)).toHaveLength(1);
    expect(html.match(/name="country"/g)).toHaveLength(1);
    expect(html).toMatch(/<select id="country" name="country" autoComplete="off"/);
    expect(html).toContain('<option value="FR" selected="">France</option>');
    const update = /<button [^>]*>Update price<\/button>/.exec(html)?.[0] ?? "";
    expect(update).toContain('type="submit"');
    expect(update).toContain('formAction="/pay/t/country"');
    expect(update).toContain('formNoValidate=""');
    expect(html).toContain('<dd data-testid="vat">€0.83</dd>');
    expect(html).toContain('<p role="status" aria-live="polite" data-testid="price-announcement" class="sr-only"></p>');
  });
});
