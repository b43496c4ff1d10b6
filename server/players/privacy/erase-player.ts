import "server-only";
import { and, asc, desc, eq, gt, inArray, isNull, ne, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { auditLog, balances, emailCodes, games, idempotencyRecords, inventory, players, playerTokens } from "@/db/schema";
import { recordAudit, recordStudioEvent, type AuditEntry } from "@/server/audit/record-audit";
import type { StaffIdentity } from "@/server/auth/staff-identity";
import { clock } from "@/server/lib/clock";
import { AppError, notFound } from "@/server/lib/errors";
import type { GameScope } from "@/server/lib/scope";
import { sha256Hex } from "@/server/lib/secrets";
import { zeroBalance } from "@/server/wallet/ledger-moves";
import { toPlayerView, type PlayerRow } from "../player-view";
import { playerEmailCodesWhere } from "./player-email-codes";
import { ErasureRecordSchema, type ErasureRecord, type PlayerErasure } from "./privacy-schemas";
import { scrubPlayerAudit } from "./scrub-player-audit";
import { forgetCachedPlayerTokens } from "../authenticate-player-token";
import { whenCommitted } from "@/server/observability/after-commit";

export const ERASURE_AUDIT_ACTION = "player.erase";
/** The ledger reason of the entries that zero an erased player's balances. */
export const ERASURE_REASON = "erasure";

/**
 * What an external id becomes: unique per player (the unique index on game, environment and external id
 * holds), never a value the game sent, and it frees the old id, so a later write with it makes a new player.
 */
export function erasedExternalId(playerId: string): string {
  return `erased:${playerId}`;
}

/** Who erases: a member in the dashboard, or the game's backend with its secret key. */
export type ErasureActor = { kind: "staff"; staff: StaffIdentity } | { kind: "key"; keyId: string };

/** The player to erase, and who asks (named in the audit entry). */
export type ErasureRequest = { playerId: string; actor: ErasureActor };

async function lockPlayer(tx: Db, scope: GameScope, playerId: string): Promise<PlayerRow> {
  const rows = await tx
    .select()
    .from(players)
    .where(and(eq(players.id, playerId), eq(players.gameId, scope.gameId), eq(players.env, scope.env)))
    .for("update");
  const player = rows[0];
  if (!player) throw notFound("Player");
  return player;
}

async function studioOf(tx: Db, gameId: string): Promise<string> {
  const rows = await tx.select({ studioId: games.studioId }).from(games).where(eq(games.id, gameId)).limit(1);
  if (!rows[0]) throw new AppError("INTERNAL_ERROR", "The game has no studio.");
  return rows[0].studioId;
}

async function previousErasure(tx: Db, scope: GameScope, { studioId, playerId }: { studioId: string; playerId: string }): Promise<ErasureRecord | null> {
  const rows = await tx
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.studioId, studioId),
        eq(auditLog.action, ERASURE_AUDIT_ACTION),
        eq(auditLog.gameId, scope.gameId),
        eq(auditLog.env, scope.env),
        eq(auditLog.targetId, playerId),
      ),
    )
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  const parsed = ErasureRecordSchema.safeParse(rows[0]?.after);
  return parsed.success ? parsed.data : null;
}

/** The profile an erased player keeps: no name, address, birth year, country, secret or usable external id. */
function erasedProfile(player: PlayerRow) {
  return {
    externalId: player.kind === "external" ? erasedExternalId(player.id) : null,
    displayName: null,
    email: null,
    linkedEmail: null,
    birthYear: null,
    country: null,
    secretHash: null,
    blocked: true,
  };
}

function profileNeedsErasure(player: PlayerRow): boolean {
  const target = erasedProfile(player);
  return (Object.keys(target) as (keyof typeof target)[]).some((field) => player[field] !== target[field]);
}

/** Balances to zero, one ledger entry each, in currency order so a retry writes them in the same order. */
async function zeroBalances(tx: Db, scope: GameScope, playerId: string): Promise<ErasureRecord["balancesZeroed"]> {
  const open = await tx
    .select({ currency: balances.currency })
    .from(balances)
    .where(and(eq(balances.playerId, playerId), eq(balances.gameId, scope.gameId), eq(balances.env, scope.env), or(ne(balances.paid, 0), ne(balances.bonus, 0))))
    .orderBy(asc(balances.currency));
  const zeroed: ErasureRecord["balancesZeroed"] = [];
  for (const { currency } of open) {
    const movement = await zeroBalance(tx, scope, { playerId, currency, details: { type: "adjustment", reason: ERASURE_REASON } });
    // 0 - delta, not -delta: an untouched bucket must read 0, not -0 (superjson keeps the sign).
    if (movement) zeroed.push({ currency, paid: 0 - movement.entry.paidDelta, bonus: 0 - movement.entry.bonusDelta, ledgerEntryId: movement.entry.id });
  }
  return zeroed;
}

