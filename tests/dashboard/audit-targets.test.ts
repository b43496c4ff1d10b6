import { beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { extRef, useDatabase } from "../harness";
import { gameOf, paidOrder, salesFixture } from "./sales-helpers";
import { addStaff, callerFor, type StudioFixture } from "./studio-staff";

useDatabase();

let fx: StudioFixture;
let other: StudioFixture;
beforeAll(async () => {
  [fx, other] = await Promise.all([salesFixture(), salesFixture()]);
});

async function entryOf(studio: StudioFixture, action: string) {
  const { entries } = await (await callerFor(studio.staff.viewer)).audit.list({ limit: 100, action });
  const [entry] = entries;
  if (!entry) throw new Error(`no ${action} entry`);
  return entry;
}

describe("audit log: targets by name, with a link to their page", () => {
  it("names an order by its pack, a player by name, a member and a creator code, each with its page", async () => {
    const ref = extRef("audited");
    const order = await paidOrder(fx, { ref, packSku: "p500" });
    const support = await callerFor(fx.staff.support);
    await support.orders.refund({ ...gameOf(fx), orderId: order.id, reason: "asked" });
    await support.players.setBlocked({ ...gameOf(fx), playerId: order.playerId, blocked: true });
    await (await callerFor(fx.staff.developer)).creatorCodes.create({ ...gameOf(fx), code: "NAMED", creatorName: "Named Creator", rateBp: 500 });
    const member = await addStaff(fx.studioId, "viewer", "Vera Viewer");
    await (await callerFor(fx.staff.admin)).members.changeRole({ staffId: member.id, role: "support" });
    const base = `/games/${fx.gameId}/test`;

    expect(await entryOf(fx, "order.refund")).toMatchObject({ targetId: order.id, targetName: "500 Coins", targetHref: `${base}/orders/${order.id}` });
    expect(await entryOf(fx, "player.block")).toMatchObject({ targetId: order.playerId, targetName: ref.slice("ext:".length), targetHref: `${base}/players/${order.playerId}` });
    expect(await entryOf(fx, "creator_code.create")).toMatchObject({ targetId: "NAMED", targetName: "NAMED (Named Creator)", targetHref: `${base}/creator-codes` });
    expect(await entryOf(fx, "member.role.change")).toMatchObject({ targetId: member.id, targetName: "Vera Viewer", targetHref: "/members" });
  });

  it("never reads a target of another studio's game, and a target that is gone keeps its id without a name", async () => {
    const foreign = await paidOrder(other, { packSku: "p500" });
    const db = await getDb();
    const row = (targetType: string, targetId: string, gameId: string) => ({
      id: newId(),
      studioId: fx.studioId,
      staffId: null,
      staffEmail: null,
      action: `test.${targetType}.${targetId}`,
      gameId,
      env: "test",
      targetType,
      targetId,
      before: null,
      after: null,
      createdAt: clock.now(),
    });
    await db.insert(auditLog).values([row("order", foreign.id, other.gameId), row("player", foreign.playerId, other.gameId), row("order", "no-such-order", fx.gameId)]);

    expect(await entryOf(fx, `test.order.${foreign.id}`)).toMatchObject({ gameName: null, targetName: null, targetHref: null });
    expect(await entryOf(fx, `test.player.${foreign.playerId}`)).toMatchObject({ targetName: null, targetHref: null });
    expect(await entryOf(fx, "test.order.no-such-order")).toMatchObject({ targetId: "no-such-order", targetName: null, targetHref: null });
  });
});
