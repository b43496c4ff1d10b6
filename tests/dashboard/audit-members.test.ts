import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { staffRoles } from "@/db/schema";
import { findInvitation } from "@/server/auth/members";
import { findStaff } from "@/server/auth/staff-sign-in";
import { startSmtpCapture } from "../email/smtp-capture";
import { useDatabase } from "../harness";
import { addStaff, auditRowsOf, callerFor, expectCode, lastAudit, rolesSplitAt, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
let other: StudioFixture;

beforeAll(async () => {
  studio = await studioFixture();
  other = await studioFixture();
});

const email = (label: string) => `${label}-${Math.random().toString(36).slice(2)}@invitee.test`;
const tokenOf = (link: string) => link.slice(link.lastIndexOf("/") + 1);

async function waitFor<T>(read: () => T | undefined, ms = 5_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe("members: who may do what", () => {
  const { allowed, refused } = rolesSplitAt("admin");

  it.each(allowed)("%s may invite, revoke, change a role and remove a member", async (role) => {
    const caller = await callerFor(studio.staff[role]);
    const invited = await caller.members.invite({ email: email(role), role: "developer" });
    await expect(caller.members.revokeInvitation({ invitationId: invited.invitation.id })).resolves.toMatchObject({ id: invited.invitation.id });
    const target = await addStaff(studio.studioId, "viewer");
    await expect(caller.members.changeRole({ staffId: target.id, role: "support" })).resolves.toMatchObject({ after: { role: "support" } });
    await expect(caller.members.remove({ staffId: target.id })).resolves.toMatchObject({ id: target.id, role: "support" });
  });

  it.each(refused)("%s may list members but not manage them", async (role) => {
    const invited = await (await callerFor(studio.staff.admin)).members.invite({ email: email("refused"), role: "viewer" });
    const target = await addStaff(studio.studioId, "viewer");
    const caller = await callerFor(studio.staff[role]);
    await expectCode(caller.members.invite({ email: email(role), role: "viewer" }), "FORBIDDEN");
    await expectCode(caller.members.revokeInvitation({ invitationId: invited.invitation.id }), "FORBIDDEN");
    await expectCode(caller.members.changeRole({ staffId: target.id, role: "viewer" }), "FORBIDDEN");
    await expectCode(caller.members.remove({ staffId: target.id }), "FORBIDDEN");
    const listed = await caller.members.list();
    expect(listed.members.map((m) => m.id)).toContain(target.id);
    expect(listed.invitations.map((i) => i.id)).toContain(invited.invitation.id);
  });

  it("never lets anyone grant a role above their own, nor change their own role", async () => {
    const admin = await callerFor(studio.staff.admin);
    await expectCode(admin.members.invite({ email: email("owner"), role: "owner" }), "FORBIDDEN");
    const target = await addStaff(studio.studioId, "developer");
    await expectCode(admin.members.changeRole({ staffId: target.id, role: "owner" }), "FORBIDDEN");
    await expectCode(admin.members.changeRole({ staffId: studio.staff.owner.id, role: "viewer" }), "FORBIDDEN");
    await expectCode(admin.members.changeRole({ staffId: studio.staff.admin.id, role: "viewer" }), "FORBIDDEN");
    await expectCode((await callerFor(studio.staff.owner)).members.changeRole({ staffId: studio.staff.owner.id, role: "admin" }), "FORBIDDEN");
    // An equal may be changed: an admin demotes another admin.
    const peer = await addStaff(studio.studioId, "admin");
    await expect(admin.members.changeRole({ staffId: peer.id, role: "developer" })).resolves.toMatchObject({ before: { role: "admin" }, after: { role: "developer" } });
    const entry = await lastAudit(studio.studioId, "member.role.change");
    expect(entry).toMatchObject({ staffId: studio.staff.admin.id, targetType: "staff", targetId: peer.id, before: { role: "admin" }, after: { role: "developer" } });
  });

  it("never removes yourself, someone above you, or another studio's member", async () => {
    const admin = await callerFor(studio.staff.admin);
    await expectCode(admin.members.remove({ staffId: studio.staff.admin.id }), "FORBIDDEN");
    await expectCode(admin.members.remove({ staffId: studio.staff.owner.id }), "FORBIDDEN");
    await expectCode((await callerFor(studio.staff.owner)).members.remove({ staffId: studio.staff.owner.id }), "FORBIDDEN");
    await expectCode(admin.members.remove({ staffId: other.staff.viewer.id }), "NOT_FOUND");
    expect(await findStaff(await getDb(), studio.staff.owner.id)).not.toBeNull();

    const peer = await addStaff(studio.studioId, "admin", "Peer Admin");
    await admin.members.remove({ staffId: peer.id });
    // Sessions read the member fresh, so a removed member is signed out at once.
    expect(await findStaff(await getDb(), peer.id)).toBeNull();
    const entry = await lastAudit(studio.studioId, "member.remove");
    expect(entry).toMatchObject({ targetId: peer.id, before: { email: peer.email, role: "admin" }, after: null });
  });

  it("revokes only pending invitations of your studio, up to your own role", async () => {
    const owner = await callerFor(studio.staff.owner);
    const admin = await callerFor(studio.staff.admin);
    const forOwner = await owner.members.invite({ email: email("next-owner"), role: "owner" });
    await expectCode(admin.members.revokeInvitation({ invitationId: forOwner.invitation.id }), "FORBIDDEN");
    await expectCode((await callerFor(other.staff.owner)).members.revokeInvitation({ invitationId: forOwner.invitation.id }), "NOT_FOUND");
    await owner.members.revokeInvitation({ invitationId: forOwner.invitation.id });
    expect(await findInvitation(await getDb(), tokenOf(forOwner.link))).toBeNull();
    expect((await owner.members.list()).invitations.map((i) => i.id)).not.toContain(forOwner.invitation.id);
    await expectCode(owner.members.revokeInvitation({ invitationId: forOwner.invitation.id }), "NOT_FOUND");
    expect(await lastAudit(studio.studioId, "member.invitation.revoke")).toMatchObject({ targetId: forOwner.invitation.id, before: { role: "owner" }, after: null });
  });
});

describe("members: invitations", () => {
  it("shows the link once, stores only its hash and keeps the token out of the audit log", async () => {
    const address = email("shown");
    const invited = await (await callerFor(studio.staff.admin)).members.invite({ email: address.toUpperCase(), role: "support" });
    expect(invited).toMatchObject({ mailed: false, invitation: { email: address, role: "support" } });
    expect(invited.link).toMatch(/^http:\/\/localhost:3000\/invite\/inv_/);
    const token = tokenOf(invited.link);
    expect(await findInvitation(await getDb(), token)).toMatchObject({ email: address, role: "support" });
    expect(JSON.stringify(await studioCallerList())).not.toContain(token);
    const entry = await lastAudit(studio.studioId, "member.invite");
    expect(entry).toMatchObject({ targetType: "invitation", targetId: invited.invitation.id, after: { email: address, role: "support" } });
    expect(JSON.stringify(entry)).not.toContain(token);
  });

  it("mails the link after the commit when SMTP_URL is set", async () => {
    const smtp = await startSmtpCapture();
    try {
      const address = email("mailed");
      const invited = await (await callerFor(studio.staff.owner)).members.invite({ email: address, role: "developer" });
      expect(invited.mailed).toBe(true);
      const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes(address)));
      expect(mail.subject).toMatch(/^Join Studio .+ on Gamecoin$/);
      expect(mail.text).toContain(invited.link);
      expect(mail.text).toContain("as developer");
      expect(mail.html).toContain(invited.link);
      // A refused invitation mails nothing.
      await expectCode((await callerFor(studio.staff.owner)).members.invite({ email: studio.staff.viewer.email, role: "viewer" }), "BAD_REQUEST");
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(smtp.messages.filter((m) => m.to.includes(studio.staff.viewer.email))).toEqual([]);
    } finally {
      await smtp.close();
    }
  });
});

