import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { auditLog, staffRoles, webhookEndpoints } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { extRef, post, useDatabase } from "../harness";
import { ensurePlayer } from "../domain-helpers";
import { assertLedgerInvariants, balanceOf, inventoryOf, ledgerOfOrder, orderRow, outboxOf, wallet } from "../order-helpers";
import { gameOf, paidOrder, pendingOrder, restRefund, salesFixture } from "./sales-helpers";
import { addStaff, auditRowsOf, callerFor, expectCode, fieldErrorsOf, lastAudit, rolesSplitAt, type StudioFixture } from "./studio-staff";

useDatabase();

let fx: StudioFixture;
let other: StudioFixture;
beforeAll(async () => {
  [fx, other] = await Promise.all([salesFixture([{ code: "NINJA", creatorName: "Ninja", rateBp: 1000 }]), salesFixture()]);
});
afterEach(async () => {
  clock.reset();
  await assertLedgerInvariants(fx.game);
});

const viewer = () => callerFor(fx.staff.viewer);

describe("orders.list", () => {
  it("lists newest first, filters, and pages with a cursor without gaps or repeats", async () => {
    const ref = extRef("lister");
    const a = await paidOrder(fx, { ref, packSku: "p500", country: "FR" });
    const b = await pendingOrder(fx, { ref, packSku: "duo" });
    const c = await paidOrder(fx, { packSku: "gear", creatorCode: "ninja" });
    const api = await viewer();

    const all = await api.orders.list({ ...gameOf(fx), limit: 100 });
    const ids = all.orders.map((o) => o.id);
    expect(ids.slice(0, 3)).toEqual([c.id, b.id, a.id]);
    expect(all.nextCursor).toBeNull();
    expect(all.orders[0]).toMatchObject({ id: c.id, status: "fulfilled", pack: { sku: "gear", name: "Gear" }, amountCents: 999, creatorCode: "NINJA" });
    expect(all.orders[2]).toMatchObject({ id: a.id, playerId: a.playerId, country: "FR", player: { externalId: ref.slice("ext:".length) } });

    expect((await api.orders.list({ ...gameOf(fx), status: "pending" })).orders.map((o) => o.id)).toContain(b.id);
    expect((await api.orders.list({ ...gameOf(fx), status: "pending" })).orders.every((o) => o.status === "pending")).toBe(true);
    expect((await api.orders.list({ ...gameOf(fx), packSku: "duo" })).orders.every((o) => o.pack.sku === "duo")).toBe(true);
    expect((await api.orders.list({ ...gameOf(fx), creatorCode: " ninja " })).orders.map((o) => o.id)).toEqual([c.id]);
    expect((await api.orders.list({ ...gameOf(fx), playerId: a.playerId })).orders.map((o) => o.id)).toEqual([b.id, a.id]);
    const today = clock.now().toISOString().slice(0, 10);
    expect((await api.orders.list({ ...gameOf(fx), from: today, to: today, limit: 100 })).orders.map((o) => o.id)).toEqual(expect.arrayContaining([a.id, b.id, c.id]));
    expect((await api.orders.list({ ...gameOf(fx), to: "2000-01-01" })).orders).toEqual([]);

    const seen: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 10; page += 1) {
      const result = await api.orders.list({ ...gameOf(fx), limit: 2, cursor });
      expect(result.orders.length).toBeLessThanOrEqual(2);
      seen.push(...result.orders.map((o) => o.id));
      if (!result.nextCursor) break;
      cursor = result.nextCursor;
    }
    expect(seen).toEqual(ids);
  });

  it("keeps test and live apart and lists the packs that were ordered", async () => {
    await paidOrder(fx, { packSku: "duo" });
    const api = await viewer();
    expect((await api.orders.list(gameOf(fx, "live"))).orders).toEqual([]);
    const packs = await api.orders.packs(gameOf(fx));
    expect(packs.map((p) => p.sku)).toEqual(expect.arrayContaining(["duo", "p500"]));
    expect(await api.orders.packs(gameOf(fx, "live"))).toEqual([]);
  });

  it("refuses a period that ends before it starts, with the field error on `to`", async () => {
    const error = await expectCode((await viewer()).orders.list({ ...gameOf(fx), from: "2025-03-02", to: "2025-03-01" }), "BAD_REQUEST");
    expect(fieldErrorsOf(error)).toEqual({ to: ["Must not be before the start date"] });
    const bad = await expectCode((await viewer()).orders.list({ ...gameOf(fx), status: "lost" as never, from: "yesterday" }), "BAD_REQUEST");
    expect(Object.keys(fieldErrorsOf(bad) ?? {}).sort()).toEqual(["from", "status"]);
  });

  it("is refused without a session, and another studio's game is not found", async () => {
    await expectCode((await callerFor(null)).orders.list(gameOf(fx)), "UNAUTHORIZED");
    await expectCode((await callerFor(other.staff.owner)).orders.list(gameOf(fx)), "NOT_FOUND");
  });
});

