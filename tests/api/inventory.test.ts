import { beforeAll, describe, expect, it } from "vitest";
import { createTestGame, extRef, get, post, useDatabase, type TestGame } from "../harness";
import { apiError, validationFailed } from "../domain-helpers";

useDatabase();

type Item = { sku: string; quantity: number; updatedAt: string };

const catalog = {
  currencies: [{ code: "coins", name: "Coins" }],
  items: [
    { sku: "potion", name: "Potion", type: "consumable", price: { currency: "coins", amount: 10 } },
    { sku: "elixir", name: "Elixir", type: "consumable", maxOwned: 5 },
    { sku: "sword", name: "Sword", type: "durable", maxOwned: 1 },
    { sku: "shield", name: "Shield", type: "durable", maxOwned: 3 },
    { sku: "draft-hat", name: "Hat", type: "durable", status: "draft" },
    { sku: "old-boots", name: "Boots", type: "consumable", status: "archived" },
  ],
};

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame({ catalog });
});

const grantItem = (ref: string, body: unknown) => post<{ item: Item }>(`/players/${ref}/inventory/grant`, game.secretKey, body);
const consumeItem = (ref: string, body: unknown) => post<{ item: Item }>(`/players/${ref}/inventory/consume`, game.secretKey, body);
const owned = async (ref: string) =>
  (await get<{ items: Item[] }>(`/players/${ref}/inventory`, game.secretKey)).body.items.map(({ sku, quantity }) => ({ sku, quantity }));
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("grantItem", () => {
  it("adds one by default and accumulates", async () => {
    const ref = extRef();
    const first = await grantItem(ref, { sku: "potion" });
    expect(first.status).toBe(200);
    expect(first.headers.get("cache-control")).toBe("no-store");
    expect(first.body).toEqual({ item: { sku: "potion", quantity: 1, updatedAt: expect.stringMatching(ISO) } });
    const second = await grantItem(ref, { sku: "potion", quantity: 4 });
    expect(second.body.item).toEqual({ sku: "potion", quantity: 5, updatedAt: expect.stringMatching(ISO) });
    expect(await owned(ref)).toEqual([{ sku: "potion", quantity: 5 }]);
  });

  it("creates an unknown ext: player", async () => {
    const ref = extRef();
    expect((await grantItem(ref, { sku: "sword" })).status).toBe(200);
    expect((await get(`/players/${ref}`, game.secretKey)).status).toBe(200);
  });

  it("refuses a grant past maxOwned whole, with maxOwned and owned, and grants nothing", async () => {
    const ref = extRef();
    expect((await grantItem(ref, { sku: "shield", quantity: 2 })).body.item.quantity).toBe(2);
    const over = await grantItem(ref, { sku: "shield", quantity: 2 });
    expect(over.status).toBe(409);
    expect(over.body).toEqual(apiError("LIMIT_REACHED", { maxOwned: 3, owned: 2 }));
    expect(await owned(ref)).toEqual([{ sku: "shield", quantity: 2 }]);
    const upTo = await grantItem(ref, { sku: "shield", quantity: 1 });
    expect(upTo.status).toBe(200);
    expect(upTo.body.item.quantity).toBe(3);
    const oneMore = await grantItem(ref, { sku: "shield" });
    expect(oneMore.status).toBe(409);
    expect(oneMore.body).toEqual(apiError("LIMIT_REACHED", { maxOwned: 3, owned: 3 }));
  });

  it("a first grant larger than maxOwned is refused with owned 0", async () => {
    const ref = extRef();
    const response = await grantItem(ref, { sku: "elixir", quantity: 6 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("LIMIT_REACHED", { maxOwned: 5, owned: 0 }));
    expect(await owned(ref)).toEqual([]);
  });

  it("maxOwned counts what is owned now: consumed units can be granted again", async () => {
    const ref = extRef();
    await grantItem(ref, { sku: "elixir", quantity: 5 });
    await consumeItem(ref, { sku: "elixir", quantity: 2 });
    const regrant = await grantItem(ref, { sku: "elixir", quantity: 2 });
    expect(regrant.status).toBe(200);
    expect(regrant.body.item.quantity).toBe(5);
  });

  it.each([
    ["unknown", "nothing"],
    ["draft", "draft-hat"],
    ["archived", "old-boots"],
  ])("an %s sku is 404 NOT_FOUND on grant and consume", async (_label, sku) => {
    const ref = extRef();
    const granted = await grantItem(ref, { sku });
    expect(granted.status).toBe(404);
    expect(granted.body).toEqual(apiError("NOT_FOUND"));
    const consumed = await consumeItem(ref, { sku });
    expect(consumed.status).toBe(404);
    expect(consumed.body).toEqual(apiError("NOT_FOUND"));
    expect(await owned(ref)).toEqual([]);
  });

  it.each([
    ["quantity 0", { sku: "potion", quantity: 0 }, "quantity"],
    ["quantity 1.5", { sku: "potion", quantity: 1.5 }, "quantity"],
    ["quantity as a string", { sku: "potion", quantity: "2" }, "quantity"],
    ["quantity 1e12 + 1", { sku: "potion", quantity: 1_000_000_000_001 }, "quantity"],
    ["an empty sku", { sku: "" }, "sku"],
    ["a 49-character sku", { sku: "s".repeat(49) }, "sku"],
    ["no sku", { quantity: 1 }, "sku"],
    ["an unknown field", { sku: "potion", note: "x" }, "note"],
  ])("%s is 400 VALIDATION_FAILED", async (_label, body, field) => {
    const grant = await grantItem(extRef(), body);
    expect(grant.status).toBe(400);
    expect(grant.body).toEqual(validationFailed({ [field]: [expect.any(String)] }));
    const consume = await consumeItem(extRef(), body);
    expect(consume.status).toBe(400);
    expect(consume.body).toEqual(validationFailed({ [field]: [expect.any(String)] }));
  });

  it("quantity 1e12 is accepted", async () => {
    const response = await grantItem(extRef(), { sku: "potion", quantity: 1_000_000_000_000 });
    expect(response.status).toBe(200);
    expect(response.body.item.quantity).toBe(1_000_000_000_000);
  });
});

describe("consumeItem", () => {
  it("takes consumables away; reaching 0 returns the item at 0 and it leaves the list", async () => {
    const ref = extRef();
    await grantItem(ref, { sku: "potion", quantity: 5 });
    await grantItem(ref, { sku: "sword" });
    const some = await consumeItem(ref, { sku: "potion", quantity: 2 });
    expect(some.status).toBe(200);
    expect(some.body).toEqual({ item: { sku: "potion", quantity: 3, updatedAt: expect.stringMatching(ISO) } });
    const one = await consumeItem(ref, { sku: "potion" });
    expect(one.body.item.quantity).toBe(2);
    const rest = await consumeItem(ref, { sku: "potion", quantity: 2 });
    expect(rest.status).toBe(200);
    expect(rest.body).toEqual({ item: { sku: "potion", quantity: 0, updatedAt: expect.stringMatching(ISO) } });
    expect(await owned(ref)).toEqual([{ sku: "sword", quantity: 1 }]);
  });

  it("consuming more than owned is 409 INSUFFICIENT_FUNDS with required and available, and consumes nothing", async () => {
    const ref = extRef();
    await grantItem(ref, { sku: "potion", quantity: 3 });
    const response = await consumeItem(ref, { sku: "potion", quantity: 4 });
    expect(response.status).toBe(409);
    expect(response.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 4, available: 3 }));
    expect(await owned(ref)).toEqual([{ sku: "potion", quantity: 3 }]);
  });

  it("an item not owned (never, or consumed to 0) has available 0", async () => {
    const ref = extRef();
    const never = await consumeItem(ref, { sku: "potion" });
    expect(never.status).toBe(409);
    expect(never.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 1, available: 0 }));
    // The unknown ext: player was created, with an empty inventory.
    const inventory = await get(`/players/${ref}/inventory`, game.secretKey);
    expect(inventory.status).toBe(200);
    expect(inventory.body).toEqual({ items: [] });

    await grantItem(ref, { sku: "potion" });
    await consumeItem(ref, { sku: "potion" });
    const emptied = await consumeItem(ref, { sku: "potion", quantity: 2 });
    expect(emptied.status).toBe(409);
    expect(emptied.body).toEqual(apiError("INSUFFICIENT_FUNDS", { required: 2, available: 0 }));
  });

  it("a durable item is 409 CONFLICT, owned or not", async () => {
    const ref = extRef();
    const notOwned = await consumeItem(ref, { sku: "sword" });
    expect(notOwned.status).toBe(409);
    expect(notOwned.body).toEqual(apiError("CONFLICT"));
    await grantItem(ref, { sku: "shield", quantity: 2 });
    const ownedDurable = await consumeItem(ref, { sku: "shield" });
    expect(ownedDurable.status).toBe(409);
    expect(ownedDurable.body).toEqual(apiError("CONFLICT"));
    expect(await owned(ref)).toEqual([{ sku: "shield", quantity: 2 }]);
  });
});

