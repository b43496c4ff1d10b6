/**
 * The studio's time zone, as an owner: a checkout created at a known instant (15 Jan 2026, 10:30 UTC)
 * reads in UTC on its order page; the owner picks Asia/Tokyo on the members page's studio card, and the
 * same order (and the audit log's entry of the change) now reads in Tokyo time with the zone written
 * out. The owner then puts UTC back, as the fixture has it (other specs read dates in UTC).
 */
import postgres from "postgres";
import { expect, test, type Page } from "@playwright/test";
import { ApiClient, uniquePlayerRef } from "./support/api";
import { fixtureGameBase, signInAs } from "./support/dashboard";
import { e2eDatabaseUrl, FIXTURE } from "./support/env";
import { tabTo } from "./support/keyboard";

test.describe.configure({ mode: "serial" });

const api = new ApiClient();
const CREATED_AT = "2026-01-15T10:30:00.000Z";

async function withSql<T>(work: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(e2eDatabaseUrl(), { max: 1, onnotice: () => {} });
  try {
    return await work(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** A pending checkout whose creation time is moved to CREATED_AT: the API cannot create one in the past. */
async function orderCreatedAtKnownInstant(): Promise<string> {
  const { order } = await api.createCheckout(uniquePlayerRef("zone"), { packSku: FIXTURE.packs.chest, country: "FR", locale: "en" });
  await withSql((sql) => sql`update orders set created_at = ${CREATED_AT} where id = ${order.id}`);
  return order.id;
}

/** The studio card's zone picker, saved by keyboard; waits for the confirmation. */
async function setStudioZone(page: Page, zone: string): Promise<void> {
  await page.goto("/members");
  const select = page.getByTestId("studio-time-zone");
  await expect(select).toBeVisible();
  await tabTo(page, select);
  await select.selectOption(zone);
  const save = page.getByTestId("studio-time-zone-save");
  await expect(save).toBeEnabled();
  await tabTo(page, save);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("toast").filter({ hasText: `Dates are now shown in ${zone}` })).toBeVisible();
  await expect(select).toHaveValue(zone);
  await expect(save).toBeDisabled();
}

const createdLine = (page: Page) => page.getByTestId("timeline-created").locator("p").nth(1);

// Whatever happens in the test, later specs must find the fixture's UTC studio.
test.afterAll(async () => {
  await withSql((sql) => sql`update studios set time_zone = 'UTC' where time_zone <> 'UTC'`);
});

test("time zone: the owner moves the studio to Asia/Tokyo and an order's time follows, zone shown", async ({ page }) => {
  const orderId = await orderCreatedAtKnownInstant();
  await signInAs(page, "owner");
  const base = await fixtureGameBase(page);

  await page.goto(`${base}/orders/${orderId}`);
  await expect(page.getByTestId("order-status")).toHaveText("pending");
  await expect(createdLine(page)).toHaveText("15 Jan 2026, 10:30 UTC");

  await setStudioZone(page, "Asia/Tokyo");

  // Another page, loaded afresh: the same instant, nine hours later on the clock, with Tokyo's offset.
  await page.goto(`${base}/orders/${orderId}`);
  await expect(createdLine(page)).toHaveText("15 Jan 2026, 19:30 GMT+9");

  // The audit log's entry of the change is in the new zone too, to the minute of its recorded instant.
  await page.goto("/audit");
  const change = page.getByTestId("audit-row").filter({ hasText: "studio.time_zone.change" }).first();
  const when = change.locator("time");
  await expect(when).toBeVisible();
  const recorded = await when.getAttribute("datetime");
  expect(recorded).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  const tokyo = new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Tokyo",
    day: "numeric",
    month: "short",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
    timeZoneName: "short",
  }).format(new Date(recorded ?? ""));
  expect(tokyo).toMatch(/ GMT\+9$/);
  await expect(when).toHaveText(tokyo);

  // Back to UTC, as the fixture has it: the order reads in UTC again.
  await setStudioZone(page, "UTC");
  await page.goto(`${base}/orders/${orderId}`);
  await expect(createdLine(page)).toHaveText("15 Jan 2026, 10:30 UTC");
});
