import type { Db } from "@/db/client";
import type { GameScope } from "@/server/lib/scope";

/**
 * Units of each pack taken by orders (delivered, paid or pending) in one environment.
 * Orders arrive with the sales capability; until then nothing is taken.
 */
export async function unitsTakenByPack(_db: Db, _scope: GameScope, _skus: string[]): Promise<Map<string, number>> {
  return new Map();
}