async function studioCallerList() {
  return (await callerFor(studio.staff.viewer)).members.list();
}

describe("audit log", () => {
  let audited: StudioFixture;

  beforeAll(async () => {
    audited = await studioFixture();
    const developer = await callerFor(audited.staff.developer);
    const support = await callerFor(audited.staff.support);
    await developer.games.setOrigins({ gameId: audited.gameId, env: "live", origins: ["https://play.example.com"] });
    const [code] = (await support.giftCodes.issue({ gameId: audited.gameId, env: "test", label: "Audit", count: 1, maxUses: 1, grants: [{ currency: "coins", amount: 5 }] })).codes;
    await support.giftCodes.disable({ gameId: audited.gameId, env: "test", codeId: code!.id });
    await (await callerFor(audited.staff.admin)).members.invite({ email: email("audit"), role: "viewer" });
  });

  it.each(staffRoles)("%s may read the studio's log, newest first, with names", async (role) => {
    const log = await (await callerFor(audited.staff[role])).audit.list({});
    expect(log.entries.map((e) => e.action)).toEqual(["member.invite", "gift_code.disable", "gift_codes.issue", "game.origins.update"]);
    expect(log.entries[3]).toMatchObject({
      staffId: audited.staff.developer.id,
      staffEmail: audited.staff.developer.email,
      staffName: "developer",
      gameId: audited.gameId,
      gameName: expect.stringMatching(/^Game /),
      env: "live",
      targetType: "game",
      before: [],
      after: ["https://play.example.com"],
    });
    expect(log.entries[1]).toMatchObject({ before: { disabled: false }, after: { disabled: true } });
    expect(log.entries[0]).toMatchObject({ gameId: null, gameName: null, env: null });
  });

  it("refuses anonymous callers and never shows another studio's entries", async () => {
    await expectCode((await callerFor(null)).audit.list({}), "UNAUTHORIZED");
    const theirs = await (await callerFor(other.staff.owner)).audit.list({ limit: 100 });
    expect(theirs.entries.some((e) => e.gameId === audited.gameId)).toBe(false);
    expect((await (await callerFor(other.staff.owner)).audit.list({ gameId: audited.gameId })).entries).toEqual([]);
  });

  it("filters by game, action and person, and pages with a cursor", async () => {
    const viewer = await callerFor(audited.staff.viewer);
    expect((await viewer.audit.list({ gameId: audited.gameId })).entries).toHaveLength(3);
    expect((await viewer.audit.list({ action: "gift_codes.issue" })).entries.map((e) => e.action)).toEqual(["gift_codes.issue"]);
    expect((await viewer.audit.list({ staffId: audited.staff.support.id })).entries.map((e) => e.action)).toEqual(["gift_code.disable", "gift_codes.issue"]);
    const first = await viewer.audit.list({ limit: 3 });
    expect(first.entries).toHaveLength(3);
    const second = await viewer.audit.list({ limit: 3, cursor: first.nextCursor ?? undefined });
    expect(second).toMatchObject({ entries: [{ action: "game.origins.update" }], nextCursor: null });
    await expectCode(viewer.audit.list({ limit: 101 }), "BAD_REQUEST");
    await expectCode(viewer.audit.list({ cursor: "nonsense" }), "BAD_REQUEST");
  });

  it("offers the actions and people of the log as filters, and keeps a removed member's e-mail", async () => {
    const leaving = await addStaff(audited.studioId, "developer", "Leaving Dev");
    await (await callerFor(leaving)).webhooks.create({ gameId: audited.gameId, env: "test", url: "http://127.0.0.1:9/hook", events: ["order.fulfilled"] });
    await (await callerFor(audited.staff.owner)).members.remove({ staffId: leaving.id });
    const viewer = await callerFor(audited.staff.viewer);
    const filters = await viewer.audit.filters();
    expect(filters.actions).toEqual(["game.origins.update", "gift_code.disable", "gift_codes.issue", "member.invite", "member.remove", "webhook.endpoint.create"]);
    expect(filters.staff.map((s) => s.id).sort()).toEqual([audited.staff.admin.id, audited.staff.developer.id, audited.staff.owner.id, audited.staff.support.id, leaving.id].sort());
    const [created] = (await viewer.audit.list({ staffId: leaving.id })).entries;
    expect(created).toMatchObject({ action: "webhook.endpoint.create", staffEmail: leaving.email, staffName: null });
    expect(await auditRowsOf(audited.studioId, "member.remove")).toHaveLength(1);
  });
});
