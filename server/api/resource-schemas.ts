import { z } from "zod";
import { errorCodes } from "@/server/lib/errors";
import type { WebhookEventType } from "@/db/schema";
import { CatalogSchema, CurrencySchema, ItemSchema, PackSchema } from "@/server/catalog/get-catalog";
import { PurchaseSchema } from "@/server/inventory/purchase-item";
import { InventoryItemSchema } from "@/server/inventory/schemas";
import { OrderSchema } from "@/server/orders/order-view";
import { MeSchema } from "@/server/players/get-me";
import { PlayerSchema } from "@/server/players/player-view";
import { LedgerPageSchema } from "@/server/wallet/list-ledger";
import { BalanceSchema, LedgerEntrySchema, MovementSchema, WalletSchema } from "@/server/wallet/wallet-views";

/** Response shapes of SPEC "Resources": the OpenAPI document shows them, handlers are typed by them (defineOperation), tests validate answers against them. */
const DateTime = z.iso.datetime();

/**
 * The domain defines each shape once (server/<domain>); here they are registered as components by id. `register`
 * keeps the domain's own schema object, so a shape nested in another is still a `$ref`, and registering here, in
 * this order, keeps the components in the document's order whatever order the domain modules load in.
 */
export const Player = PlayerSchema.register(z.globalRegistry, { id: "Player" });

export const Balance = BalanceSchema.register(z.globalRegistry, { id: "Balance" });
export const Wallet = WalletSchema.register(z.globalRegistry, { id: "Wallet" });
export const LedgerEntry = LedgerEntrySchema.register(z.globalRegistry, { id: "LedgerEntry" });
export const Movement = MovementSchema.register(z.globalRegistry, { id: "Movement" });
export const InventoryItem = InventoryItemSchema.register(z.globalRegistry, { id: "InventoryItem" });
export const Purchase = PurchaseSchema.register(z.globalRegistry, { id: "Purchase" });
export const LedgerPage = LedgerPageSchema.register(z.globalRegistry, { id: "LedgerPage" });
export const InventoryList = z.object({ items: z.array(InventoryItem) }).meta({ id: "InventoryList" });
export const ItemChange = z.object({ item: InventoryItem }).meta({ id: "ItemChange" });
/** A regex, not startsWith: zod renders startsWith as a non-standard `format` that strict validators refuse. */
export const PlayerToken = z.object({ token: z.string().regex(/^svc_pt_/), expiresAt: DateTime }).meta({ id: "PlayerToken" });

export const Currency = CurrencySchema.register(z.globalRegistry, { id: "Currency" });
export const Item = ItemSchema.register(z.globalRegistry, { id: "Item" });
export const Pack = PackSchema.register(z.globalRegistry, { id: "Pack" });
export const Catalog = CatalogSchema.register(z.globalRegistry, { id: "Catalog" });

export const ErrorEnvelope = z.object({
  error: z.object({
    code: z.enum(errorCodes as [string, ...string[]]),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
}).meta({ id: "Error" });

export const Order = OrderSchema.register(z.globalRegistry, { id: "Order" });

export const Checkout = z.object({ order: Order, checkoutUrl: z.url() }).meta({ id: "Checkout" });

export const Me = MeSchema.register(z.globalRegistry, { id: "Me" });

const ItemLine = z.object({ sku: z.string(), quantity: z.int().min(1) });
export const Redemption = z.object({
  grants: z.array(z.object({ currency: z.string(), amount: z.int(), balance: Balance })),
  items: z.array(ItemLine),
  skipped: z.array(ItemLine),
}).meta({ id: "Redemption" });

export const AnonymousPlayer = z.object({ player: Player, playerSecret: z.string(), token: z.string(), expiresAt: DateTime }).meta({ id: "AnonymousPlayer" });
export const EmailCodeSent = z.object({ sent: z.literal(true), expiresInSeconds: z.int() }).meta({ id: "EmailCodeSent" });
export const EmailVerification = z.object({
  token: z.string(),
  expiresAt: DateTime,
  player: Player,
  merged: z.boolean(),
  playerSecret: z.string().nullable(),
}).meta({ id: "EmailVerification" });

/** SPEC "Events": the `data` of each webhook event type, and the envelope they travel in. */
export const WalletCredited = z.object({
  playerId: z.string().regex(/^[0-9a-f]{24}$/),
  orderId: z.string().regex(/^[0-9a-f]{24}$/),
  credits: z.array(z.object({ currency: z.string(), paid: z.int(), bonus: z.int() })),
}).meta({ id: "WalletCredited" });
export const WebhookTestData = z.object({ endpointId: z.string(), message: z.string() }).meta({ id: "WebhookTestData" });

export function eventEnvelope<T extends z.ZodType>(type: WebhookEventType, data: T) {
  return z.object({ id: z.string().regex(/^evt_/), type: z.literal(type), createdAt: DateTime, env: z.enum(["test", "live"]), data });
}
