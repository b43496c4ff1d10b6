import "server-only";
import { z } from "zod";
import { InventoryItemSchema } from "@/server/inventory/schemas";
import { OrderSchema } from "@/server/orders/order-view";
import { BalanceSchema, LedgerEntrySchema } from "@/server/wallet/wallet-views";
import { PlayerSchema } from "../player-view";

/**
 * The shapes of a player's data export and of an erasure's summary: the one definition, registered as
 * OpenAPI components by server/api/resource-schemas.ts and documented in docs/privacy.md.
 */

/** Bumped on any change that could break a reader of an earlier export. */
export const EXPORT_FORMAT_VERSION = 1;

const DateTime = z.iso.datetime();
const ServiceId = z.string().regex(/^[0-9a-f]{24}$/);

export const PlayerExportSchema = z.object({
  formatVersion: z.literal(EXPORT_FORMAT_VERSION).describe("Version of this layout; a reader checks it first."),
  exportedAt: DateTime,
  game: z.object({ id: z.string(), env: z.enum(["test", "live"]) }),
  // Every field the service stores about the player, the two e-mail addresses and the birth year included (the
  // Player resource never shows them); no secret, token or hash.
  profile: z.object({
    id: ServiceId,
    externalId: z.string().nullable(),
    kind: z.enum(["external", "hosted"]),
    displayName: z.string().nullable(),
    email: z.string().nullable(),
    linkedEmail: z.string().nullable().describe("The address the player proved with an e-mail code."),
    birthYear: z.int().nullable(),
    country: z.string().nullable(),
    blocked: z.boolean(),
    createdAt: DateTime,
    updatedAt: DateTime,
  }),
  wallet: z.object({ balances: z.array(BalanceSchema).describe("Every balance row, currencies out of the catalog included.") }),
  ledger: z.array(LedgerEntrySchema).describe("Every ledger entry of the player, oldest first."),
  inventory: z.array(InventoryItemSchema).describe("Owned items (quantity above 0)."),
  orders: z.array(OrderSchema).describe("Every order of the player, oldest first, with its VAT country and amounts."),
  giftCodeRedemptions: z.array(z.object({ code: z.string(), redeemedAt: DateTime })),
  emailLinks: z
    .array(
      z.object({
        email: z.string(),
        purpose: z.enum(["link", "sign_in"]),
        requestedAt: DateTime,
        expiresAt: DateTime,
        usedAt: DateTime.nullable(),
      }),
    )
    .describe("E-mail codes still kept for the player (to link an address or sign in with it)."),
});
export type PlayerExport = z.infer<typeof PlayerExportSchema>;

export const ZeroedBalanceSchema = z.object({
  currency: z.string(),
  paid: z.int().describe("Paid coins taken (negative: a debt forgiven)."),
  bonus: z.int(),
  ledgerEntryId: z.string(),
});
export const ZeroedItemSchema = z.object({ sku: z.string(), quantity: z.int().min(1) });

export const PlayerErasureSchema = z.object({
  player: PlayerSchema,
  erasedAt: DateTime,
  balancesZeroed: z.array(ZeroedBalanceSchema).describe("One `adjustment` ledger entry with reason `erasure` per currency that was not zero."),
  itemsZeroed: z.array(ZeroedItemSchema),
});
export type PlayerErasure = z.infer<typeof PlayerErasureSchema>;

/** What the audit entry keeps of an erasure (no personal data), and what a repeated erasure answers from. */
export const ErasureRecordSchema = PlayerErasureSchema.omit({ player: true });
export type ErasureRecord = z.infer<typeof ErasureRecordSchema>;
