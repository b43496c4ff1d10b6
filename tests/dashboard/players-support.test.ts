import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { players } from "@/db/schema";
import { newId } from "@/server/lib/ids";
import { creditBonus, creditPaid } from "../domain-helpers";
import { call, useDatabase } from "../harness";
import { salesCatalog } from "../order-helpers";
import { downloadExport, refusedExport } from "./csv-export-helpers";
import { callerFor, expectCode, fieldErrorsOf, lastAudit, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
let at: { gameId: string; env: "test" };

beforeAll(async () => {
  studio = await studioFixture({ catalog: salesCatalog });
  at = { gameId: studio.gameId, env: "test" };
});

type NewPlayer = { id: string; externalId: string };

async function makePlayer(externalId: string, body: Record<string, unknown> = {}): Promise<NewPlayer> {
  const response = await call<{ id: string }>("PUT", `/players/ext:${encodeURIComponent(externalId)}`, { key: studio.game.secretKey, body });
  if (response.status !== 200) throw new Error(`upsertPlayer: ${response.status}`);
  return { id: response.body.id, externalId };
}

const viewer = () => callerFor(studio.staff.viewer);
const support = () => callerFor(studio.staff.support);

describe("players list: one search box, the blocked filter and balances", () => {
  let alice: NewPlayer;
  let bob: NewPlayer;
  let hosted: string;
  const search = async (query: string, blocked: "all" | "blocked" | "not_blocked" = "all") =>
    (await (await viewer()).players.search({ ...at, query, blocked, limit: 100 })).players.map((p) => p.id);

  beforeAll(async () => {
    alice = await makePlayer("alice-42", { displayName: "Alice Stormborn", email: "Alice@Example.com", country: "fr" });
    bob = await makePlayer("alicorn-7", { displayName: "Bob" });
    hosted = newId();
    const db = await getDb();
    const now = new Date();
    await db.insert(players).values({ id: hosted, gameId: studio.gameId, env: "test", kind: "hosted", linkedEmail: "proved@example.com", createdAt: now, updatedAt: now });
    await (await support()).players.setBlocked({ ...at, playerId: bob.id, blocked: true });
    await creditPaid(studio.game, alice.id, "coins", 1_234_567);
    await creditBonus(studio.game, alice.id, "coins", 10);
    await creditBonus(studio.game, alice.id, "gems", 3);
  });

  it("matches the display name (any case), both e-mails (any case), the service id and the external id (exact or prefix)", async () => {
    expect(await search("STORMborn")).toEqual([alice.id]);
    expect(await search("ALICE@example.COM")).toEqual([alice.id]);
    expect(await search("Proved@Example.com")).toEqual([hosted]);
    expect(await search(alice.id.toUpperCase())).toEqual([alice.id]);
    expect(await search("alice-42")).toEqual([alice.id]);
    expect(await search("ext:ali")).toEqual([bob.id, alice.id]);
    expect(await search("42")).toEqual([]);
  });

  it("filters by blocked state, alone or with a search", async () => {
    expect(await search("")).toEqual([hosted, bob.id, alice.id]);
    expect(await search("", "blocked")).toEqual([bob.id]);
    expect(await search("", "not_blocked")).toEqual([hosted, alice.id]);
    expect(await search("ali", "not_blocked")).toEqual([alice.id]);
    const bad = await expectCode((await viewer()).players.search({ ...at, query: "", blocked: "maybe" as never }), "BAD_REQUEST");
    expect(Object.keys(fieldErrorsOf(bad) ?? {})).toEqual(["blocked"]);
  });

  it("lists each player's non-zero balances per currency, paid + bonus", async () => {
    const page = await (await viewer()).players.search({ ...at, query: "", limit: 100 });
    expect(page.players.map((p) => [p.id, p.balances])).toEqual([
      [hosted, []],
      [bob.id, []],
      [
        alice.id,
        [
          { currency: "coins", paid: 1_234_567, bonus: 10, total: 1_234_577 },
          { currency: "gems", paid: 0, bonus: 3, total: 3 },
        ],
      ],
    ]);
  });

  it("exports every player of the filter as CSV, with a balance column per currency and ISO UTC dates", async () => {
    const page = (await (await viewer()).players.search({ ...at, query: "", limit: 100 })).players;
    const created = new Map(page.map((p) => [p.id, p.createdAt]));
    const file = await downloadExport(studio.staff.viewer, "players", { ...at, query: "", blocked: "all" });
    expect(file.filename).toMatch(/^players-test-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(file.csv).toBe(
      [
        "id,external_id,display_name,email,country,blocked,balance_coins,balance_gold,balance_gems,created_at",
        `${hosted},,,proved@example.com,,false,0,0,0,${created.get(hosted)}`,
        `${bob.id},alicorn-7,Bob,,,true,0,0,0,${created.get(bob.id)}`,
        `${alice.id},alice-42,Alice Stormborn,alice@example.com,FR,false,1234577,0,3,${created.get(alice.id)}`,
        "",
      ].join("\r\n"),
    );
    const blocked = await downloadExport(studio.staff.viewer, "players", { ...at, query: "", blocked: "blocked" });
    expect(blocked.csv.split("\r\n").slice(1)).toEqual([`${bob.id},alicorn-7,Bob,,,true,0,0,0,${created.get(bob.id)}`, ""]);
  });
});

describe("player page: support's corrections", () => {
  it("edits the display name and country with the API's rules, audited before/after; viewers are refused", async () => {
    const player = await makePlayer(`edit-${newId()}`, { displayName: "Old", country: "FR" });
    const updated = await (await support()).players.updateProfile({ ...at, playerId: player.id, displayName: "  New Name ", country: "be" });
    expect(updated).toMatchObject({ id: player.id, displayName: "New Name", country: "BE" });
    const audit = await lastAudit(studio.studioId, "player.update");
    expect(audit).toMatchObject({ targetType: "player", targetId: player.id, gameId: studio.gameId, env: "test" });
    expect(audit.before).toEqual({ displayName: "Old", country: "FR" });
    expect(audit.after).toEqual({ displayName: "New Name", country: "BE" });

    const bad = await expectCode((await support()).players.updateProfile({ ...at, playerId: player.id, country: "B1" }), "BAD_REQUEST");
    expect(fieldErrorsOf(bad)).toEqual({ country: ["Must be two letters"] });
    const empty = await expectCode((await support()).players.updateProfile({ ...at, playerId: player.id, displayName: "   " }), "BAD_REQUEST");
    expect(fieldErrorsOf(empty)).toEqual({ displayName: ["Must be 1 to 80 characters once trimmed"] });
    await expectCode((await viewer()).players.updateProfile({ ...at, playerId: player.id, displayName: "Nope" }), "FORBIDDEN");
    expect((await (await viewer()).players.get({ ...at, playerId: player.id })).player).toMatchObject({ displayName: "New Name", country: "BE" });
  });

  it("grants and removes items with the inventory's limits, shows their names, audits each move; viewers are refused", async () => {
    const player = await makePlayer(`items-${newId()}`);
    const api = await support();
    const granted = await api.players.grantItem({ ...at, playerId: player.id, sku: "potion", quantity: 5 });
    expect(granted).toMatchObject({ sku: "potion", quantity: 5, before: 0, after: 5 });
    await api.players.grantItem({ ...at, playerId: player.id, sku: "sword", quantity: 1 });
    const limit = await expectCode(api.players.grantItem({ ...at, playerId: player.id, sku: "sword", quantity: 1 }), "CONFLICT");
    expect(limit.cause).toMatchObject({ code: "LIMIT_REACHED" });

    const removed = await api.players.removeItem({ ...at, playerId: player.id, sku: "potion", quantity: 2 });
    expect(removed).toMatchObject({ sku: "potion", quantity: 2, before: 5, after: 3 });
    const tooMany = await expectCode(api.players.removeItem({ ...at, playerId: player.id, sku: "potion", quantity: 4 }), "CONFLICT");
    expect(tooMany.cause).toMatchObject({ code: "INSUFFICIENT_FUNDS", details: { required: 4, available: 3 } });
    // A durable item can be taken back by support (the API's consume cannot).
    await api.players.removeItem({ ...at, playerId: player.id, sku: "sword", quantity: 1 });

    const detail = await (await viewer()).players.get({ ...at, playerId: player.id });
    expect(detail.inventory.map((i) => [i.sku, i.name, i.quantity])).toEqual([["potion", "Potion", 3]]);

    const grantAudit = await lastAudit(studio.studioId, "player.item_grant");
    expect([grantAudit.targetId, grantAudit.before, grantAudit.after]).toEqual([player.id, { sku: "sword", quantity: 0 }, { sku: "sword", quantity: 1, moved: 1 }]);
    const removeAudit = await lastAudit(studio.studioId, "player.item_remove");
    expect([removeAudit.before, removeAudit.after]).toEqual([{ sku: "sword", quantity: 1 }, { sku: "sword", quantity: 0, moved: 1 }]);

    await expectCode((await viewer()).players.grantItem({ ...at, playerId: player.id, sku: "potion", quantity: 1 }), "FORBIDDEN");
    await expectCode((await viewer()).players.removeItem({ ...at, playerId: player.id, sku: "potion", quantity: 1 }), "FORBIDDEN");
    const zero = await expectCode(api.players.grantItem({ ...at, playerId: player.id, sku: "potion", quantity: 0 }), "BAD_REQUEST");
    expect(fieldErrorsOf(zero)).toEqual({ quantity: ["Must be at least 1"] });
    expect((await (await viewer()).players.get({ ...at, playerId: player.id })).inventory.map((i) => i.quantity)).toEqual([3]);
  });

  it("lists the active items support can grant, in catalog order", async () => {
    expect((await (await viewer()).players.grantableItems(at)).map((i) => [i.sku, i.name])).toEqual([
      ["potion", "Potion"],
      ["sword", "Sword"],
      ["shield", "Shield"],
    ]);
  });

  it("exports the player's whole ledger as CSV, oldest first, with the documented columns", async () => {
    const player = await makePlayer(`ledger-${newId()}`);
    await creditPaid(studio.game, player.id, "coins", 100);
    await (await support()).players.adjust({ ...at, playerId: player.id, currency: "coins", amount: -30, reason: "Refund, ticket #7" });
    const entries = (await (await viewer()).players.ledger({ ...at, playerId: player.id, limit: 10 })).entries.reverse();
    const [credit, adjustment] = entries;
    if (!credit || !adjustment) throw new Error("two entries expected");
    const file = await downloadExport(studio.staff.viewer, "player-ledger", { ...at, playerId: player.id });
    expect(file.filename).toBe(`ledger-${player.id}-test.csv`);
    expect(file.csv).toBe(
      [
        "entry_id,created_at,type,currency,paid_delta,bonus_delta,paid_after,bonus_after,total_after,reason,order_id,item_sku",
        `${credit.id},${credit.createdAt},purchase_credit,coins,100,0,100,0,100,,,`,
        `${adjustment.id},${adjustment.createdAt},adjustment,coins,-30,0,70,0,70,"Refund, ticket #7",,`,
        "",
      ].join("\r\n"),
    );
    expect(await refusedExport(studio.staff.viewer, "player-ledger", { ...at, playerId: newId() })).toMatchObject({ code: "NOT_FOUND", status: 404 });
  });
});
