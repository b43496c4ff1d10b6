import "server-only";
import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import {
  apiKeys,
  creatorCodes,
  currencies,
  giftCodeBatches,
  giftCodes,
  items,
  orders,
  packs,
  players,
  staff,
  staffInvitations,
  studios,
  webhookDeliveries,
  webhookEndpoints,
} from "@/db/schema";

/** What an audit entry is about, as a person reads it: a name and, when it has one, the page to open. */
export type AuditTarget = { name: string | null; href: string | null };

/** The fields of an entry that say what it is about; `gameId` is set only when the game is the studio's. */
export type TargetRef = { gameId: string | null; env: string | null; targetType: string | null; targetId: string | null };

type Env = "test" | "live";
type Found = { id: string; name: string | null };
/** One game's environment, the scope a game target is read in. */
type GameScope = { gameId: string; env: Env };
/** Reads the names of some targets of one game and environment. */
type GameLookup = (db: Db, scope: GameScope, ids: string[]) => Promise<Found[]>;
/** `shared`: one for both environments (its entries have no env; the link opens the test one). */
type GameTarget = { lookup: GameLookup; page: (base: string, id: string) => string; shared?: true };

type Column = Parameters<typeof eq>[0];
/** The rows of `table` (any table with game and environment columns) within one game's environment. */
const inGame = (table: { gameId: Column; env: Column }, { gameId, env }: GameScope): SQL[] => [eq(table.gameId, gameId), eq(table.env, env)];

/**
 * Per target type of a game's environment: how to read its name, and which page shows it. A player's
 * name is read live, so an erased player (name and external id cleared) is never named again here.
 */
const gameTargets: Record<string, GameTarget> = {
  order: {
    lookup: (db, scope, ids) =>
      db
        .select({ id: orders.id, name: orders.packName })
        .from(orders)
        .where(and(...inGame(orders, scope), inArray(orders.id, ids))),
    page: (base, id) => `${base}/orders/${id}`,
  },
  player: {
    lookup: async (db, scope, ids) =>
      (
        await db
          .select({ id: players.id, displayName: players.displayName, externalId: players.externalId })
          .from(players)
          .where(and(...inGame(players, scope), inArray(players.id, ids)))
      ).map((p) => ({ id: p.id, name: p.displayName ?? p.externalId })),
    page: (base, id) => `${base}/players/${id}`,
  },
  api_key: {
    lookup: async (db, scope, ids) =>
      (
        await db
          .select({ id: apiKeys.id, name: apiKeys.name, hint: apiKeys.keyHint })
          .from(apiKeys)
          .where(and(...inGame(apiKeys, scope), inArray(apiKeys.id, ids)))
      ).map((k) => ({ id: k.id, name: k.name ? `${k.name} (${k.hint})` : k.hint })),
    page: (base) => `${base}/settings`,
  },
  webhook_endpoint: {
    lookup: (db, scope, ids) =>
      db
        .select({ id: webhookEndpoints.id, name: webhookEndpoints.url })
        .from(webhookEndpoints)
        .where(and(...inGame(webhookEndpoints, scope), inArray(webhookEndpoints.id, ids))),
    page: (base) => `${base}/webhooks`,
  },
  webhook_delivery: {
    lookup: (db, scope, ids) =>
      db
        .select({ id: webhookDeliveries.id, name: webhookEndpoints.url })
        .from(webhookDeliveries)
        .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
        .where(and(...inGame(webhookDeliveries, scope), inArray(webhookDeliveries.id, ids))),
    page: (base, id) => `${base}/webhooks/deliveries/${id}`,
  },
  // Creator codes are shared by both environments of a game; the code is the id.
  creator_code: {
    lookup: async (db, { gameId }, ids) =>
      (
        await db
          .select({ id: creatorCodes.code, creator: creatorCodes.creatorName })
          .from(creatorCodes)
          .where(and(eq(creatorCodes.gameId, gameId), inArray(creatorCodes.code, ids)))
      ).map((c) => ({ id: c.id, name: `${c.id} (${c.creator})` })),
    page: (base) => `${base}/creator-codes`,
    shared: true,
  },
  gift_code: {
    lookup: (db, scope, ids) =>
      db
        .select({ id: giftCodes.id, name: giftCodes.displayCode })
        .from(giftCodes)
        .where(and(...inGame(giftCodes, scope), inArray(giftCodes.id, ids))),
    page: (base) => `${base}/gift-codes`,
  },
  gift_code_batch: {
    lookup: (db, scope, ids) =>
      db
        .select({ id: giftCodeBatches.id, name: giftCodeBatches.label })
        .from(giftCodeBatches)
        .where(and(...inGame(giftCodeBatches, scope), inArray(giftCodeBatches.id, ids))),
    page: (base) => `${base}/gift-codes`,
  },
  currency: {
    lookup: (db, scope, ids) =>
      db
        .select({ id: currencies.code, name: currencies.name })
        .from(currencies)
        .where(and(...inGame(currencies, scope), inArray(currencies.code, ids))),
    page: (base) => `${base}/catalog`,
  },
  item: {
    lookup: (db, scope, ids) =>
      db
        .select({ id: items.sku, name: items.name })
        .from(items)
        .where(and(...inGame(items, scope), inArray(items.sku, ids))),
    page: (base) => `${base}/catalog`,
  },
  pack: {
    lookup: (db, scope, ids) =>
      db
        .select({ id: packs.sku, name: packs.name })
        .from(packs)
        .where(and(...inGame(packs, scope), inArray(packs.sku, ids))),
    page: (base) => `${base}/catalog`,
  },
  catalog: {
    lookup: async (_db, { env }, ids) => ids.map((id) => ({ id, name: `Catalog (${env})` })),
    page: (base) => `${base}/catalog`,
  },
};

