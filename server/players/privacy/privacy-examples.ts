import "server-only";
/** The examples the privacy answers are built from, the same values the other answers show. */
export type PrivacyExampleParts = {
  player: { id: string; externalId: string | null; kind: string; displayName: string | null; country: string | null; blocked: boolean; createdAt: string };
  balance: { currency: string; paid: number; bonus: number; total: number };
  entry: Record<string, unknown>;
  item: { sku: string; quantity: number; updatedAt: string };
  order: Record<string, unknown>;
};

/**
 * Examples of the export and erasure answers for the OpenAPI document, built from the document's own
 * examples of a player, balance, ledger entry, item and order so they describe the same player.
 */
export function privacyResponseExamples({ player, balance, entry, item, order }: PrivacyExampleParts): Record<string, unknown> {
  const erasedAt = "2026-05-02T10:00:00.000Z";
  return {
    PlayerExport: {
      formatVersion: 1,
      exportedAt: erasedAt,
      game: { id: "65f1c2a4b7e8d9f0a1b2c301", env: "live" },
      profile: { ...player, email: "aria@studio.test", linkedEmail: null, birthYear: 2001, updatedAt: player.createdAt },
      wallet: { balances: [balance] },
      ledger: [entry],
      inventory: [item],
      orders: [order],
      giftCodeRedemptions: [{ code: "SPRING-2026", redeemedAt: player.createdAt }],
      emailLinks: [],
    },
    PlayerErasure: {
      player: { ...player, externalId: `erased:${player.id}`, displayName: null, country: null, blocked: true },
      erasedAt,
      balancesZeroed: [{ currency: balance.currency, paid: balance.paid, bonus: balance.bonus, ledgerEntryId: "65f1c2a4b7e8d9f0a1b2c3f7" }],
      itemsZeroed: [{ sku: item.sku, quantity: item.quantity }],
    },
  };
}
