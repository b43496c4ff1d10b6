import "server-only";
import { z } from "zod";
import { errorCodes } from "@/server/lib/errors";
import type { WebhookEventType } from "@/db/schema";
import { CatalogSchema, CurrencySchema, ItemSchema, PackSchema } from "@/server/catalog/get-catalog";
import { RedemptionSchema } from "@/server/codes/deliver-gift-code";
import { EmailCodeSentSchema } from "@/server/email/request-email-code";
import { EmailVerificationSchema } from "@/server/email/verify-email-code";
import { PurchaseSchema } from "@/server/inventory/purchase-item";
import { InventoryItemSchema } from "@/server/inventory/schemas";
import { CheckoutSchema } from "@/server/orders/create-checkout";
import { OrderSchema } from "@/server/orders/order-view";
import { AnonymousPlayerSchema } from "@/server/players/anonymous-player";
import { MeSchema } from "@/server/players/get-me";
import { PlayerTokenSchema } from "@/server/players/issue-player-token";
import { PlayerSchema } from "@/server/players/player-view";
import { PlayerErasureSchema, PlayerExportSchema } from "@/server/players/privacy/privacy-schemas";
import { ShopLinkSchema } from "@/server/shop/shop-links";
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
export const PlayerToken = PlayerTokenSchema.register(z.globalRegistry, { id: "PlayerToken" });
export const PlayerExport = PlayerExportSchema.register(z.globalRegistry, { id: "PlayerExport" });
export const PlayerErasure = PlayerErasureSchema.register(z.globalRegistry, { id: "PlayerErasure" });

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

export const Checkout = CheckoutSchema.register(z.globalRegistry, { id: "Checkout" });

export const ShopLink = ShopLinkSchema.register(z.globalRegistry, { id: "ShopLink" });

export const Me = MeSchema.register(z.globalRegistry, { id: "Me" });

export const Redemption = RedemptionSchema.register(z.globalRegistry, { id: "Redemption" });

export const AnonymousPlayer = AnonymousPlayerSchema.register(z.globalRegistry, { id: "AnonymousPlayer" });
export const EmailCodeSent = EmailCodeSentSchema.register(z.globalRegistry, { id: "EmailCodeSent" });
export const EmailVerification = EmailVerificationSchema.register(z.globalRegistry, { id: "EmailVerification" });

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
