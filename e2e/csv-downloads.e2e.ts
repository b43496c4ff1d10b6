/**
 * The dashboard's CSV exports as support staff, by keyboard: the orders list (filtered to one order by
 * its reference), the players list (filtered by a name) and one player's ledger. Each is a real
 * browser download; the file's name, header and data rows are checked exactly against what the API
 * says about the same player and order (instants in ISO 8601 UTC, amounts in euros).
 */
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { ApiClient, playerSegment, uniquePlayerRef, type Order } from "./support/api";
import { fixtureGameBase, signInAs } from "./support/dashboard";
import { csvLines, downloadOf } from "./support/download";
import { FIXTURE } from "./support/env";
import { tabTo } from "./support/keyboard";

test.describe.configure({ mode: "serial" });

const api = new ApiClient();

type Player = { id: string; externalId: string | null; createdAt: string };
type LedgerEntry = { id: string; type: string; createdAt: string; reason: string | null };
type Buyer = { player: Player; order: Order & { createdAt: string }; displayName: string };

const tag = randomUUID().slice(0, 6);
let buyer: Buyer | null = null;

/** One player with a display name and one paid Crystal Chest (1,000 + 100 bonus crystals), made through the API. */
async function paidBuyer(): Promise<Buyer> {
  if (buyer) return buyer;
  const ref = uniquePlayerRef("csv");
  const displayName = `Csv Carmen ${tag}`;
  const player = await api.expect<Player>(200, "PUT", `/players/${playerSegment(ref)}`, { body: { displayName, country: "FR" } });
  expect(player.externalId).toBe(ref.slice("ext:".length));
  const { order } = await api.createCheckout(ref, { packSku: FIXTURE.packs.chest, country: "FR", locale: "en" });
  await api.expect(200, "POST", `/test-helpers/orders/${order.id}/pay`);
  buyer = { player, order: (await api.getOrder(order.id)) as Order & { createdAt: string }, displayName };
  return buyer;
}

/** The UTC day the server names its list exports after. */
const today = () => new Date().toISOString().slice(0, 10);

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, "support");
});

test("CSV: the orders list, filtered to one order by its reference", async ({ page }) => {
  const { player, order, displayName } = await paidBuyer();
  expect(order.status).toBe("fulfilled");
  const base = await fixtureGameBase(page);
  await page.goto(`${base}/orders`);
  await tabTo(page, page.getByTestId("filter-order-id"));
  await page.keyboard.type(order.id);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("order-row")).toHaveCount(1);

  const button = page.getByTestId("orders-export");
  await tabTo(page, button);
  const file = await downloadOf(page, () => page.keyboard.press("Enter"));
  expect(file.filename).toBe(`orders-test-${today()}.csv`);
  expect(csvLines(file.text)).toEqual([
    "order_id,created_at,status,player_id,player_external_id,player_display_name,pack_sku,pack_name,amount_eur,vat_eur,net_eur,country,creator_code,provider_reference,paid_at,refunded_at,ip_country,payment_country,vat_evidence,channel",
    `${order.id},${order.createdAt},fulfilled,${player.id},${player.externalId},${displayName},crystal-chest,Crystal Chest,12.00,2.00,10.00,FR,,,${order.paidAt},,,,insufficient,web`,
  ]);
});

test("CSV: the players list, filtered by a name", async ({ page }) => {
  const { player, displayName } = await paidBuyer();
  const base = await fixtureGameBase(page);
  await page.goto(`${base}/players`);
  await tabTo(page, page.getByTestId("player-search"));
  await page.keyboard.type(`carmen ${tag}`);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("player-row")).toHaveCount(1);

  await tabTo(page, page.getByTestId("players-export"));
  const file = await downloadOf(page, () => page.keyboard.press("Enter"));
  expect(file.filename).toBe(`players-test-${today()}.csv`);
  expect(csvLines(file.text)).toEqual([
    "id,external_id,display_name,email,country,blocked,balance_crystals,balance_gold,created_at",
    `${player.id},${player.externalId},${displayName},,FR,false,1100,0,${player.createdAt}`,
  ]);
});

test("CSV: one player's ledger", async ({ page }) => {
  const { player, order } = await paidBuyer();
  const { entries } = await api.expect<{ entries: LedgerEntry[] }>(200, "GET", `/players/${player.id}/ledger`);
  expect(entries).toHaveLength(1);
  const [credit] = entries;
  if (!credit) throw new Error("no ledger entry");
  expect(credit).toMatchObject({ type: "purchase_credit", reason: null });

  const base = await fixtureGameBase(page);
  await page.goto(`${base}/players/${player.id}`);
  await expect(page.getByTestId("ledger-row")).toHaveCount(1);
  await tabTo(page, page.getByTestId("ledger-export"));
  const file = await downloadOf(page, () => page.keyboard.press("Enter"));
  expect(file.filename).toBe(`ledger-${player.id}-test.csv`);
  expect(csvLines(file.text)).toEqual([
    "entry_id,created_at,type,currency,paid_delta,bonus_delta,paid_after,bonus_after,total_after,reason,order_id,item_sku",
    `${credit.id},${credit.createdAt},purchase_credit,crystals,1000,100,1000,100,1100,,${order.id},`,
  ]);
});
