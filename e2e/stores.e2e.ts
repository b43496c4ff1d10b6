/**
 * Store purchases' dashboard side in Chromium: the Stores card of Keys & settings (admin), filled and
 * saved by keyboard only, secrets shown as hints and the Google Play push URL shown once; a developer
 * does not see the card; a pack's store product ids set in the catalog's pack form. Each view is checked
 * with axe-core and screenshotted (e2e/screenshots/stores-<view>.png).
 */
import { generateKeyPairSync } from "node:crypto";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectNoSeriousAxeViolations, saveScreenshot } from "./support/axe";
import { fixtureGameBase, signInAs } from "./support/dashboard";
import { FIXTURE } from "./support/env";
import { tabTo } from "./support/keyboard";

test.describe.configure({ mode: "serial" });

const appleKey = generateKeyPairSync("ec", { namedCurve: "prime256v1" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();
const googleKeyFile = JSON.stringify({
  type: "service_account",
  project_id: "e2e-quest",
  client_email: "gamecoin@e2e-quest.iam.gserviceaccount.com",
  private_key: generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
});

/** Reaches `field` with Tab from where the focus is, and types `text` into it (no mouse). */
async function typeInto(page: Page, field: Locator, text: string): Promise<void> {
  await tabTo(page, field);
  await page.keyboard.insertText(text);
}

test("stores card: App Store and Google Play saved by keyboard, secrets as hints, the push URL shown once", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, "admin");
  const base = await fixtureGameBase(page, "live");
  await page.goto(`${base}/settings`);
  const card = page.locator("#stores");
  await expect(card.getByRole("heading", { name: "Stores (live)" })).toBeVisible();
  await expect(card.getByTestId("app-store-notification-url-live")).toHaveText(/\/api\/stores\/app-store\/e2e-game\/live$/);
  await expect(card.getByTestId("google-play-notification-url-live")).toHaveText(/\/api\/stores\/google-play\/e2e-game\/live\?token=$/);
  await page.waitForLoadState("networkidle");
  await expectNoSeriousAxeViolations(page, "stores card");

  // App Store, by keyboard: start from the section's first field and Tab through.
  const apple = card.getByTestId("app-store-form-live");
  await apple.getByLabel("Bundle ID").focus();
  await page.keyboard.insertText("com.e2e.quest");
  await typeInto(page, apple.getByLabel("Apple ID of the app"), "1234567890");
  await typeInto(page, apple.getByLabel("Issuer ID"), "57246542-96fe-1a63-e053-0824d011072a");
  await typeInto(page, apple.getByLabel("Key ID"), "2X9R4HXF34");
  await typeInto(page, apple.getByLabel("In-App Purchase private key (.p8)"), appleKey);
  await tabTo(page, card.getByTestId("save-app-store-live"));
  await page.keyboard.press("Enter");
  await expect(card.getByTestId("app-store-form-live").getByText(/^Stored: EC P-256 key, SHA-256 [0-9a-f]{12}…\. Leave empty to keep it\.$/)).toBeVisible();
  await expect(card.getByTestId("app-store-form-live").getByLabel("Bundle ID")).toHaveValue("com.e2e.quest");
  await expect(page.getByText("BEGIN PRIVATE KEY", { exact: false })).toHaveCount(0);

  // A refusal names its field.
  const google = card.getByTestId("google-play-form-live");
  await google.getByLabel("Package name").focus();
  await page.keyboard.insertText("not-a-package");
  await tabTo(page, card.getByTestId("save-google-play-live"));
  await page.keyboard.press("Enter");
  await expect(google.getByRole("alert").filter({ hasText: "Must be a package name such as com.studio.game" })).toBeVisible();
  await expectNoSeriousAxeViolations(page, "stores card with field errors");

  await google.getByLabel("Package name").fill("");
  await google.getByLabel("Package name").focus();
  await page.keyboard.insertText("com.e2e.quest");
  await typeInto(page, google.getByLabel("Service account key (JSON)"), googleKeyFile);
  await tabTo(page, card.getByTestId("save-google-play-live"));
  await page.keyboard.press("Enter");
  const shown = card.getByTestId("google-play-revealed-live");
  await expect(shown).toContainText("it will not be shown again");
  const url = ((await shown.getByTestId("secret-value").textContent()) ?? "").trim();
  expect(url).toMatch(/\/api\/stores\/google-play\/e2e-game\/live\?token=gpn_[A-Za-z0-9_-]{32}$/);
  await expect(card.getByTestId("google-play-form-live").getByText(/gamecoin@e2e-quest\.iam\.gserviceaccount\.com, RSA key, SHA-256/)).toBeVisible();
  await expectNoSeriousAxeViolations(page, "stores card with the push URL shown once");
  await saveScreenshot(page, "stores-card");
  await tabTo(page, shown.getByRole("button", { name: "I have saved it" }));
  await page.keyboard.press("Enter");
  await expect(shown).toHaveCount(0);

  // After a reload only hints remain: never the token, never a key.
  await page.reload();
  await expect(card.getByTestId("google-play-form-live").getByText(new RegExp(`stored: …${url.slice(-4)}`))).toBeVisible();
  await expect(page.locator("body")).not.toContainText(url.split("token=")[1] ?? "unreachable");
});

test("stores card: hidden from a developer", async ({ page }) => {
  await signInAs(page, "developer");
  const base = await fixtureGameBase(page, "live");
  await page.goto(`${base}/settings`);
  await expect(page.getByRole("heading", { level: 1, name: "Keys & settings" })).toBeVisible();
  await expect(page.getByText("Only admins and owners can see and change the payment provider")).toBeVisible();
  await expect(page.locator("#stores")).toHaveCount(0);
});

test("pack form: store product ids set by keyboard and shown again", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, "developer");
  const base = await fixtureGameBase(page, "test");
  await page.goto(`${base}/catalog`);
  await expect(page.getByTestId("pack-row").first()).toBeVisible();
  await page.getByTestId(`row-actions-${FIXTURE.packs.chest}`).click();
  await page.getByTestId(`edit-${FIXTURE.packs.chest}`).click();
  const form = page.getByTestId("pack-form");
  await expect(form.getByRole("group", { name: "Store products" })).toBeVisible();
  await form.getByTestId("pack-app-store-product").focus();
  await page.keyboard.insertText("com.e2e.quest.chest");
  await typeInto(page, form.getByTestId("pack-google-play-product"), "crystal_chest");
  await expectNoSeriousAxeViolations(page, "pack form with store products");
  await saveScreenshot(page, "stores-pack-form");
  await tabTo(page, form.getByTestId("pack-submit"));
  await page.keyboard.press("Enter");
  await expect(form).toBeHidden();

  await page.getByTestId(`row-actions-${FIXTURE.packs.chest}`).click();
  await page.getByTestId(`edit-${FIXTURE.packs.chest}`).click();
  await expect(page.getByTestId("pack-app-store-product")).toHaveValue("com.e2e.quest.chest");
  await expect(page.getByTestId("pack-google-play-product")).toHaveValue("crystal_chest");
});