describe("listInventory", () => {
  it("lists owned items by sku; an unknown player is 404; players and environments are separate", async () => {
    const ref = extRef();
    await grantItem(ref, { sku: "sword" });
    await grantItem(ref, { sku: "elixir", quantity: 2 });
    await grantItem(ref, { sku: "potion", quantity: 7 });
    const list = await get<{ items: Item[] }>(`/players/${ref}/inventory`, game.secretKey);
    expect(list.status).toBe(200);
    expect(list.body).toEqual({
      items: [
        { sku: "elixir", quantity: 2, updatedAt: expect.stringMatching(ISO) },
        { sku: "potion", quantity: 7, updatedAt: expect.stringMatching(ISO) },
        { sku: "sword", quantity: 1, updatedAt: expect.stringMatching(ISO) },
      ],
    });
    const unknown = await get(`/players/${extRef()}/inventory`, game.secretKey);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(apiError("NOT_FOUND"));
    const live = await get(`/players/${ref}/inventory`, game.liveSecretKey);
    expect(live.status).toBe(404);
  });

  it("refuses query parameters", async () => {
    const ref = extRef();
    await grantItem(ref, { sku: "sword" });
    const response = await get(`/players/${ref}/inventory?limit=5`, game.secretKey);
    expect(response.status).toBe(400);
    expect(response.body).toEqual(validationFailed({ limit: [expect.any(String)] }));
  });
});
