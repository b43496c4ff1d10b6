import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { auditLog, ledgerEntries, players, staffRoles } from "@/db/schema";
import { newId } from "@/server/lib/ids";
import { apiError, clawBackPaid, creditBonus, creditPaid } from "../domain-helpers";
import { call, post, useDatabase } from "../harness";
import { assertLedgerChainsConsistent, assertLedgerMatchesBalances } from "../ledger-invariants";
import { newOrder, salesCatalog } from "../order-helpers";
import { callerFor, expectCode, failureOf, fieldErrorsOf, lastAudit, rolesSplitAt, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
let other: StudioFixture;
let at: { gameId: string; env: "test" };

const catalog = {
  ...salesCatalog,
  currencies: [...salesCatalog.currencies, { code: "old_coins", name: "Old coins", status: "archived" }],
};

beforeAll(async () => {
  studio = await studioFixture({ catalog });
  other = await studioFixture();
  at = { gameId: studio.gameId, env: "test" };
});

type NewPlayer = { id: string; ref: string; externalId: string };

/** An ext: player made through the server API (PUT /players/{ref}), with optional stored fields. */
async function makePlayer(body: Record<string, unknown> = {}, prefix = "p", key = studio.game.secretKey): Promise<NewPlayer> {
  const externalId = `${prefix}-${newId()}`;
  const ref = `ext:${encodeURIComponent(externalId)}`;
  const response = await call<{ id: string }>("PUT", `/players/${ref}`, { key, body });
  if (response.status !== 200) throw new Error(`upsertPlayer: ${response.status}`);
  return { id: response.body.id, ref, externalId };
}

const viewer = () => callerFor(studio.staff.viewer);
const support = () => callerFor(studio.staff.support);
const search = async (query: string, limit = 100) => (await (await viewer()).players.search({ ...at, query, limit })).players.map((p) => p.id);

describe("players: search", () => {
  let alice: NewPlayer;
  let bob: NewPlayer;
  let hosted: string;

  beforeAll(async () => {
    alice = await makePlayer({ displayName: "Alice Stormborn", email: "Alice@Example.com" }, "alice");
    bob = await makePlayer({ displayName: "Bob 100%" }, "bob");
    hosted = newId();
    const db = await getDb();
    const now = new Date();
    await db.insert(players).values({ id: hosted, gameId: studio.gameId, env: "test", kind: "hosted", linkedEmail: "proved@example.com", createdAt: now, updatedAt: now });
  });

  it("finds a player by service id, exactly and in any case", async () => {
    expect(await search(alice.id)).toEqual([alice.id]);
    expect(await search(alice.id.toUpperCase())).toEqual([alice.id]);
    expect(await search(alice.id.slice(0, 20))).toEqual([]);
  });

  it("finds players by the start of their external id, with or without ext:", async () => {
    expect(await search(alice.externalId)).toEqual([alice.id]);
    expect(await search("alice-")).toContain(alice.id);
    expect(await search(`ext:${alice.externalId.slice(0, 10)}`)).toContain(alice.id);
    expect(await search(alice.externalId.slice(3))).not.toContain(alice.id);
  });

  it("finds players by stored or proved e-mail, exactly, in any case", async () => {
    expect(await search("alice@example.com")).toEqual([alice.id]);
    expect(await search("ALICE@EXAMPLE.COM")).toEqual([alice.id]);
    expect(await search("proved@example.com")).toEqual([hosted]);
    expect(await search("example.com")).toEqual([]);
  });

  it("finds players by part of the display name in any case, with LIKE characters taken literally", async () => {
    expect(await search("stormBORN")).toEqual([alice.id]);
    expect(await search("100%")).toEqual([bob.id]);
    expect(await search("%")).toEqual([bob.id]);
    expect(await search("_")).toEqual([]);
  });

  it("pages newest first with a cursor; an empty query lists everyone of the environment", async () => {
    const caller = await viewer();
    const all = await search("", 100);
    expect(all.slice(0, 3)).toEqual([hosted, bob.id, alice.id]);
    const first = await caller.players.search({ ...at, query: "", limit: 2 });
    expect(first.players.map((p) => p.id)).toEqual([hosted, bob.id]);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = await caller.players.search({ ...at, query: "", limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.players[0]?.id).toBe(alice.id);
    const live = await caller.players.search({ ...at, env: "live", query: alice.externalId, limit: 10 });
    expect(live.players).toEqual([]);
  });

  it("shows staff the e-mail addresses the API never returns", async () => {
    const found = await (await viewer()).players.search({ ...at, query: alice.id, limit: 1 });
    expect(found.players[0]).toMatchObject({ id: alice.id, displayName: "Alice Stormborn", email: "alice@example.com", linkedEmail: null, kind: "external" });
  });
});

describe("players: detail, ledger and orders", () => {
  it("shows balances paid/bonus/total for every active currency, and leftovers in archived ones", async () => {
    const player = await makePlayer();
    await creditPaid(studio.game, player.id, "coins", 100);
    await creditBonus(studio.game, player.id, "old_coins", 7);
    const detail = await (await viewer()).players.get({ ...at, playerId: player.id });
    expect(detail.player).toMatchObject({ id: player.id, externalId: player.externalId, blocked: false });
    expect(detail.balances).toEqual([
      { currency: "coins", paid: 100, bonus: 0, total: 100, inCatalog: true },
      { currency: "gold", paid: 0, bonus: 0, total: 0, inCatalog: true },
      { currency: "gems", paid: 0, bonus: 0, total: 0, inCatalog: true },
      { currency: "old_coins", paid: 0, bonus: 7, total: 7, inCatalog: false },
    ]);
    expect(detail.inventory).toEqual([]);
    expect(detail.recentOrders).toEqual([]);
  });

  it("pages the ledger like the API, with a currency filter", async () => {
    const player = await makePlayer();
    for (const amount of [1, 2, 3]) await creditPaid(studio.game, player.id, "coins", amount);
    await creditPaid(studio.game, player.id, "gold", 9);
    const caller = await viewer();
    const first = await caller.players.ledger({ ...at, playerId: player.id, limit: 2 });
    expect(first.entries.map((e) => [e.currency, e.paidDelta])).toEqual([
      ["gold", 9],
      ["coins", 3],
    ]);
    const second = await caller.players.ledger({ ...at, playerId: player.id, limit: 2, cursor: first.nextCursor ?? undefined });
    expect(second.entries.map((e) => e.paidDelta)).toEqual([2, 1]);
    expect(second.nextCursor).toBeNull();
    const coins = await caller.players.ledger({ ...at, playerId: player.id, limit: 10, currency: "coins" });
    expect(coins.entries.map((e) => e.balanceAfter.total)).toEqual([6, 3, 1]);
    const api = await call<{ entries: unknown[] }>("GET", `/players/${player.ref}/ledger?limit=10&currency=coins`, { key: studio.game.secretKey });
    expect(api.body).toEqual(coins);
  });

  it("lists the player's orders and the latest ones on the player page", async () => {
    const player = await makePlayer();
    const first = await newOrder(studio.game.secretKey, "p500", player.ref);
    const second = await newOrder(studio.game.secretKey, "duo", player.ref);
    await newOrder(studio.game.secretKey, "p500"); // someone else's
    const caller = await viewer();
    const page = await caller.players.orders({ ...at, playerId: player.id, limit: 1 });
    expect(page.orders.map((o) => o.id)).toEqual([second.id]);
    const next = await caller.players.orders({ ...at, playerId: player.id, limit: 1, cursor: page.nextCursor ?? undefined });
    expect(next.orders.map((o) => [o.id, o.pack.sku, o.status])).toEqual([[first.id, "p500", "pending"]]);
    expect((await caller.players.get({ ...at, playerId: player.id })).recentOrders.map((o) => o.id)).toEqual([second.id, first.id]);
  });

  it("keeps environments and studios apart", async () => {
    const player = await makePlayer();
    const livePlayer = await makePlayer({}, "live", studio.game.liveSecretKey);
    const caller = await viewer();
    await expectCode(caller.players.get({ ...at, playerId: livePlayer.id }), "NOT_FOUND");
    await expectCode(caller.players.ledger({ ...at, playerId: livePlayer.id, limit: 5 }), "NOT_FOUND");
    await expectCode(caller.players.get({ ...at, playerId: "not-an-id" }), "NOT_FOUND");
    await expectCode((await callerFor(other.staff.owner)).players.get({ ...at, playerId: player.id }), "NOT_FOUND");
    await expectCode((await callerFor(other.staff.owner)).players.setBlocked({ ...at, playerId: player.id, blocked: true }), "NOT_FOUND");
    await expectCode((await callerFor(null)).players.search({ ...at, query: "", limit: 5 }), "UNAUTHORIZED");
  });
});

describe("players: block and unblock", () => {
  const { allowed, refused } = rolesSplitAt("support");

  it("lets support and above block and unblock, refuses viewers", async () => {
    expect(refused).toEqual(["viewer"]);
    const player = await makePlayer();
    for (const role of staffRoles) {
      const caller = await callerFor(studio.staff[role]);
      if (!allowed.includes(role)) {
        await expectCode(caller.players.setBlocked({ ...at, playerId: player.id, blocked: true }), "FORBIDDEN");
        continue;
      }
      await expect(caller.players.setBlocked({ ...at, playerId: player.id, blocked: true })).resolves.toMatchObject({ blocked: true });
      await expect(caller.players.setBlocked({ ...at, playerId: player.id, blocked: false })).resolves.toMatchObject({ blocked: false });
    }
    const db = await getDb();
    const rows = await db.select().from(auditLog).where(eq(auditLog.targetId, player.id));
    expect(rows.map((r) => `${r.action}:${r.staffId}`).sort()).toEqual(
      allowed.flatMap((role) => [`player.block:${studio.staff[role].id}`, `player.unblock:${studio.staff[role].id}`]).sort(),
    );
  });

  it("records before and after, and the API refuses the blocked player's writes", async () => {
    const player = await makePlayer();
    await (await support()).players.setBlocked({ ...at, playerId: player.id, blocked: true });
    const audit = await lastAudit(studio.studioId, "player.block");
    expect(audit).toMatchObject({ targetType: "player", targetId: player.id, env: "test", before: { blocked: false }, after: { blocked: true } });
    const grant = await post(`/players/${player.ref}/wallet/grant`, studio.game.secretKey, { currency: "coins", amount: 5 });
    expect([grant.status, grant.body]).toEqual([403, apiError("PLAYER_BLOCKED")]);
    await (await support()).players.setBlocked({ ...at, playerId: player.id, blocked: false });
    const again = await post(`/players/${player.ref}/wallet/grant`, studio.game.secretKey, { currency: "coins", amount: 5 });
    expect(again.status).toBe(200);
  });
});

describe("players: manual adjustments", () => {
  const adjust = async (playerId: string, amount: number, reason = "Support ticket #42", currency = "coins") =>
    (await support()).players.adjust({ ...at, playerId, currency, amount, reason });

  it("lets support and above adjust, refuses viewers", async () => {
    const { allowed } = rolesSplitAt("support");
    const player = await makePlayer();
    for (const role of staffRoles) {
      const caller = await callerFor(studio.staff[role]);
      const call = caller.players.adjust({ ...at, playerId: player.id, currency: "coins", amount: 10, reason: `by ${role}` });
      if (allowed.includes(role)) await expect(call).resolves.toMatchObject({ entry: { type: "adjustment", reason: `by ${role}` } });
      else await expectCode(call, "FORBIDDEN");
    }
    const detail = await (await viewer()).players.get({ ...at, playerId: player.id });
    expect(detail.balances[0]).toMatchObject({ currency: "coins", paid: 0, bonus: 10 * allowed.length });
  });

  it("credits the bonus bucket with an `adjustment` entry carrying the reason, and audits it", async () => {
    const player = await makePlayer();
    await creditPaid(studio.game, player.id, "coins", 50);
    const movement = await adjust(player.id, 25, "  Lost purchase, ticket 17  ");
    expect(movement.entry).toMatchObject({ type: "adjustment", currency: "coins", paidDelta: 0, bonusDelta: 25, reason: "Lost purchase, ticket 17" });
    expect(movement.balance).toEqual({ currency: "coins", paid: 50, bonus: 25, total: 75 });
    const audit = await lastAudit(studio.studioId, "player.adjust");
    expect(audit).toMatchObject({
      staffId: studio.staff.support.id,
      targetType: "player",
      targetId: player.id,
      before: { currency: "coins", paid: 50, bonus: 0 },
      after: { currency: "coins", paid: 50, bonus: 25, total: 75, ledgerEntryId: movement.entry.id, amount: 25, reason: "Lost purchase, ticket 17" },
    });
    const ledger = await (await viewer()).players.ledger({ ...at, playerId: player.id, limit: 1 });
    expect(ledger.entries[0]).toEqual(movement.entry);
  });

  it("debits like a spend (bonus first here) and refuses more than the balance with INSUFFICIENT_FUNDS", async () => {
    const player = await makePlayer();
    await creditPaid(studio.game, player.id, "coins", 30);
    await adjust(player.id, 10);
    const debit = await adjust(player.id, -15, "Refunded outside the store");
    expect(debit.entry).toMatchObject({ type: "adjustment", paidDelta: -5, bonusDelta: -10 });
    expect(debit.balance).toEqual({ currency: "coins", paid: 25, bonus: 0, total: 25 });

    const error = await failureOf(adjust(player.id, -26));
    expect(error.code).toBe("CONFLICT");
    expect(error.cause).toMatchObject({ code: "INSUFFICIENT_FUNDS", details: { required: 26, available: 25 } });
    const db = await getDb();
    const entries = await db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, player.id));
    expect(entries).toHaveLength(3);
  });

  it("repays a debt first when crediting, like every credit", async () => {
    const player = await makePlayer();
    await clawBackPaid(studio.game, player.id, "coins", 40);
    const movement = await adjust(player.id, 50, "Goodwill");
    expect(movement.entry).toMatchObject({ paidDelta: 40, bonusDelta: 10 });
    expect(movement.balance).toEqual({ currency: "coins", paid: 0, bonus: 10, total: 10 });
  });

  it("adjusts a blocked player (blocking stops the player, not the studio)", async () => {
    const player = await makePlayer();
    await (await support()).players.setBlocked({ ...at, playerId: player.id, blocked: true });
    await expect(adjust(player.id, 5)).resolves.toMatchObject({ balance: { total: 5 } });
  });

  it("refuses a zero or oversized amount, a missing reason and an unknown currency with field errors", async () => {
    const player = await makePlayer();
    const errors = fieldErrorsOf(
      await expectCode((await support()).players.adjust({ ...at, playerId: player.id, currency: "Coins!", amount: 0, reason: "   " }), "BAD_REQUEST"),
    );
    expect(errors).toEqual({
      currency: [expect.any(String)],
      amount: ["Must not be 0: positive credits, negative debits"],
      reason: ["A reason is required"],
    });
    const tooLong = fieldErrorsOf(await expectCode(adjust(player.id, 1.5, "x".repeat(501)), "BAD_REQUEST"));
    expect(Object.keys(tooLong ?? {}).sort()).toEqual(["amount", "reason"]);
    await expectCode(adjust(player.id, 5, "ok", "old_coins"), "NOT_FOUND");
    await expectCode(adjust(newId(), 5), "NOT_FOUND");
    const db = await getDb();
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.playerId, player.id))).toEqual([]);
  });

  it("keeps every balance equal to its ledger", async () => {
    await assertLedgerMatchesBalances(studio.gameId);
    await assertLedgerChainsConsistent(studio.gameId);
  });
});
