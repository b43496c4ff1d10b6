import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/server/db/connection";
import { recordAudit } from "@/server/audit/record-audit";
import { acceptInvitation } from "@/server/auth/invitation-acceptance";
import { clock } from "@/server/lib/clock";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { useDatabase } from "../harness";
import { auditRowsOf, callerFor, expectCode, fieldErrorsOf, lastAudit, rolesSplitAt, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
let other: StudioFixture;

beforeAll(async () => {
  [studio, other] = await Promise.all([studioFixture(), studioFixture()]);
});

afterEach(() => clock.reset());

describe("the studio's time zone", () => {
  it("is UTC until set, and admins and owners set it; the name is stored as Intl spells it", async () => {
    const viewer = await callerFor(studio.staff.viewer);
    expect((await viewer.studio.get()).timeZone).toBe("UTC");
    const admin = await callerFor(studio.staff.admin);
    await expect(admin.studio.setTimeZone({ timeZone: "europe/paris" })).resolves.toMatchObject({ id: studio.studioId, timeZone: "Europe/Paris" });
    expect((await viewer.studio.get()).timeZone).toBe("Europe/Paris");
    const owner = await callerFor(studio.staff.owner);
    await expect(owner.studio.setTimeZone({ timeZone: " America/New_York " })).resolves.toMatchObject({ timeZone: "America/New_York" });
    // Another studio is untouched.
    expect((await (await callerFor(other.staff.viewer)).studio.get()).timeZone).toBe("UTC");
  });

  it("is audited with the zone before and after, under the member who set it", async () => {
    const admin = await callerFor(studio.staff.admin);
    await admin.studio.setTimeZone({ timeZone: "Asia/Tokyo" });
    await admin.studio.setTimeZone({ timeZone: "Europe/Berlin" });
    const entry = await lastAudit(studio.studioId, "studio.time_zone.change");
    expect(entry).toMatchObject({
      staffId: studio.staff.admin.id,
      staffEmail: studio.staff.admin.email,
      targetType: "studio",
      targetId: studio.studioId,
      gameId: null,
      env: null,
      before: { timeZone: "Asia/Tokyo" },
      after: { timeZone: "Europe/Berlin" },
    });
  });

  it.each(["Mars/Olympus", "+02:00", "UTC+2", "", "Europe/Paris; drop table", "x".repeat(65)])("refuses %j with a field error and changes nothing", async (timeZone) => {
    const admin = await callerFor(studio.staff.admin);
    await admin.studio.setTimeZone({ timeZone: "Europe/Madrid" });
    const before = (await auditRowsOf(studio.studioId, "studio.time_zone.change")).length;
    const error = await expectCode(admin.studio.setTimeZone({ timeZone }), "BAD_REQUEST");
    expect(Object.keys(fieldErrorsOf(error) ?? {})).toEqual(["timeZone"]);
    expect((await admin.studio.get()).timeZone).toBe("Europe/Madrid");
    expect((await auditRowsOf(studio.studioId, "studio.time_zone.change")).length).toBe(before);
  });

  it.each(rolesSplitAt("admin").refused)("is refused to %s", async (role) => {
    await expectCode((await callerFor(studio.staff[role])).studio.setTimeZone({ timeZone: "Europe/Rome" }), "FORBIDDEN");
  });
});

describe("renaming and archiving games", () => {
  it("renames a game (slug unchanged), audited with the names", async () => {
    const admin = await callerFor(studio.staff.admin);
    const game = await admin.games.create({ name: "Old name", slug: `rename-${Date.now()}` });
    const renamed = await admin.games.rename({ gameId: game.id, name: "  New name  " });
    expect(renamed).toMatchObject({ id: game.id, name: "New name", slug: game.slug, archivedAt: null });
    const entry = await lastAudit(studio.studioId, "game.rename");
    expect(entry).toMatchObject({
      staffId: studio.staff.admin.id,
      gameId: game.id,
      targetType: "game",
      targetId: game.id,
      before: { name: "Old name", archivedAt: null },
      after: { name: "New name", archivedAt: null },
    });
  });

  it("refuses an empty or too long name with a field error", async () => {
    const admin = await callerFor(studio.staff.admin);
    for (const name of ["   ", "n".repeat(81)]) {
      const error = await expectCode(admin.games.rename({ gameId: studio.gameId, name }), "BAD_REQUEST");
      expect(Object.keys(fieldErrorsOf(error) ?? {})).toEqual(["name"]);
    }
  });

  it("archives a game: it leaves the list, stays readable, is listed with includeArchived, and comes back when unarchived", async () => {
    const owner = await callerFor(studio.staff.owner);
    const viewer = await callerFor(studio.staff.viewer);
    const game = await owner.games.create({ name: "Zz archive me", slug: `archive-${Date.now()}` });
    clock.freeze(new Date("2026-11-20T10:00:00.000Z"));
    const archived = await owner.games.archive({ gameId: game.id });
    expect(archived.archivedAt).toBe("2026-11-20T10:00:00.000Z");
    expect((await viewer.games.list()).map((g) => g.id)).not.toContain(game.id);
    expect((await viewer.games.list({ includeArchived: false })).map((g) => g.id)).not.toContain(game.id);
    expect((await viewer.games.list({ includeArchived: true })).find((g) => g.id === game.id)).toMatchObject({ name: "Zz archive me", archivedAt: "2026-11-20T10:00:00.000Z" });
    expect((await viewer.games.get({ gameId: game.id })).archivedAt).toBe("2026-11-20T10:00:00.000Z");
    expect(await lastAudit(studio.studioId, "game.archive")).toMatchObject({
      staffId: studio.staff.owner.id,
      gameId: game.id,
      before: { archivedAt: null },
      after: { archivedAt: "2026-11-20T10:00:00.000Z" },
    });
    await expectCode(owner.games.archive({ gameId: game.id }), "CONFLICT");

    await expect(owner.games.unarchive({ gameId: game.id })).resolves.toMatchObject({ archivedAt: null });
    expect((await viewer.games.list()).map((g) => g.id)).toContain(game.id);
    expect(await lastAudit(studio.studioId, "game.unarchive")).toMatchObject({ before: { archivedAt: "2026-11-20T10:00:00.000Z" }, after: { archivedAt: null } });
    await expectCode(owner.games.unarchive({ gameId: game.id }), "CONFLICT");
  });

  it.each(rolesSplitAt("admin").refused)("refuses rename, archive and unarchive to %s", async (role) => {
    const caller = await callerFor(studio.staff[role]);
    await expectCode(caller.games.rename({ gameId: studio.gameId, name: "Nope" }), "FORBIDDEN");
    await expectCode(caller.games.archive({ gameId: studio.gameId }), "FORBIDDEN");
    await expectCode(caller.games.unarchive({ gameId: studio.gameId }), "FORBIDDEN");
  });

  it("cannot touch another studio's game", async () => {
    const stranger = await callerFor(other.staff.owner);
    await expectCode(stranger.games.rename({ gameId: studio.gameId, name: "Mine" }), "NOT_FOUND");
    await expectCode(stranger.games.archive({ gameId: studio.gameId }), "NOT_FOUND");
  });
});

describe("the audit CSV export", () => {
  let csvStudio: StudioFixture;

  beforeAll(async () => {
    csvStudio = await studioFixture();
    const db = await getDb();
    const at = async (iso: string, n: number) => {
      clock.freeze(new Date(iso));
      await recordAudit(db, csvStudio.staff.owner, { action: "test.csv", targetType: "thing", targetId: `t${n}`, before: n === 2 ? { a: 1 } : undefined, after: { n, note: 'say "hi", =1+1' } });
    };
    // Europe/Paris: CET (UTC+1) on 10 March, CEST (UTC+2) from 29 March 03:00.
    await at("2026-03-09T22:59:59.000Z", 1); // 9 March 23:59:59 in Paris
    await at("2026-03-09T23:00:00.000Z", 2); // 10 March 00:00:00
    await at("2026-03-10T22:59:59.000Z", 3); // 10 March 23:59:59
    await at("2026-03-10T23:00:00.000Z", 4); // 11 March 00:00:00
    await at("2026-03-29T21:59:59.000Z", 5); // 29 March 23:59:59 CEST
    await at("2026-03-29T22:00:00.000Z", 6); // 30 March 00:00:00 CEST
    clock.reset();
    await (await callerFor(csvStudio.staff.owner)).studio.setTimeZone({ timeZone: "Europe/Paris" });
  });

  const header =
    "created_at,created_at_studio_time,time_zone,staff_email,staff_name,action,game_id,game_name,env,target_type,target_id,before,after\r\n";
  const line = (n: number, utc: string, local: string, before: string) =>
    `${utc},${local},Europe/Paris,${csvStudio.staff.owner.email},owner,test.csv,,,,thing,t${n},${before},"{""n"":${n},""note"":""say \\""hi\\"", =1+1""}"\r\n`;

  it("exports whole days of the studio's zone, both included, newest first, exactly", async () => {
    const viewer = await callerFor(csvStudio.staff.viewer);
    const file = await viewer.audit.csv({ from: "2026-03-10", to: "2026-03-10", action: "test.csv" });
    expect(file.filename).toBe("audit-log-2026-03-10-to-2026-03-10.csv");
    expect(file.rows).toBe(2);
    expect(file.csv).toBe(
      header +
        line(3, "2026-03-10T22:59:59.000Z", "2026-03-10 23:59:59", "") +
        line(2, "2026-03-09T23:00:00.000Z", "2026-03-10 00:00:00", '"{""a"":1}"'),
    );
  });

  it("reads the end of a day across the daylight-saving change", async () => {
    const file = await (await callerFor(csvStudio.staff.viewer)).audit.csv({ from: "2026-03-11", to: "2026-03-29", action: "test.csv" });
    expect(file.csv).toBe(
      header + line(5, "2026-03-29T21:59:59.000Z", "2026-03-29 23:59:59", "") + line(4, "2026-03-10T23:00:00.000Z", "2026-03-11 00:00:00", ""),
    );
  });

  it("applies the same day range to the list", async () => {
    const page = await (await callerFor(csvStudio.staff.viewer)).audit.list({ limit: 50, from: "2026-03-10", to: "2026-03-10", action: "test.csv" });
    expect(page.entries.map((e) => e.targetId)).toEqual(["t3", "t2"]);
  });

  it("is an empty file with its header when nothing matches, and never shows another studio's entries", async () => {
    const file = await (await callerFor(other.staff.owner)).audit.csv({ from: "2026-03-01", to: "2026-03-31", action: "test.csv" });
    expect(file).toEqual({ filename: "audit-log-2026-03-01-to-2026-03-31.csv", csv: header, rows: 0 });
  });

  it("refuses a reversed range, an impossible day and a malformed one, with field errors", async () => {
    const viewer = await callerFor(csvStudio.staff.viewer);
    const reversed = await expectCode(viewer.audit.csv({ from: "2026-03-11", to: "2026-03-10" }), "BAD_REQUEST");
    expect(fieldErrorsOf(reversed)).toEqual({ to: ["Must be on or after the start day"] });
    const impossible = await expectCode(viewer.audit.csv({ from: "2026-02-30", to: "2026-03-10" }), "BAD_REQUEST");
    expect(fieldErrorsOf(impossible)).toEqual({ from: ["Not a calendar day"] });
    const malformed = await expectCode(viewer.audit.csv({ from: "10/03/2026", to: "2026-03-10" }), "BAD_REQUEST");
    expect(Object.keys(fieldErrorsOf(malformed) ?? {})).toEqual(["from"]);
  });

  it("needs a session", async () => {
    await expectCode((await callerFor(null)).audit.csv({ from: "2026-03-10", to: "2026-03-10" }), "UNAUTHORIZED");
  });
});

describe("invitation acceptance", () => {
  it("is audited: the new member is the actor, the entry names the invitation, role and inviter", async () => {
    const admin = await callerFor(studio.staff.admin);
    const address = `joiner-${Date.now()}@invitee.test`;
    const invited = await admin.members.invite({ email: address, role: "support" });
    const token = invited.link.slice(invited.link.lastIndexOf("/") + 1);
    const member = await acceptInvitation(await getDb(), { token, name: "Joiner", password: "a long enough password" }, { clientIp: null });
    const entry = await lastAudit(studio.studioId, "member.invitation.accept");
    expect(entry).toMatchObject({
      staffId: member.id,
      staffEmail: address,
      targetType: "staff",
      targetId: member.id,
      before: null,
      after: { invitationId: invited.invitation.id, email: address, name: "Joiner", role: "support", invitedBy: studio.staff.admin.id },
    });
    // No password or token reaches the log.
    expect(JSON.stringify(entry.after)).not.toContain("a long enough password");
    expect(JSON.stringify(entry.after)).not.toContain(token);
  });
});

describe("a locked invitation link", () => {
  it("goes to the inviting studio's audit log, without an actor, once", async () => {
    resetRateLimits();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const admin = await callerFor(studio.staff.admin);
      const address = `used-${Date.now()}@invitee.test`;
      const invited = await admin.members.invite({ email: address, role: "viewer" });
      const token = invited.link.slice(invited.link.lastIndexOf("/") + 1);
      await acceptInvitation(await getDb(), { token, name: "Used", password: "a long enough password" }, { clientIp: null });
      const before = (await auditRowsOf(studio.studioId, "member.invitation.locked")).length;
      // The used link tried again and again: the 10th failure locks it.
      for (let i = 0; i < 10; i += 1) {
        await acceptInvitation(await getDb(), { token, name: "Again", password: "a long enough password" }, { clientIp: null }).catch(() => undefined);
      }
      const rows = await auditRowsOf(studio.studioId, "member.invitation.locked");
      expect(rows.length).toBe(before + 1);
      expect(rows[0]).toMatchObject({
        staffId: null,
        staffEmail: null,
        targetType: "invitation",
        targetId: invited.invitation.id,
        after: { email: address, failures: 10, windowMinutes: 15, fromIp: null },
      });
    } finally {
      warn.mockRestore();
      resetRateLimits();
    }
  });
});
