import "server-only";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { balances, currencies } from "@/db/schema";
import { preparedQuery } from "@/server/db/prepared-query";
import type { GameScope } from "@/server/lib/scope";
import { toBalanceView, type BalanceView, type WalletView } from "./wallet-views";

/** One balance per active currency, zeros included. */
const activeBalances = preparedQuery((db) =>
  db
    .select({
      code: currencies.code,
      paid: sql<string | number>`coalesce(${balances.paid}, 0)`,
      bonus: sql<string | number>`coalesce(${balances.bonus}, 0)`,
    })
    .from(currencies)
    .leftJoin(
      balances,
      and(eq(balances.playerId, sql.placeholder("playerId")), eq(balances.currency, currencies.code), eq(balances.env, sql.placeholder("env"))),
    )
    .where(and(eq(currencies.gameId, sql.placeholder("gameId")), eq(currencies.env, sql.placeholder("env")), eq(currencies.status, "active")))
    .orderBy(asc(currencies.position), asc(currencies.code))
    .prepare("player_balances"),
);

export async function getBalances(db: Db, scope: GameScope, playerId: string): Promise<BalanceView[]> {
  const rows = await activeBalances(db).execute({ playerId, env: scope.env, gameId: scope.gameId });
  return rows.map((r) => toBalanceView(r.code, Number(r.paid), Number(r.bonus)));
}

export async function getWallet(db: Db, scope: GameScope, playerId: string): Promise<WalletView> {
  return { playerId, balances: await getBalances(db, scope, playerId) };
}
