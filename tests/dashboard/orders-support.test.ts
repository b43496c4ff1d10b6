import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { orders, webhookEndpoints } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { extRef, useDatabase } from "../harness";
import { assertLedgerInvariants, orderRow } from "../order-helpers";
import { downloadExport, refusedExport } from "./csv-export-helpers";
import { gameOf, paidOrder, pendingOrder, salesFixture } from "./sales-helpers";
import { callerFor, expectCode, fieldErrorsOf, type StudioFixture } from "./studio-staff";

useDatabase();

let fx: StudioFixture;
let other: StudioFixture;
beforeAll(async () => {
  [fx, other] = await Promise.all([salesFixture(), salesFixture()]);
});
afterEach(async () => {
  clock.reset();
  await assertLedgerInvariants(fx.game);
});

const viewer = () => callerFor(fx.staff.viewer);

describe("orders: search by the buyer's reference", () => {
  it("finds an order by its id (the receipt's order reference), in any case, or by the provider's reference, exactly", async () => {
    const a = await paidOrder(fx, { packSku: "p500" });
    const b = await paidOrder(fx, { packSku: "duo" });
    const db = await getDb();
    await db.update(orders).set({ providerReference: "pi_3Nabc123" }).where(eq(orders.id, b.id));
    const api = await viewer();
    const find = async (orderId: string) => (await api.orders.list({ ...gameOf(fx), orderId })).orders.map((o) => o.id);
    expect(await find(a.id)).toEqual([a.id]);
    expect(await find(` ${a.id.toUpperCase()} `)).toEqual([a.id]);
    expect(await find(a.id.slice(0, 20))).toEqual([]);
    expect(await find("pi_3Nabc123")).toEqual([b.id]);
    expect(await find("pi_3nabc123")).toEqual([]);
    expect(await find(b.id)).toEqual([b.id]);
    expect((await api.orders.list({ ...gameOf(fx), orderId: a.id, status: "refunded" })).orders).toEqual([]);
    expect((await (await callerFor(other.staff.viewer)).orders.list({ ...gameOf(other), orderId: a.id })).orders).toEqual([]);
    const empty = await expectCode(api.orders.list({ ...gameOf(fx), orderId: "   " }), "BAD_REQUEST");
    expect(fieldErrorsOf(empty)).toEqual({ orderId: ["Must not be empty"] });
  });
});

describe("orders: CSV export", () => {
  it("exports every order of the filters, newest first, amounts in euros, instants in ISO UTC", async () => {
    const ref = extRef("csv");
    const paid = await paidOrder(fx, { ref, packSku: "p500", country: "FR" });
    const pending = await pendingOrder(fx, { ref, packSku: "duo", country: "BE" });
    const [paidRow, pendingRow] = [await orderRow(paid.id), await orderRow(pending.id)];
    const externalId = ref.slice("ext:".length);
    const file = await downloadExport(fx.staff.viewer, "orders", { ...gameOf(fx), playerId: paid.playerId });
    expect(file.filename).toMatch(/^orders-test-\d{4}-\d{2}-\d{2}\.csv$/);
    const line = (o: typeof paidRow, status: string) =>
      [
        o.id,
        o.createdAt.toISOString(),
        status,
        o.playerId,
        externalId,
        "",
        o.packSku,
        o.packName,
        (o.amountCents / 100).toFixed(2),
        (o.vatCents / 100).toFixed(2),
        (o.netCents / 100).toFixed(2),
        o.country,
        "",
        "",
        o.paidAt?.toISOString() ?? "",
        "",
        "",
        "",
        // Paid by the test helper: no Pay request, no provider, so only the picked country is known.
        o.paidAt ? "insufficient" : "",
        "web",
      ].join(",");
    expect(paidRow.amountCents).toBe(499);
    expect(pendingRow.amountCents).toBe(1999);
    expect(file.csv).toBe(
      [
        "order_id,created_at,status,player_id,player_external_id,player_display_name,pack_sku,pack_name,amount_eur,vat_eur,net_eur,country,creator_code,provider_reference,paid_at,refunded_at,ip_country,payment_country,vat_evidence,channel",
        line(pendingRow, "pending"),
        line(paidRow, "fulfilled"),
        "",
      ].join("\r\n"),
    );
    const onlyPending = await downloadExport(fx.staff.viewer, "orders", { ...gameOf(fx), playerId: paid.playerId, status: "pending" });
    expect(onlyPending.csv.split("\r\n").slice(1)).toEqual([line(pendingRow, "pending"), ""]);
    const bad = await refusedExport(fx.staff.viewer, "orders", { ...gameOf(fx), from: "2025-03-02", to: "2025-03-01" });
    expect(bad).toMatchObject({ code: "VALIDATION_FAILED", status: 400, details: { fieldErrors: { to: ["Must not be before the start date"] } } });
  });
});

describe("orders.get: names and the webhook section", () => {
  it("names the pack's currencies and items, says the refund policy, and lists a subscribed endpoint that is disabled, with since when", async () => {
    const db = await getDb();
    const now = clock.now();
    const disabledAt = new Date("2026-11-20T08:30:00.000Z");
    const endpointId = newId();
    await db.insert(webhookEndpoints).values([
      {
        id: endpointId,
        gameId: fx.gameId,
        env: "test",
        url: "https://hooks.example.com/disabled",
        events: ["order.fulfilled", "order.refunded"],
        signingSecret: "whsec_test",
        active: false,
        disabledReason: "failures",
        disabledAt,
        createdAt: now,
        updatedAt: now,
      },
      {
        id: newId(),
        gameId: fx.gameId,
        env: "test",
        url: "https://hooks.example.com/wallet-only",
        events: ["wallet.credited"],
        signingSecret: "whsec_test",
        active: false,
        createdAt: now,
        updatedAt: now,
      },
    ]);
    const order = await paidOrder(fx, { packSku: "duo" });
    const detail = await (await viewer()).orders.get({ ...gameOf(fx), orderId: order.id });
    expect(detail.currencyNames).toEqual({ gold: "Gold", coins: "Coins" });
    expect(detail.itemNames).toEqual({});
    expect(detail.negativeBalance).toBe("allow");
    expect(detail.deliveries).toEqual([]);
    expect(detail.subscribedEndpoints).toEqual([
      { id: endpointId, url: "https://hooks.example.com/disabled", active: false, disabledReason: "failures", disabledAt: disabledAt.toISOString() },
    ]);
    const gear = await paidOrder(fx, { packSku: "gear" });
    const gearDetail = await (await viewer()).orders.get({ ...gameOf(fx), orderId: gear.id });
    expect([gearDetail.itemNames, gearDetail.currencyNames]).toEqual([{ sword: "Sword", shield: "Shield" }, {}]);
  });
});