describe("orders.get", () => {
  it("shows the summary, timeline, ledger entries, events and webhook deliveries of the order", async () => {
    const db = await getDb();
    const now = clock.now();
    const endpointId = newId();
    await db.insert(webhookEndpoints).values({
      id: endpointId,
      gameId: fx.gameId,
      env: "test",
      url: "https://hooks.example.com/gamecoin",
      events: ["order.fulfilled", "order.refunded"],
      signingSecret: "whsec_test",
      createdAt: now,
      updatedAt: now,
    });
    try {
      const order = await paidOrder(fx, { packSku: "p500", creatorCode: "NINJA", country: "BE" });
      await restRefund(fx, order.id, "asked nicely");
      const detail = await (await viewer()).orders.get({ ...gameOf(fx), orderId: order.id });
      expect(detail.order).toMatchObject({ id: order.id, status: "refunded", amountCents: 499, creatorRateBp: 1000, creatorShareCents: 41, refundReason: "asked nicely" });
      expect(detail.timeline.map((t) => t.kind)).toEqual(["created", "paid", "fulfilled", "refunded"]);
      expect(detail.timeline[3]?.note).toBe("asked nicely");
      expect(detail.ledger.map((e) => [e.type, e.currency, e.paidDelta, e.bonusDelta])).toEqual([
        ["purchase_credit", "coins", 500, 50],
        ["refund_clawback", "coins", -500, -50],
      ]);
      expect(detail.ledger.every((e) => e.ref.orderId === order.id)).toBe(true);
      expect(detail.events.map((e) => e.type)).toEqual(["order.fulfilled", "wallet.credited", "order.refunded"]);
      // Only the subscribed types were fanned out to the endpoint; nothing was sent yet.
      expect(detail.deliveries.map((d) => [d.eventType, d.endpointUrl, d.status, d.attempts])).toEqual([
        ["order.fulfilled", "https://hooks.example.com/gamecoin", "pending", 0],
        ["order.refunded", "https://hooks.example.com/gamecoin", "pending", 0],
      ]);
      expect(detail.moves).toEqual({ refund: false, pay: false, decline: false, chargeback: false });
      expect(detail.itemNames).toEqual({ potion: "Potion" });
    } finally {
      await db.update(webhookEndpoints).set({ active: false }).where(eq(webhookEndpoints.id, endpointId));
    }
  });

  it("says which moves a pending and a fulfilled order allow, and a declined order's timeline ends with `declined`", async () => {
    const api = await viewer();
    const pending = await pendingOrder(fx);
    expect((await api.orders.get({ ...gameOf(fx), orderId: pending.id })).moves).toEqual({ refund: false, pay: true, decline: true, chargeback: false });
    expect((await api.orders.get({ ...gameOf(fx), orderId: (await pendingOrder(fx, { packSku: "gear" })).id })).itemNames).toEqual({
      sword: "Sword",
      shield: "Shield",
    });
    const fulfilled = await paidOrder(fx);
    expect((await api.orders.get({ ...gameOf(fx), orderId: fulfilled.id })).moves).toEqual({ refund: true, pay: false, decline: false, chargeback: true });
    await (await callerFor(fx.staff.support)).orders.sandboxDecline({ ...gameOf(fx), orderId: pending.id });
    expect((await api.orders.get({ ...gameOf(fx), orderId: pending.id })).timeline.map((t) => t.kind)).toEqual(["created", "declined"]);
  });

  it("is not found in the other environment, in another studio, or with a malformed id", async () => {
    const order = await paidOrder(fx);
    await expectCode((await viewer()).orders.get({ ...gameOf(fx, "live"), orderId: order.id }), "NOT_FOUND");
    await expectCode((await callerFor(other.staff.owner)).orders.get({ ...gameOf(fx), orderId: order.id }), "NOT_FOUND");
    await expectCode((await viewer()).orders.get({ ...gameOf(fx), orderId: "nope" }), "NOT_FOUND");
  });
});

