import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { orders, packs, webhookEndpoints, type PaymentProviderName } from "@/db/schema";
import { listApiKeys } from "@/server/keys/manage-keys";
import { clock } from "@/server/lib/clock";
import { paymentProviderNameFor } from "@/server/payments/provider-for";
import type { GameScope } from "@/server/lib/scope";
import { dailyRevenue, type RevenueDay } from "./daily-revenue";
import type { MoneyLine } from "./money-movements";
import { lastDays } from "./period";

export const OVERVIEW_DAYS = 30;

export type Overview = {
  today: RevenueDay;
  last30Days: MoneyLine;
  days: RevenueDay[];
  /** What "getting started" needs to know: keys, something to sell, an endpoint, any order at all. */
  activeKeys: { secret: number; publishable: number };
  activePacks: number;
  activeWebhookEndpoints: number;
  ordersEver: number;
  pendingOrders: number;
  /** The provider in use; live without one cannot sell paid packs, and the page says how to connect one. */
  paymentProvider: PaymentProviderName;
};

/**
 * The environment's front page: today and the last 30 UTC days (today included), from the same
 * daily report as the revenue page so the two pages can never disagree.
 */
export async function getOverview(db: Db, scope: GameScope): Promise<Overview> {
  const report = await dailyRevenue(db, scope, lastDays(clock.now(), OVERVIEW_DAYS));
  const keys = (await listApiKeys(db, scope)).filter((k) => k.revokedAt === null);
  const counts = await db
    .select({
      ever: sql<string>`count(*)::text`,
      pending: sql<string>`count(*) filter (where ${orders.status} = 'pending')::text`,
    })
    .from(orders)
    .where(and(eq(orders.gameId, scope.gameId), eq(orders.env, scope.env)));
  // Read-only counts of the catalog's and the webhooks' tables (their domains own every write).
  const [packCount, endpointCount] = await Promise.all([
    db.select({ n: sql<string>`count(*)::text` }).from(packs).where(and(eq(packs.gameId, scope.gameId), eq(packs.env, scope.env), eq(packs.status, "active"))),
    db
      .select({ n: sql<string>`count(*)::text` })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.gameId, scope.gameId), eq(webhookEndpoints.env, scope.env), eq(webhookEndpoints.active, true))),
  ]);
  const today = report.days[report.days.length - 1];
  if (!today) throw new Error("A report of 30 days has days.");
  return {
    today,
    last30Days: report.totals,
    days: report.days,
    activeKeys: { secret: keys.filter((k) => k.kind === "secret").length, publishable: keys.filter((k) => k.kind === "publishable").length },
    activePacks: Number(packCount[0]?.n ?? 0),
    activeWebhookEndpoints: Number(endpointCount[0]?.n ?? 0),
    ordersEver: Number(counts[0]?.ever ?? 0),
    pendingOrders: Number(counts[0]?.pending ?? 0),
    paymentProvider: await paymentProviderNameFor(db, scope),
  };
}
