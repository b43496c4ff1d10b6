import { expect, type Page } from "@playwright/test";
import { APP_URL, FIXTURE } from "./env";

export type StaffRole = keyof typeof FIXTURE.staff;

/** Signs in with the login form as one of the fixture's staff, and waits for the games page. */
export async function signInAs(page: Page, role: StaffRole, origin = APP_URL): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.locator("input[name=email]").fill(FIXTURE.staff[role].email);
  await page.locator("input[name=password]").fill(FIXTURE.staff[role].password);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(`${origin}/dashboard`);
}

/** `/games/<id>/<env>` of the fixture's game, read from the games page (the browser must be signed in). */
export async function fixtureGameBase(page: Page, env: "test" | "live" = "test"): Promise<string> {
  await page.goto("/dashboard");
  const href = await page.getByRole("link", { name: new RegExp(FIXTURE.gameName) }).first().getAttribute("href");
  const match = /^\/games\/([^/]+)\//.exec(href ?? "");
  expect(match, `game link ${href}`).not.toBeNull();
  return `/games/${match?.[1]}/${env}`;
}