describe("orders.refund", () => {
  const { allowed } = rolesSplitAt("support");

  it.each(staffRoles.map((role) => [role, allowed.includes(role)] as const))("%s may refund: %s", async (role, ok) => {
    const order = await paidOrder(fx);
    const call = (await callerFor(fx.staff[role])).orders.refund({ ...gameOf(fx), orderId: order.id, reason: `by ${role}` });
    if (ok) {
      expect(await call).toMatchObject({ id: order.id, status: "refunded" });
      const audit = await lastAudit(fx.studioId, "order.refund");
      expect(audit).toMatchObject({ staffId: fx.staff[role].id, gameId: fx.gameId, env: "test", targetType: "order", targetId: order.id });
      expect(audit.before).toMatchObject({ id: order.id, status: "fulfilled" });
      expect(audit.after).toMatchObject({ id: order.id, status: "refunded" });
      expect((await orderRow(order.id)).refundReason).toBe(`by ${role}`);
    } else {
      await expectCode(call, "FORBIDDEN");
      expect((await orderRow(order.id)).status).toBe("fulfilled");
    }
  });

  it("leaves exactly the ledger, wallet, inventory and events of the REST refund", async () => {
    const refs = [extRef("rest"), extRef("dash")] as const;
    const orders = [];
    for (const ref of refs) {
      const order = await paidOrder(fx, { ref, packSku: "p500" });
      // Spend part of it first, so the refund leaves the same debt on both sides.
      const spent = await post(`/players/${ref}/wallet/spend`, fx.game.secretKey, { currency: "coins", amount: 520 });
      expect(spent.status).toBe(200);
      orders.push(order);
    }
    const [viaRest, viaDashboard] = orders as [(typeof orders)[number], (typeof orders)[number]];
    await restRefund(fx, viaRest.id, "same reason");
    await (await callerFor(fx.staff.support)).orders.refund({ ...gameOf(fx), orderId: viaDashboard.id, reason: "same reason" });

    const shape = async (orderId: string) =>
      (await ledgerOfOrder(orderId)).map((e) => ({ type: e.type, currency: e.currency, paidDelta: e.paidDelta, bonusDelta: e.bonusDelta, paidAfter: e.paidAfter, bonusAfter: e.bonusAfter, reason: e.reason }));
    expect(await shape(viaDashboard.id)).toEqual(await shape(viaRest.id));
    expect(await shape(viaDashboard.id)).toContainEqual(expect.objectContaining({ type: "refund_clawback", paidDelta: -550, bonusDelta: 0, paidAfter: -520, bonusAfter: 0 }));
    expect(await wallet(fx.game.secretKey, refs[1])).toEqual(await wallet(fx.game.secretKey, refs[0]));
    expect(await inventoryOf(fx.game.secretKey, refs[1])).toEqual(await inventoryOf(fx.game.secretKey, refs[0]));
    expect((await outboxOf(viaDashboard.id)).map((e) => e.type)).toEqual((await outboxOf(viaRest.id)).map((e) => e.type));
    const [restRow, dashRow] = [await orderRow(viaRest.id), await orderRow(viaDashboard.id)];
    expect({ status: dashRow.status, refundReason: dashRow.refundReason }).toEqual({ status: restRow.status, refundReason: restRow.refundReason });
  });

  it("a second refund is CONFLICT and records nothing; an empty reason is a field error", async () => {
    const order = await paidOrder(fx);
    const support = await callerFor(fx.staff.support);
    await support.orders.refund({ ...gameOf(fx), orderId: order.id });
    const before = (await auditRowsOf(fx.studioId, "order.refund")).length;
    const again = await expectCode(support.orders.refund({ ...gameOf(fx), orderId: order.id }), "CONFLICT");
    expect(again.message).toBe("A refunded order cannot be refunded.");
    expect((await auditRowsOf(fx.studioId, "order.refund")).length).toBe(before);
    const pending = await pendingOrder(fx);
    await expectCode(support.orders.refund({ ...gameOf(fx), orderId: pending.id }), "CONFLICT");
    const empty = await expectCode(support.orders.refund({ ...gameOf(fx), orderId: order.id, reason: "  " }), "BAD_REQUEST");
    expect(fieldErrorsOf(empty)).toEqual({ reason: ["Must not be empty"] });
  });
});