/** Studio-wide targets: read only within the studio, whatever id an entry holds. */
async function studioTarget(db: Db, studioId: string, { type, ids }: { type: string; ids: string[] }): Promise<Map<string, AuditTarget>> {
  const found = new Map<string, AuditTarget>();
  if (type === "staff") {
    const rows = await db.select({ id: staff.id, name: staff.name }).from(staff).where(and(eq(staff.studioId, studioId), inArray(staff.id, ids)));
    for (const r of rows) found.set(r.id, { name: r.name, href: "/members" });
  } else if (type === "invitation") {
    const rows = await db
      .select({ id: staffInvitations.id, email: staffInvitations.email })
      .from(staffInvitations)
      .where(and(eq(staffInvitations.studioId, studioId), inArray(staffInvitations.id, ids)));
    for (const r of rows) found.set(r.id, { name: `Invitation of ${r.email}`, href: "/members" });
  } else if (type === "studio" && ids.includes(studioId)) {
    const [row] = await db.select({ name: studios.name }).from(studios).where(eq(studios.id, studioId));
    if (row) found.set(studioId, { name: row.name, href: "/members" });
  }
  return found;
}

const keyOf = (ref: TargetRef) => `${ref.targetType}|${ref.gameId ?? ""}|${ref.env ?? ""}|${ref.targetId}`;

/** The entries' targets to describe, and the names of the studio's games among them (by game id). */
export type AuditTargetsQuery = { refs: TargetRef[]; gameNames: Map<string, string> };

/**
 * The names and pages of the targets of some audit entries, in one query per kind of target (a page of
 * the log holds few kinds). Game targets are read within the entry's game and environment, and only for
 * games of the studio (the caller clears `gameId` otherwise). A target that no longer exists keeps
 * `name: null` (the page shows its id); a game's page needs no lookup.
 */
export async function describeAuditTargets(db: Db, studioId: string, { refs, gameNames }: AuditTargetsQuery): Promise<Map<string, AuditTarget>> {
  const result = new Map<string, AuditTarget>();
  const groups = new Map<string, { type: string; gameId: string | null; env: string | null; ids: Set<string> }>();
  for (const ref of refs) {
    if (!ref.targetType || !ref.targetId) continue;
    if (ref.targetType === "game") {
      const name = gameNames.get(ref.targetId);
      if (name !== undefined) result.set(keyOf(ref), { name, href: `/games/${ref.targetId}/${ref.env === "live" ? "live" : "test"}` });
      continue;
    }
    const group = `${ref.targetType}|${ref.gameId ?? ""}|${ref.env ?? ""}`;
    const entry = groups.get(group) ?? { type: ref.targetType, gameId: ref.gameId, env: ref.env, ids: new Set<string>() };
    entry.ids.add(ref.targetId);
    groups.set(group, entry);
  }
  for (const { type, gameId, env, ids } of groups.values()) {
    const list = [...ids];
    const put = (id: string, target: AuditTarget) => result.set(keyOf({ targetType: type, gameId, env, targetId: id }), target);
    const gameTarget = gameTargets[type];
    if (gameTarget) {
      const known = env === "test" || env === "live" ? env : null;
      if (!gameId || (!known && !gameTarget.shared)) continue;
      const base = `/games/${gameId}/${known ?? "test"}`;
      for (const found of await gameTarget.lookup(db, { gameId, env: known ?? "test" }, list)) put(found.id, { name: found.name, href: gameTarget.page(base, found.id) });
    } else {
      for (const [id, target] of await studioTarget(db, studioId, { type, ids: list })) put(id, target);
    }
  }
  return result;
}

/** The target of one entry from what `describeAuditTargets` found. */
export function targetOf(found: Map<string, AuditTarget>, ref: TargetRef): AuditTarget {
  return found.get(keyOf(ref)) ?? { name: null, href: null };
}