async function zeroInventory(tx: Db, scope: GameScope, { playerId, now }: { playerId: string; now: Date }): Promise<ErasureRecord["itemsZeroed"]> {
  const mine = and(eq(inventory.playerId, playerId), eq(inventory.gameId, scope.gameId), eq(inventory.env, scope.env), gt(inventory.quantity, 0));
  const owned = await tx.select({ sku: inventory.sku, quantity: inventory.quantity }).from(inventory).where(mine).orderBy(asc(inventory.sku)).for("update");
  if (owned.length > 0) await tx.update(inventory).set({ quantity: 0, updatedAt: now }).where(mine);
  return owned;
}

/**
 * Idempotency records answered to the player (client calls) or to its sign-in address: a replayed answer
 * could show its name again. The key can then no longer be replayed; the player is blocked anyway.
 */
async function forgetStoredAnswers(tx: Db, scope: GameScope, player: PlayerRow): Promise<number> {
  const addresses = [player.email, player.linkedEmail].filter((a): a is string => a !== null);
  const principals = [player.id, ...addresses.map((a) => `client:email:${sha256Hex(a)}`)];
  const gone = await tx
    .delete(idempotencyRecords)
    .where(and(eq(idempotencyRecords.gameId, scope.gameId), eq(idempotencyRecords.env, scope.env), inArray(idempotencyRecords.principal, principals)))
    .returning({ key: idempotencyRecords.key });
  return gone.length;
}

/**
 * Erases a player's personal data for good (GDPR), in one transaction: the profile is emptied and the
 * external id replaced by a tombstone, tokens are revoked and the secret removed, the player is blocked,
 * balances are zeroed by ledger entries and items by quantity 0, e-mail codes and stored answers naming
 * the player are deleted, and earlier audit entries lose the player's name. Orders, with their VAT
 * country and amounts, stay (tax records), as do gift-code redemptions (they hold no personal data).
 *
 * Idempotent: when nothing is left to erase, a repeated call writes nothing and answers the first
 * erasure's summary, read back from its audit entry.
 */
export async function erasePlayer(db: Db, scope: GameScope, request: ErasureRequest): Promise<PlayerErasure> {
  return eraseInTransaction(db, scope, request);
}

function eraseInTransaction(db: Db, scope: GameScope, { playerId, actor }: ErasureRequest): Promise<PlayerErasure> {
  return db.transaction(async (tx) => {
    const before = await lockPlayer(tx, scope, playerId.toLowerCase());
    const studioId = await studioOf(tx, scope.gameId);
    const now = clock.now();

    const profileChanged = profileNeedsErasure(before);
    const after = profileChanged
      ? ((await tx.update(players).set({ ...erasedProfile(before), updatedAt: now }).where(eq(players.id, before.id)).returning())[0] ?? before)
      : before;
    const revoked = await tx
      .update(playerTokens)
      .set({ revokedAt: now })
      .where(and(eq(playerTokens.playerId, before.id), isNull(playerTokens.revokedAt), gt(playerTokens.expiresAt, now)))
      .returning({ hash: playerTokens.tokenHash });
    forgetCachedPlayerTokens();
    // Again after the commit (the caller's, when it passes a transaction): a token read between the
    // revocation and the commit may have been cached.
    whenCommitted(forgetCachedPlayerTokens);
    const balancesZeroed = await zeroBalances(tx, scope, before.id);
    const itemsZeroed = await zeroInventory(tx, scope, { playerId: before.id, now });
    const codes = await tx.delete(emailCodes).where(playerEmailCodesWhere(scope, before)).returning({ id: emailCodes.id });
    const answers = await forgetStoredAnswers(tx, scope, before);
    const scrubbed = await scrubPlayerAudit(tx, studioId, before.id);

    const changed =
      profileChanged || revoked.length + balancesZeroed.length + itemsZeroed.length + codes.length + answers + scrubbed > 0;
    const previous = await previousErasure(tx, scope, { studioId, playerId: before.id });
    if (!changed && previous) return { player: toPlayerView(after), ...previous };

    const record: ErasureRecord = { erasedAt: now.toISOString(), balancesZeroed, itemsZeroed };
    // No personal data in the entry: the erasure must not copy what it removes into the audit log.
    const entry: AuditEntry = {
      action: ERASURE_AUDIT_ACTION,
      gameId: scope.gameId,
      env: scope.env,
      targetType: "player",
      targetId: before.id,
      before: { kind: before.kind, blocked: before.blocked },
      after: { ...record, tokensRevoked: revoked.length, emailCodesDeleted: codes.length, ...(actor.kind === "key" ? { apiKeyId: actor.keyId } : {}) },
    };
    if (actor.kind === "staff") await recordAudit(tx, actor.staff, entry);
    else await recordStudioEvent(tx, studioId, entry);
    return { player: toPlayerView(after), ...record };
  });
}
