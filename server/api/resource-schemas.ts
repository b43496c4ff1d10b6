import { z } from "zod";
import { errorCodes } from "@/server/lib/errors";
import { ledgerEntryTypes, type WebhookEventType } from "@/db/schema";

/** Response shapes of SPEC "Resources": the OpenAPI document shows them, handlers are typed by them (defineOperation), tests validate answers against them. */
const DateTime = z.iso.datetime();

export const Player = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/),
  externalId: z.string().nullable(),
  kind: z.enum(["external", "hosted"]),
  displayName: z.string().nullable(),
  country: z.string().nullable(),
  blocked: z.boolean(),
  createdAt: DateTime,
}).meta({ id: "Player" });

export const Balance = z.object({ currency: z.string(), paid: z.int(), bonus: z.int(), total: z.int() }).meta({ id: "Balance" });
export const Wallet = z.object({ playerId: z.string(), balances: z.array(Balance) }).meta({ id: "Wallet" });

export const LedgerEntry = z.object({
  id: z.string(),
  type: z.enum(ledgerEntryTypes),
  currency: z.string(),
  paidDelta: z.int(),
  bonusDelta: z.int(),
  balanceAfter: z.object({ paid: z.int(), bonus: z.int(), total: z.int() }),
  reason: z.string().nullable(),
  metadata: z.record(z.string(), z.string()),
  ref: z.object({ orderId: z.string().optional(), itemSku: z.string().optional() }),
  createdAt: DateTime,
}).meta({ id: "LedgerEntry" });

export const Movement = z.object({ entry: LedgerEntry, balance: Balance }).meta({ id: "Movement" });
export const InventoryItem = z.object({ sku: z.string(), quantity: z.int().min(0), updatedAt: DateTime }).meta({ id: "InventoryItem" });
export const Purchase = z.object({ entry: LedgerEntry, balance: Balance, item: InventoryItem }).meta({ id: "Purchase" });
export const LedgerPage = z.object({ entries: z.array(LedgerEntry), nextCursor: z.string().nullable() }).meta({ id: "LedgerPage" });
export const InventoryList = z.object({ items: z.array(InventoryItem) }).meta({ id: "InventoryList" });
export const ItemChange = z.object({ item: InventoryItem }).meta({ id: "ItemChange" });
/** A regex, not startsWith: zod renders startsWith as a non-standard `format` that strict validators refuse. */
export const PlayerToken = z.object({ token: z.string().regex(/^svc_pt_/), expiresAt: DateTime }).meta({ id: "PlayerToken" });

export const Currency = z.object({ code: z.string(), name: z.string(), purchasable: z.boolean() }).meta({ id: "Currency" });
export const Item = z.object({
  sku: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(["consumable", "durable"]),
  price: z.object({ currency: z.string(), amount: z.int().min(1) }).nullable(),
  maxOwned: z.int().min(1).nullable(),
  clientPurchasable: z.boolean(),
  metadata: z.record(z.string(), z.string()),
}).meta({ id: "Item" });
export const Pack = z.object({
  sku: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  priceCents: z.int().min(0),
  currency: z.literal("EUR"),
  grants: z.array(z.object({ currency: z.string(), amount: z.int(), bonus: z.int() })),
  items: z.array(z.object({ sku: z.string(), quantity: z.int().min(1) })),
  badge: z.string().nullable(),
  maxPerPlayer: z.int().min(1).nullable(),
  availability: z
    .object({ startsAt: DateTime.nullable(), endsAt: DateTime.nullable(), remaining: z.int().min(0).nullable(), founder: z.boolean() })
    .nullable(),
}).meta({ id: "Pack" });
export const Catalog = z.object({
  currencies: z.array(Currency),
  items: z.array(Item),
  packs: z.array(Pack),
  prelaunch: z.boolean(),
  launchAt: DateTime.nullable(),
}).meta({ id: "Catalog" });

export const ErrorEnvelope = z.object({
  error: z.object({
    code: z.enum(errorCodes as [string, ...string[]]),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).optional(),
  }),
}).meta({ id: "Error" });

export const Order = z.object({
  id: z.string().regex(/^[0-9a-f]{24}$/),
  playerId: z.string(),
  status: z.enum(["pending", "paid", "fulfilled", "refunded", "chargeback", "failed", "canceled", "expired"]),
  pack: z.object({ sku: z.string(), name: z.string() }),
  amountCents: z.int().min(0),
  currency: z.literal("EUR"),
  country: z.string().length(2),
  vatRateBp: z.int().min(0),
  vatCents: z.int().min(0),
  netCents: z.int().min(0),
  createdAt: DateTime,
  paidAt: DateTime.nullable(),
  fulfilledAt: DateTime.nullable(),
  refundedAt: DateTime.nullable(),
  creatorCode: z.object({ code: z.string(), creatorName: z.string() }).nullable(),
}).meta({ id: "Order" });

export const Checkout = z.object({ order: Order, checkoutUrl: z.url() }).meta({ id: "Checkout" });

export const Me = z.object({ player: Player, wallet: Wallet, inventory: z.array(InventoryItem) }).meta({ id: "Me" });

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
