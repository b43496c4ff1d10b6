import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { staff, staffInvitations } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { acceptInvitation } from "@/server/auth/invitation-acceptance";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { useDatabase } from "../harness";
import { addStaff, auditRowsOf, callerFor, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
beforeEach(async () => {
  studio = await studioFixture();
  resetRateLimits();
});

const PASSWORD = "a long enough password";
const tokenOf = (link: string) => link.slice(link.lastIndexOf("/") + 1);
const accept = async (token: string, name = "Joiner") => acceptInvitation(await getDb(), { token, name, password: PASSWORD }, { clientIp: null });
const pending = async (id: string) => (await (await getDb()).select().from(staffInvitations).where(eq(staffInvitations.id, id))).length;

describe("invitations do not outlive their inviter", () => {
  it("removing an admin withdraws every invitation they sent, audited as done by the remover", async () => {
    const departing = await addStaff(studio.studioId, "admin", "Departing");
    const inviter = await callerFor(departing);
    const asAdmin = await inviter.members.invite({ email: `back-${Date.now()}@invitee.test`, role: "admin" });
    const asViewer = await inviter.members.invite({ email: `friend-${Date.now()}@invitee.test`, role: "viewer" });
    // Another admin's invitation is untouched.
    const others = await (await callerFor(studio.staff.admin)).members.invite({ email: `other-${Date.now()}@invitee.test`, role: "viewer" });

    await (await callerFor(studio.staff.owner)).members.remove({ staffId: departing.id });

    expect(await pending(asAdmin.invitation.id)).toBe(0);
    expect(await pending(asViewer.invitation.id)).toBe(0);
    expect(await pending(others.invitation.id)).toBe(1);
    await expect(accept(tokenOf(asAdmin.link))).rejects.toMatchObject({ code: "NOT_FOUND", status: 404 });
    const revocations = (await auditRowsOf(studio.studioId, "member.invitation.revoke")).filter((row) => row.targetId === asAdmin.invitation.id || row.targetId === asViewer.invitation.id);
    expect(revocations).toHaveLength(2);
    for (const row of revocations) expect(row).toMatchObject({ staffId: studio.staff.owner.id, targetType: "invitation", after: { reason: "inviter_removed" } });
  });

  it("demoting an admin to developer withdraws their invitations above developer and keeps the rest", async () => {
    const demoted = await addStaff(studio.studioId, "admin", "Demoted");
    const inviter = await callerFor(demoted);
    const asAdmin = await inviter.members.invite({ email: `adm-${Date.now()}@invitee.test`, role: "admin" });
    const asDeveloper = await inviter.members.invite({ email: `dev-${Date.now()}@invitee.test`, role: "developer" });

    await (await callerFor(studio.staff.owner)).members.changeRole({ staffId: demoted.id, role: "developer" });

    expect(await pending(asAdmin.invitation.id)).toBe(0);
    expect(await pending(asDeveloper.invitation.id)).toBe(1);
    const [row] = (await auditRowsOf(studio.studioId, "member.invitation.revoke")).filter((entry) => entry.targetId === asAdmin.invitation.id);
    expect(row).toMatchObject({ staffId: studio.staff.owner.id, before: { id: asAdmin.invitation.id, role: "admin" }, after: { reason: "inviter_demoted" } });
    const joined = await accept(tokenOf(asDeveloper.link), "Dev");
    expect(joined.role).toBe("developer");
  });

  it("acceptance refuses an invitation whose inviter no longer holds the invited role, withdraws it and tells the studio", async () => {
    const inviterMember = await addStaff(studio.studioId, "admin", "Inviter");
    const invited = await (await callerFor(inviterMember)).members.invite({ email: `late-${Date.now()}@invitee.test`, role: "admin" });
    // The inviter lost the role by a path that did not withdraw anything (a direct change, an older release).
    const db = await getDb();
    await db.update(staff).set({ role: "support" }).where(eq(staff.id, inviterMember.id));

    await expect(accept(tokenOf(invited.link))).rejects.toMatchObject({ code: "NOT_FOUND", status: 404 });
    expect(await pending(invited.invitation.id)).toBe(0);
    const [row] = (await auditRowsOf(studio.studioId, "member.invitation.revoke")).filter((entry) => entry.targetId === invited.invitation.id);
    expect(row).toMatchObject({ staffId: null, after: { reason: "inviter_no_longer_holds_role" } });
  });

  it("acceptance still works while the inviter holds the role", async () => {
    const invited = await (await callerFor(studio.staff.admin)).members.invite({ email: `ok-${Date.now()}@invitee.test`, role: "admin" });
    await expect(accept(tokenOf(invited.link), "Fine")).resolves.toMatchObject({ role: "admin", name: "Fine" });
  });
});
