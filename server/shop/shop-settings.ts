import "server-only";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { games, shopSettings, type Environment } from "@/db/schema";
import { clock } from "@/server/lib/clock";
import { notFound, validationError } from "@/server/lib/errors";
import { toFieldErrors } from "@/server/lib/field-errors";
import { publicUrlOf } from "@/server/lib/public-url";
import type { GameScope } from "@/server/lib/scope";
import { sharedCache } from "@/server/lib/ttl-cache";
import { shopPath } from "./shop-paths";

/** Schemes a return address may never use, whatever the studio lists: they run code or read local files. */
const FORBIDDEN_SCHEMES = new Set(["http", "https", "javascript", "data", "file", "vbscript", "blob", "about", "ftp", "ws", "wss"]);

export const AppScheme = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z][a-z0-9+.-]{1,31}$/, "2 to 32 characters: a letter, then letters, digits, +, - or .")
  .refine((scheme) => !FORBIDDEN_SCHEMES.has(scheme), "This scheme cannot be an app scheme");

const HttpsUrl = z
  .string()
  .trim()
  .max(2048, "At most 2048 characters")
  .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", "Must be an https:// address");

const AccentColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, "A colour as #rrggbb")
  .transform((value) => value.toLowerCase());

/** What a studio sets (dashboard card, fixture). Return-address rules need the schemes, so they are checked on the whole. */
export const ShopSettingsInput = z.strictObject({
  enabled: z.boolean(),
  logoUrl: HttpsUrl.nullable(),
  accentColor: AccentColor.nullable(),
  returnUrl: z.string().trim().min(1, "Required").max(2048, "At most 2048 characters").nullable(),
  appSchemes: z.array(AppScheme).max(5, "At most 5 schemes").default([]),
});
export type ShopSettingsInput = z.input<typeof ShopSettingsInput>;

export type ShopSettings = {
  enabled: boolean;
  logoUrl: string | null;
  accentColor: string | null;
  returnUrl: string | null;
  appSchemes: string[];
};

export const SHOP_OFF: ShopSettings = { enabled: false, logoUrl: null, accentColor: null, returnUrl: null, appSchemes: [] };

function isLocalHost(hostname: string): boolean {
  return hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]";
}

/**
 * Why a return address is refused, or null. https anywhere; http only to this machine in `test` (a game
 * under development, as webhook endpoints allow); otherwise one of the studio's own app schemes.
 */
export function returnUrlProblem(value: string, env: Environment, appSchemes: readonly string[]): string | null {
  if (!URL.canParse(value)) return "Must be an absolute address (https://… or yourapp://…)";
  const url = new URL(value);
  const scheme = url.protocol.slice(0, -1).toLowerCase();
  if (scheme === "https") return null;
  if (scheme === "http") return env === "test" && isLocalHost(url.hostname) ? null : "Must be https (http only to localhost in test)";
  if (appSchemes.includes(scheme)) return null;
  return `The scheme "${scheme}" is not one of this shop's app schemes`;
}

/** Validates and normalises a studio's settings for `env`; throws VALIDATION_FAILED with field errors. */
export function parseShopSettings(input: unknown, env: Environment): ShopSettings {
  const parsed = ShopSettingsInput.safeParse(input);
  if (!parsed.success) throw validationError(toFieldErrors(parsed.error, "shop"));
  const settings = { ...parsed.data, appSchemes: [...new Set(parsed.data.appSchemes)] };
  if (settings.returnUrl !== null) {
    const problem = returnUrlProblem(settings.returnUrl, env, settings.appSchemes);
    if (problem) throw validationError({ returnUrl: [problem] });
  }
  return settings;
}

/**
 * Every shop page view reads its shop (a launch drop is thousands a minute, twice per page with the
 * title). Settings saved in this process apply at once (saveShopSettings clears it); elsewhere, and a
 * renamed game, within a second.
 */
const shopFronts = sharedCache<ShopFront | null>("shop-fronts", 1_000);

function toSettings(row: typeof shopSettings.$inferSelect | undefined): ShopSettings {
  if (!row) return SHOP_OFF;
  return { enabled: row.enabled, logoUrl: row.logoUrl, accentColor: row.accentColor, returnUrl: row.returnUrl, appSchemes: row.appSchemes };
}

export async function getShopSettings(db: Db, scope: GameScope): Promise<ShopSettings> {
  const rows = await db
    .select()
    .from(shopSettings)
    .where(and(eq(shopSettings.gameId, scope.gameId), eq(shopSettings.env, scope.env)))
    .limit(1);
  return toSettings(rows[0]);
}

/** Saves the environment's shop settings (validated here, whoever calls); answers what is stored. */
export async function saveShopSettings(db: Db, scope: GameScope, input: unknown): Promise<ShopSettings> {
  const settings = parseShopSettings(input, scope.env);
  const values = { ...settings, updatedAt: clock.now() };
  await db
    .insert(shopSettings)
    .values({ gameId: scope.gameId, env: scope.env, ...values })
    .onConflictDoUpdate({ target: [shopSettings.gameId, shopSettings.env], set: values });
  shopFronts.clear();
  return settings;
}

/** A shop as its pages find it: by the game's slug and the environment of the path. */
export type ShopFront = { scope: GameScope; gameName: string; slug: string; settings: ShopSettings };

async function shopWhere(db: Db, env: Environment, where: { slug: string } | { gameId: string }): Promise<ShopFront | null> {
  const rows = await db
    .select({ gameId: games.id, name: games.name, slug: games.slug, shop: shopSettings })
    .from(games)
    .leftJoin(shopSettings, and(eq(shopSettings.gameId, games.id), eq(shopSettings.env, env)))
    .where("slug" in where ? eq(games.slug, where.slug) : eq(games.id, where.gameId))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return { scope: { gameId: row.gameId, env }, gameName: row.name, slug: row.slug, settings: toSettings(row.shop ?? undefined) };
}

export async function findShop(db: Db, slug: string, env: Environment): Promise<ShopFront | null> {
  return shopFronts.get(`${env}:${slug}`, () => shopWhere(db, env, { slug }));
}

/** The shop of an API key's game and environment (the game exists: the key proved it). */
export async function shopOfScope(db: Db, scope: GameScope): Promise<ShopFront> {
  const shop = await shopWhere(db, scope.env, { gameId: scope.gameId });
  if (!shop) throw notFound("Game");
  return shop;
}

/** The dashboard's Shop card: the stored settings and the address of the shop, to preview it. */
export async function getShopCard(db: Db, scope: GameScope): Promise<ShopSettings & { shopUrl: string }> {
  const shop = await shopOfScope(db, scope);
  return { ...shop.settings, shopUrl: publicUrlOf(shopPath(shop.slug, scope.env)) };
}
