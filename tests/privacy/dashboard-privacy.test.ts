import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { cleanup } from "@/server/jobs/cleanup";
import type { PlayerExport } from "@/server/players/privacy/privacy-schemas";
import { call, extRef, get, useDatabase } from "../harness";
import { ensurePlayer } from "../domain-helpers";
import { assertLedgerInvariants, playerRow } from "../order-helpers";
import { auditRowsOf, callerFor, expectCode, fieldErrorsOf, lastAudit, studioFixture, type StudioFixture } from "../dashboard/studio-staff";
import { auditIdsOf, insertAuditEntry } from "./privacy-helpers";

useDatabase();

const env = "test" as const;
let fx: StudioFixture;

beforeAll(async () => {
  fx = await studioFixture();
});

async function namedPlayer(name: string): Promise<{ id: string; ref: string }> {
  const ref = extRef("dash");
  const id = await ensurePlayer(fx.game, ref);
  const support = await callerFor(fx.staff.support);
  await support.players.updateProfile({ gameId: fx.gameId, env, playerId: id, displayName: name, country: "BE" });
  const admin = await callerFor(fx.staff.admin);
  await admin.players.adjust({ gameId: fx.gameId, env, playerId: id, currency: "coins", amount: 40, reason: "welcome" });
  return { id, ref };
}

describe("dashboard export and erasure", () => {
  it("exports the same document as the API, for admins and owners only", async () => {
    const { id, ref } = await namedPlayer("Dora Dashboard");
    const admin = await callerFor(fx.staff.admin);
    const exported = await admin.privacy.exportPlayer({ gameId: fx.gameId, env, playerId: id });
    expect(exported.filename).toMatch(new RegExp(`^player-${id}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
    const api = (await get<PlayerExport>(`/players/${ref}/export`, fx.game.secretKey)).body;
    expect({ ...exported.data, exportedAt: api.exportedAt }).toEqual(api);
    for (const role of ["viewer", "support", "developer"] as const) {
      await expectCode((await callerFor(fx.staff[role])).privacy.exportPlayer({ gameId: fx.gameId, env, playerId: id }), "FORBIDDEN");
    }
  });

  it("refuses support and developers; an admin's erasure is audited with the member and scrubs earlier entries", async () => {
    const { id, ref } = await namedPlayer("Eric Erasable");
    for (const role of ["viewer", "support", "developer"] as const) {
      await expectCode((await callerFor(fx.staff[role])).privacy.erasePlayer({ gameId: fx.gameId, env, playerId: id }), "FORBIDDEN");
    }
    expect((await playerRow(id)).displayName).toBe("Eric Erasable");

    const admin = await callerFor(fx.staff.admin);
    const erased = await admin.privacy.erasePlayer({ gameId: fx.gameId, env, playerId: id });
    expect(erased.player).toMatchObject({ id, externalId: `erased:${id}`, displayName: null, country: null, blocked: true });
    expect(erased.balancesZeroed.map((b) => [b.currency, b.paid, b.bonus])).toEqual([["coins", 0, 40]]);
    expect(erased.itemsZeroed).toEqual([]);

    const entry = await lastAudit(fx.studioId, "player.erase");
    expect(entry).toMatchObject({ staffId: fx.staff.admin.id, staffEmail: fx.staff.admin.email, targetId: id, gameId: fx.gameId, env });
    expect(entry.after).toMatchObject({ erasedAt: erased.erasedAt, balancesZeroed: erased.balancesZeroed, itemsZeroed: [] });
    // Support's earlier profile edit keeps who and when, not the name.
    const update = (await auditRowsOf(fx.studioId, "player.update")).find((row) => row.targetId === id);
    expect(update?.staffId).toBe(fx.staff.support.id);
    expect(update?.after).toMatchObject({ displayName: "[erased]", country: "[erased]" });
    expect(JSON.stringify([update?.before, update?.after])).not.toContain("Eric");

    // Not findable from the dashboard, and the same answer on a second erasure, by the owner this time.
    expect((await admin.players.search({ gameId: fx.gameId, env, query: "Eric" })).players).toEqual([]);
    const audits = (await auditRowsOf(fx.studioId, "player.erase")).length;
    const again = await (await callerFor(fx.staff.owner)).privacy.erasePlayer({ gameId: fx.gameId, env, playerId: id });
    expect(again).toEqual(erased);
    expect((await auditRowsOf(fx.studioId, "player.erase")).length).toBe(audits);
    expect((await call("GET", `/players/${ref}`, { key: fx.game.secretKey })).status).toBe(404);
    await assertLedgerInvariants(fx.game);
  });

  it("is NOT_FOUND for another studio's player", async () => {
    const other = await studioFixture();
    const stranger = await ensurePlayer(other.game, extRef("stranger"));
    await expectCode((await callerFor(fx.staff.owner)).privacy.erasePlayer({ gameId: other.gameId, env, playerId: stranger }), "NOT_FOUND");
    expect((await playerRow(stranger)).blocked).toBe(false);
  });
});

describe("audit-log retention", () => {
  it("is 730 days by default; only the owner changes it (30 to 3650), audited", async () => {
    const owner = await callerFor(fx.staff.owner);
    expect(await (await callerFor(fx.staff.viewer)).privacy.auditRetention()).toEqual({ days: 730 });
    await expectCode((await callerFor(fx.staff.admin)).privacy.setAuditRetention({ days: 365 }), "FORBIDDEN");
    const tooShort = await expectCode(owner.privacy.setAuditRetention({ days: 29 }), "BAD_REQUEST");
    expect(fieldErrorsOf(tooShort)).toEqual({ days: ["At least 30 days"] });
    const tooLong = await expectCode(owner.privacy.setAuditRetention({ days: 3651 }), "BAD_REQUEST");
    expect(fieldErrorsOf(tooLong)).toEqual({ days: ["At most 3650 days (10 years)"] });
    expect(await owner.privacy.setAuditRetention({ days: 30 })).toEqual({ days: 30 });
    expect(await owner.privacy.auditRetention()).toEqual({ days: 30 });
    const entry = await lastAudit(fx.studioId, "studio.audit_retention.change");
    expect(entry).toMatchObject({ staffId: fx.staff.owner.id, before: { auditRetentionDays: 730 }, after: { auditRetentionDays: 30 } });
  });

  it("the cleanup job deletes only entries older than each studio's own retention", async () => {
    const short = await studioFixture();
    const long = await studioFixture();
    await (await callerFor(short.staff.owner)).privacy.setAuditRetention({ days: 30 });
    await insertAuditEntry(short.studioId, 31);
    const shortRecent = await insertAuditEntry(short.studioId, 29);
    const longOld = await insertAuditEntry(long.studioId, 31);
    await insertAuditEntry(long.studioId, 731);
    const counts = await cleanup(await getDb());
    expect(counts.auditEntries).toBeGreaterThanOrEqual(2);
    expect(await auditIdsOf(short.studioId, "test.retention")).toEqual([shortRecent]);
    expect(await auditIdsOf(long.studioId, "test.retention")).toEqual([longOld]);
  });
});
