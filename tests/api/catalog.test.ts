import { describe, expect, it } from "vitest";
import { createTestGame, get, useDatabase } from "../harness";
import { apiError } from "../domain-helpers";

useDatabase();

const catalog = {
  currencies: [
    { code: "gold", name: "Gold", purchasable: true },
    { code: "gems", name: "Gems", purchasable: true },
    { code: "stars", name: "Stars" },
    { code: "old_gold", name: "Old gold", status: "archived" },
    { code: "new_gold", name: "New gold", status: "draft" },
  ],
  items: [
    {
      sku: "sword",
      name: "Sword",
      description: "Sharp.",
      type: "durable",
      price: { currency: "gold", amount: 100 },
      maxOwned: 1,
      clientPurchasable: true,
      metadata: { rarity: "epic", slot: "hand" },
    },
    { sku: "potion", name: "Potion", type: "consumable" },
    { sku: "hat", name: "Hat", type: "durable", status: "draft" },
    { sku: "boots", name: "Boots", type: "durable", status: "archived" },
  ],
  packs: [
    {
      sku: "starter",
      name: "Starter pack",
      description: "A good start.",
      priceCents: 499,
      grants: [{ currency: "gold", amount: 500, bonus: 50 }],
      items: [{ sku: "potion", quantity: 3 }],
      badge: "Best value",
      maxPerPlayer: 1,
    },
    { sku: "free", name: "Free pack", priceCents: 0, grants: [{ currency: "gems", amount: 5 }] },
    {
      sku: "founder",
      name: "Founder pack",
      priceCents: 4999,
      grants: [{ currency: "gold", amount: 10_000 }],
      items: [{ sku: "sword" }],
      availability: { startsAt: "2030-01-01T00:00:00Z", endsAt: "2030-02-01T00:00:00.000Z", stock: 500, founder: true },
    },
    {
      sku: "weekend",
      name: "Weekend deal",
      priceCents: 199,
      grants: [{ currency: "gold", amount: 100 }],
      availability: { endsAt: "2030-03-01T12:00:00+02:00" },
    },
    { sku: "draft-pack", name: "Draft", priceCents: 100, grants: [{ currency: "gold", amount: 1 }], status: "draft" },
    { sku: "old-pack", name: "Old", priceCents: 100, grants: [{ currency: "gold", amount: 1 }], status: "archived" },
  ],
};

describe("getCatalog", () => {
  it("returns active currencies, items and packs only, in catalog order, with SPEC shapes", async () => {
    const game = await createTestGame({ catalog });
    const response = await get("/catalog", game.secretKey);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body).toEqual({
      currencies: [
        { code: "gold", name: "Gold", purchasable: true },
        { code: "gems", name: "Gems", purchasable: true },
        { code: "stars", name: "Stars", purchasable: false },
      ],
      items: [
        {
          sku: "sword",
          name: "Sword",
          description: "Sharp.",
          type: "durable",
          price: { currency: "gold", amount: 100 },
          maxOwned: 1,
          clientPurchasable: true,
          metadata: { rarity: "epic", slot: "hand" },
        },
        {
          sku: "potion",
          name: "Potion",
          description: null,
          type: "consumable",
          price: null,
          maxOwned: null,
          clientPurchasable: false,
          metadata: {},
        },
      ],
      packs: [
        {
          sku: "starter",
          name: "Starter pack",
          description: "A good start.",
          priceCents: 499,
          currency: "EUR",
          grants: [{ currency: "gold", amount: 500, bonus: 50 }],
          items: [{ sku: "potion", quantity: 3 }],
          badge: "Best value",
          maxPerPlayer: 1,
          availability: null,
        },
        {
          sku: "free",
          name: "Free pack",
          description: null,
          priceCents: 0,
          currency: "EUR",
          grants: [{ currency: "gems", amount: 5, bonus: 0 }],
          items: [],
          badge: null,
          maxPerPlayer: null,
          availability: null,
        },
        {
          sku: "founder",
          name: "Founder pack",
          description: null,
          priceCents: 4999,
          currency: "EUR",
          grants: [{ currency: "gold", amount: 10_000, bonus: 0 }],
          items: [{ sku: "sword", quantity: 1 }],
          badge: null,
          maxPerPlayer: null,
          availability: { startsAt: "2030-01-01T00:00:00.000Z", endsAt: "2030-02-01T00:00:00.000Z", remaining: 500, founder: true },
        },
        {
          sku: "weekend",
          name: "Weekend deal",
          description: null,
          priceCents: 199,
          currency: "EUR",
          grants: [{ currency: "gold", amount: 100, bonus: 0 }],
          items: [],
          badge: null,
          maxPerPlayer: null,
          availability: { startsAt: null, endsAt: "2030-03-01T10:00:00.000Z", remaining: null, founder: false },
        },
      ],
      prelaunch: false,
      launchAt: null,
    });
  });

  it("prelaunch and launchAt come from the game settings", async () => {
    const game = await createTestGame({ catalog, settings: { prelaunch: true, launchAt: "2031-06-01T09:30:00+02:00" } });
    const response = await get<{ prelaunch: boolean; launchAt: string | null }>("/catalog", game.secretKey);
    expect(response.status).toBe(200);
    expect(response.body.prelaunch).toBe(true);
    expect(response.body.launchAt).toBe("2031-06-01T07:30:00.000Z");
  });

  it("the live key sees the same catalog; an empty catalog is empty lists", async () => {
    const game = await createTestGame({ catalog });
    const test = await get("/catalog", game.secretKey);
    const live = await get("/catalog", game.liveSecretKey);
    expect(live.status).toBe(200);
    expect(live.body).toEqual(test.body);

    const empty = await createTestGame({ catalog: { currencies: [], items: [], packs: [] } });
    const emptyResponse = await get("/catalog", empty.secretKey);
    expect(emptyResponse.body).toEqual({ currencies: [], items: [], packs: [], prelaunch: false, launchAt: null });
  });

  it("needs the secret key", async () => {
    const game = await createTestGame({ catalog });
    const response = await get("/catalog", game.publishableKey);
    expect(response.status).toBe(403);
    expect(response.body).toEqual(apiError("FORBIDDEN"));
  });
});
