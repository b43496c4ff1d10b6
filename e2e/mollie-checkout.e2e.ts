/**
 * A sale through Mollie, in a real Chromium: the hosted page lists the methods the environment offers,
 * the buyer gives the consent, pays by iDEAL on the local Mollie server's hosted checkout, and comes back
 * to a fulfilled order with its receipt (the webhook reached the app, or the confirmation page read the
 * payment). Then a payment that fails at the bank.
 */
import { expect, test } from "@playwright/test";
import { ApiClient, uniquePlayerRef, type Checkout } from "./support/api";
import { expectNoSeriousAxeViolations } from "./support/axe";
import { APP_URL } from "./support/env";
import { MOLLIE_FIXTURE, e2eMollieUrl } from "./support/mollie";

const client = new ApiClient(MOLLIE_FIXTURE.testSecretKey);
const CONSENT = "I ask for the digital content to be delivered immediately after payment, and I acknowledge that I thereby lose my right of withdrawal.";

async function newCheckout(): Promise<Checkout> {
  const checkout = await client.createCheckout(uniquePlayerRef("mollie"), { packSku: MOLLIE_FIXTURE.pack, country: "NL", locale: "en" });
  expect(checkout.order).toMatchObject({ status: "pending", amountCents: 499, country: "NL" });
  return checkout;
}

const tokenOf = (checkoutUrl: string) => new URL(checkoutUrl).pathname.split("/")[2] ?? "";

test("Mollie checkout: methods shown, consent, Mollie's page, iDEAL paid, back to a fulfilled order", async ({ page }) => {
  const checkout = await newCheckout();
  const token = tokenOf(checkout.checkoutUrl);
  await page.goto(checkout.checkoutUrl);
  await expect(page.getByTestId("payment-methods")).toHaveText("You can pay with: Card, Bancontact, iDEAL | Wero.");
  await expectNoSeriousAxeViolations(page);
  await page.getByLabel(CONSENT).check();
  await page.getByTestId("pay").click();

  await expect(page).toHaveURL(new RegExp(`^${e2eMollieUrl()}/checkout/tr_`));
  await page.getByLabel("Method").selectOption("ideal");
  await page.getByTestId("mollie-paid").click();

  await expect(page).toHaveURL(new RegExp(`^${APP_URL}/pay/${token}/done`));
  await expect(page.getByTestId("confirmation")).toHaveAttribute("data-status", "fulfilled", { timeout: 20_000 });
  await expect(page.getByTestId("receipt")).toBeVisible();
  const order = await client.getOrder(checkout.order.id);
  expect(order).toMatchObject({ status: "fulfilled", amountCents: 499 });
});

test("Mollie checkout: the bank refuses (failed), the order is declined", async ({ page }) => {
  const checkout = await newCheckout();
  const token = tokenOf(checkout.checkoutUrl);
  await page.goto(checkout.checkoutUrl);
  await page.getByLabel(CONSENT).check();
  await page.getByTestId("pay").click();
  await expect(page).toHaveURL(new RegExp(`^${e2eMollieUrl()}/checkout/tr_`));
  await page.getByLabel("Method").selectOption("bancontact");
  await page.getByTestId("mollie-failed").click();
  await expect(page).toHaveURL(new RegExp(`^${APP_URL}/pay/${token}/done`));
  await expect(page.getByTestId("confirmation")).toHaveAttribute("data-status", "failed", { timeout: 20_000 });
  expect((await client.getOrder(checkout.order.id)).status).toBe("failed");
});
