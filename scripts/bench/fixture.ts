/** The bench game, seeded with `npm run seed`: one currency, one item bought with it, both kinds of key. */

export const BENCH_KEYS = {
  secret: "svc_sk_test_bench_0123456789abcdefghijklmn",
  publishable: "svc_pk_test_bench_0123456789abcdefghijklmn",
};
export const BENCH_CURRENCY = "coins";
/** Costs 1 coin, no cap on how many a player owns, so a purchase never runs into LIMIT_REACHED. */
export const BENCH_ITEM_SKU = "bench-potion";

export function benchFixture(): unknown {
  return {
    studio: { name: "Bench Studio" },
    games: [
      {
        slug: "bench",
        name: "Bench Game",
        settings: { spendOrder: "bonus_first", negativeBalance: "allow", anonymousPlayers: true, prelaunch: false, launchAt: null },
        catalog: {
          currencies: [{ code: BENCH_CURRENCY, name: "Coins", purchasable: true, status: "active" }],
          items: [
            {
              sku: BENCH_ITEM_SKU,
              name: "Bench Potion",
              description: "Bought by the bench's purchase scenario.",
              type: "consumable",
              price: { currency: BENCH_CURRENCY, amount: 1 },
              maxOwned: null,
              clientPurchasable: true,
              metadata: {},
              status: "active",
            },
          ],
        },
        environments: { test: { secretKey: BENCH_KEYS.secret, publishableKey: BENCH_KEYS.publishable }, live: {} },
      },
    ],
  };
}
