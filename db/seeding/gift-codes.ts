import type { Db } from "../client";
import { giftCodes, type Environment } from "../schema";
import type { FixtureEnvironment } from "../fixture-schema";
import { newId } from "@/server/lib/ids";
import { normalizeGiftCode } from "@/server/lib/code-format";
import { upsertChanges } from "./sql";

/** Upserts by normalized code within the game and environment; the use count is never touched. */
export async function upsertGiftCodes(tx: Db, gameId: string, env: Environment, codes: FixtureEnvironment["giftCodes"], now: Date): Promise<void> {
  if (codes.length === 0) return;
  await tx
    .insert(giftCodes)
    .values(
      codes.map((c) => ({
        id: newId(),
        gameId,
        env,
        code: normalizeGiftCode(c.code),
        displayCode: c.code,
        maxUses: c.maxUses,
        expiresAt: c.expiresAt,
        disabled: c.disabled,
        grants: c.grants,
        items: c.items,
        createdAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [giftCodes.gameId, giftCodes.env, giftCodes.code],
      ...upsertChanges(giftCodes, ["displayCode", "maxUses", "expiresAt", "disabled", "grants", "items"]),
    });
}