describe("sandbox helpers", () => {
  const moves = ["sandboxPay", "sandboxDecline", "sandboxChargeback"] as const;
  const { allowed } = rolesSplitAt("support");
  const expected = { sandboxPay: "fulfilled", sandboxDecline: "failed", sandboxChargeback: "chargeback" } as const;
  const action = { sandboxPay: "order.sandbox.pay", sandboxDecline: "order.sandbox.decline", sandboxChargeback: "order.sandbox.chargeback" } as const;

  const cases = moves.flatMap((move) => staffRoles.map((role) => [move, role, allowed.includes(role)] as const));
  it.each(cases)("%s by %s allowed: %s", async (move, role, ok) => {
    const order = move === "sandboxChargeback" ? await paidOrder(fx) : await pendingOrder(fx);
    const call = (await callerFor(fx.staff[role])).orders[move]({ ...gameOf(fx), orderId: order.id });
    if (ok) {
      expect(await call).toMatchObject({ id: order.id, status: expected[move] });
      const audit = await lastAudit(fx.studioId, action[move]);
      expect(audit).toMatchObject({ staffId: fx.staff[role].id, targetId: order.id, env: "test" });
      expect(audit.before).toMatchObject({ status: order.status });
      expect(audit.after).toMatchObject({ status: expected[move] });
    } else {
      await expectCode(call, "FORBIDDEN");
      expect((await orderRow(order.id)).status).toBe(order.status);
    }
  });

  it("pays with a chosen country, and a chargeback of a fulfilled order takes its coins back", async () => {
    const ref = extRef("sandbox");
    await ensurePlayer(fx.game, ref);
    const order = await pendingOrder(fx, { ref, country: "FR" });
    const support = await callerFor(fx.staff.support);
    expect(await support.orders.sandboxPay({ ...gameOf(fx), orderId: order.id, country: "nl" })).toMatchObject({ status: "fulfilled", country: "NL", vatRateBp: 2100 });
    expect(await balanceOf(fx.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 500, bonus: 50, total: 550 });
    await support.orders.sandboxChargeback({ ...gameOf(fx), orderId: order.id });
    expect(await balanceOf(fx.game.secretKey, ref, "coins")).toEqual({ currency: "coins", paid: 0, bonus: 0, total: 0 });
    expect((await ledgerOfOrder(order.id)).map((e) => e.type)).toEqual(["purchase_credit", "chargeback_clawback"]);
    expect((await outboxOf(order.id)).map((e) => e.type)).toEqual(["order.fulfilled", "wallet.credited", "order.chargeback"]);
  });

  it("answers CONFLICT for a move the order's state does not allow, and records nothing", async () => {
    const support = await callerFor(fx.staff.support);
    const fulfilled = await paidOrder(fx);
    const before = (await auditRowsOf(fx.studioId, "order.sandbox.decline")).length;
    await expectCode(support.orders.sandboxDecline({ ...gameOf(fx), orderId: fulfilled.id }), "CONFLICT");
    await expectCode(support.orders.sandboxPay({ ...gameOf(fx), orderId: fulfilled.id }), "CONFLICT");
    const pending = await pendingOrder(fx);
    await expectCode(support.orders.sandboxChargeback({ ...gameOf(fx), orderId: pending.id }), "CONFLICT");
    expect((await auditRowsOf(fx.studioId, "order.sandbox.decline")).length).toBe(before);
  });

  it.each(moves)("%s is refused in live, even for the owner, and changes nothing", async (move) => {
    const order = move === "sandboxChargeback" ? await paidOrder(fx) : await pendingOrder(fx);
    const owner = await addStaff(fx.studioId, "owner", "live owner");
    const error = await expectCode((await callerFor(owner)).orders[move]({ ...gameOf(fx, "live"), orderId: order.id }), "FORBIDDEN");
    expect(error.message).toBe("Simulated payments exist only in the test environment.");
    expect((await orderRow(order.id)).status).toBe(order.status);
    const db = await getDb();
    expect(await db.select().from(auditLog).where(and(eq(auditLog.staffId, owner.id))).orderBy(asc(auditLog.id))).toEqual([]);
  });
});
