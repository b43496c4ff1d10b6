import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { staff, staffPasswordResets } from "@/db/schema";
import { lockedForSeconds } from "@/server/auth/attempt-limits";
import { completePasswordReset, openPasswordReset, PASSWORD_RESET_COMPLETED_ACTION, ResetPasswordInput } from "@/server/auth/password-reset";
import { PASSWORD_RESET_REQUESTED_ACTION, requestPasswordReset, RequestPasswordResetInput } from "@/server/auth/password-reset-request";
import type { StaffIdentity } from "@/server/auth/staff-identity";
import { findSessionStaff } from "@/server/auth/staff-sign-in";
import { cleanup } from "@/server/jobs/cleanup";
import { clock } from "@/server/lib/clock";
import { AppError } from "@/server/lib/errors";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { sha256Hex } from "@/server/lib/secrets";
import { captureLogsForTests } from "@/server/observability/logger";
import { startSmtpCapture, type CapturedMail, type SmtpCapture } from "../email/smtp-capture";
import { useDatabase } from "../harness";
import { staffWithPassword, testIp, useSignInServer } from "./staff-auth-client";
import { auditRowsOf, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();
const { signIn, signInCookie, sessionOf } = useSignInServer();

const OLD_PASSWORD = "the old password";
const NEW_PASSWORD = "a brand new password";
const LINK = /^http:\/\/localhost:3000\/reset-password\/(pwr_[A-Za-z0-9_-]{43})$/m;

let studio: StudioFixture;
let smtp: SmtpCapture;
let logs: ReturnType<typeof captureLogsForTests>;

beforeAll(async () => {
  studio = await studioFixture();
  smtp = await startSmtpCapture();
});
afterAll(async () => {
  await smtp.close();
});
beforeEach(() => {
  resetRateLimits();
  logs = captureLogsForTests("warn");
});
afterEach(() => {
  logs.stop();
  clock.reset();
});

const unknownEmail = () => `nobody-${Math.random().toString(36).slice(2)}@studio.test`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const LINK_SUBJECT = "Reset your Gamecoin password";
const CHANGED_SUBJECT = "Your Gamecoin password was changed";

/** The mails of `subject` sent to `to`, once there are `count` of them (the request does not wait for the SMTP exchange). */
async function mailsTo(to: string, count: number, subject = LINK_SUBJECT): Promise<CapturedMail[]> {
  const sent = () => smtp.messages.filter((m) => m.to.includes(to) && m.subject === subject);
  for (let waited = 0; waited < 5_000; waited += 20) {
    if (sent().length >= count) return sent();
    await sleep(20);
  }
  throw new Error(`expected ${count} mail(s) "${subject}" to ${to}, got ${sent().length}`);
}

/** Asks for a link for `member` and reads its token from the mail, as the member would. */
async function requestLink(member: StaffIdentity, ip = testIp()): Promise<string> {
  const before = smtp.messages.filter((m) => m.to.includes(member.email) && m.subject === LINK_SUBJECT).length;
  await requestPasswordReset(await getDb(), RequestPasswordResetInput.parse({ email: member.email }), { clientIp: ip });
  const mail = (await mailsTo(member.email, before + 1))[before] as CapturedMail;
  const token = LINK.exec(mail.text)?.[1];
  if (!token) throw new Error(`no reset link in:\n${mail.text}`);
  return token;
}

async function complete(token: string, password = NEW_PASSWORD, ip = testIp()) {
  return completePasswordReset(await getDb(), ResetPasswordInput.parse({ token, password }), { clientIp: ip });
}

async function failureOf(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

async function resetRowsOf(memberId: string) {
  return (await getDb()).select().from(staffPasswordResets).where(eq(staffPasswordResets.staffId, memberId));
}

describe("asking for a reset link", () => {
  it("mails a single link to the member; only its hash is stored, and the request is audited without an actor", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const ip = testIp();
    const token = await requestLink(member, ip);
    const [mail] = await mailsTo(member.email, 1);
    expect(mail?.subject).toBe("Reset your Gamecoin password");
    expect(mail?.from).toBe("no-reply@localhost");
    expect(mail?.text).toContain("The link works once, until ");
    expect(mail?.html).toContain(`href="http://localhost:3000/reset-password/${token}"`);

    const rows = await resetRowsOf(member.id);
    expect(rows).toHaveLength(1);
    const row = rows[0];
    expect(row?.tokenHash).toBe(sha256Hex(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(row?.usedAt).toBeNull();
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(30 * 60 * 1000);

    const entries = (await auditRowsOf(studio.studioId, PASSWORD_RESET_REQUESTED_ACTION)).filter((e) => e.targetId === member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ staffId: null, staffEmail: null, targetType: "staff", before: null });
    expect(entries[0]?.after).toEqual({ resetId: row?.id, email: member.email, expiresAt: row?.expiresAt.toISOString(), fromIp: ip });
    expect(await openPasswordReset(await getDb(), token, { clientIp: testIp() })).toEqual({ email: member.email });
  });

  it("answers an unknown e-mail exactly as a known one, and mails nothing", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const db = await getDb();
    const known = await requestPasswordReset(db, RequestPasswordResetInput.parse({ email: member.email }), { clientIp: testIp() });
    const stranger = unknownEmail();
    const unknown = await requestPasswordReset(db, RequestPasswordResetInput.parse({ email: stranger }), { clientIp: testIp() });
    expect(unknown).toBe(known);
    expect(known).toBeUndefined();
    await mailsTo(member.email, 1);
    await sleep(200);
    expect(smtp.messages.filter((m) => m.to.includes(stranger))).toEqual([]);

    // The limit is the same for both: the 4th request in the hour is refused either way, with the same answer.
    for (const email of [member.email, stranger]) {
      for (let i = 0; i < 2; i++) await requestPasswordReset(db, RequestPasswordResetInput.parse({ email }), { clientIp: testIp() });
    }
    const refusals = await Promise.all(
      [member.email, stranger].map((email) => failureOf(requestPasswordReset(db, RequestPasswordResetInput.parse({ email }), { clientIp: testIp() }))),
    );
    expect(refusals.map((e) => ({ code: e.code, status: e.status, message: e.message }))).toEqual([
      { code: "RATE_LIMITED", status: 429, message: "Too many password reset requests; try again later." },
      { code: "RATE_LIMITED", status: 429, message: "Too many password reset requests; try again later." },
    ]);
  });

  it("takes the e-mail trimmed and in any letter case; refuses what is not an e-mail", () => {
    expect(RequestPasswordResetInput.parse({ email: "  Someone@Studio.TEST " })).toEqual({ email: "someone@studio.test" });
    const refused = RequestPasswordResetInput.safeParse({ email: "not an e-mail" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["Must be a valid e-mail address"]);
    expect(RequestPasswordResetInput.safeParse({ email: "a@b.test", extra: 1 }).success).toBe(false);
  });

  it("a new link replaces the older pending one", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const first = await requestLink(member);
    const second = await requestLink(member);
    expect(await openPasswordReset(await getDb(), first, { clientIp: testIp() })).toBeNull();
    expect((await failureOf(complete(first))).code).toBe("NOT_FOUND");
    await complete(second);
    expect((await resetRowsOf(member.id)).map((r) => r.tokenHash)).toEqual([sha256Hex(second)]);
  });

  it("3 links per e-mail per hour, exactly, when asked for in parallel; the 4th says when to ask again", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const db = await getDb();
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () =>
        requestPasswordReset(db, RequestPasswordResetInput.parse({ email: member.email }), { clientIp: testIp() }).then(
          () => "sent",
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "sent")).toHaveLength(3);
    expect(outcomes.filter((o) => o === "RATE_LIMITED")).toHaveLength(7);
    await mailsTo(member.email, 3);
    // The member's row is locked per request: one link is left pending.
    expect((await resetRowsOf(member.id)).filter((r) => r.usedAt === null)).toHaveLength(1);
    const refusal = await failureOf(requestPasswordReset(db, RequestPasswordResetInput.parse({ email: member.email }), { clientIp: testIp() }));
    const seconds = lockedForSeconds(refusal) as number;
    expect(seconds).toBeGreaterThan(60 * 60 - 30);
    expect(seconds).toBeLessThanOrEqual(60 * 60);
  });

  it("10 requests per client address per hour, whatever the e-mails", async () => {
    const db = await getDb();
    const ip = testIp();
    for (let i = 0; i < 10; i++) await requestPasswordReset(db, RequestPasswordResetInput.parse({ email: unknownEmail() }), { clientIp: ip });
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    expect((await failureOf(requestPasswordReset(db, RequestPasswordResetInput.parse({ email: member.email }), { clientIp: ip }))).code).toBe("RATE_LIMITED");
    // The refused request did not count against the member's e-mail: three links are still theirs to ask for.
    for (let i = 0; i < 3; i++) await requestLink(member);
  });
});

describe("setting the new password", () => {
  it("sets it once: the old password stops working, the new one signs in, the link is spent, and it is audited", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const token = await requestLink(member);
    const ip = testIp();
    expect(await complete(token, NEW_PASSWORD, ip)).toEqual(member);
    // The member hears of it, with the way back if it was not them.
    const [changed] = await mailsTo(member.email, 1, CHANGED_SUBJECT);
    expect(changed?.text).toContain("The password of your Gamecoin dashboard account was changed on ");
    expect(changed?.text).toContain("http://localhost:3000/forgot-password");
    expect(changed?.text).not.toContain(token);

    expect(await signIn(member.email, OLD_PASSWORD, testIp())).toEqual({ signedIn: false, status: 401, error: "CredentialsSignin" });
    expect(await signIn(member.email, NEW_PASSWORD, testIp())).toEqual({ signedIn: true, status: 200 });

    const again = await failureOf(complete(token, "yet another password"));
    expect({ code: again.code, status: again.status, message: again.message }).toEqual({ code: "NOT_FOUND", status: 404, message: "Reset link not found." });
    expect(await openPasswordReset(await getDb(), token, { clientIp: testIp() })).toBeNull();
    expect(await signIn(member.email, NEW_PASSWORD, testIp())).toEqual({ signedIn: true, status: 200 });

    const [row] = await resetRowsOf(member.id);
    expect(row?.usedAt).toBeInstanceOf(Date);
    const entries = (await auditRowsOf(studio.studioId, PASSWORD_RESET_COMPLETED_ACTION)).filter((e) => e.targetId === member.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ staffId: member.id, staffEmail: member.email, targetType: "staff", before: null });
    expect(entries[0]?.after).toEqual({ resetId: row?.id, fromIp: ip, sessionsEnded: true });
    // Neither the password nor its hash nor the token reaches the audit log.
    const logged = JSON.stringify(await auditRowsOf(studio.studioId, PASSWORD_RESET_COMPLETED_ACTION));
    expect(logged).not.toContain(NEW_PASSWORD);
    expect(logged).not.toContain(token);
  });

  it("signs out every session of the member made before, not the ones after", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const other = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const db = await getDb();
    const laptop = await signInCookie(member.email, OLD_PASSWORD, testIp());
    const phone = await signInCookie(member.email, OLD_PASSWORD, testIp());
    const colleague = await signInCookie(other.email, OLD_PASSWORD, testIp());
    const sessionStaff = async (cookie: string) => {
      const session = await sessionOf(cookie);
      return findSessionStaff(db, session.staffId as string, session.sessionEpoch as number);
    };
    expect(await sessionStaff(laptop)).toEqual(member);
    expect(await sessionStaff(phone)).toEqual(member);

    await complete(await requestLink(member));

    expect(await sessionStaff(laptop)).toBeNull();
    expect(await sessionStaff(phone)).toBeNull();
    expect(await sessionStaff(colleague)).toEqual(other);
    const fresh = await signInCookie(member.email, NEW_PASSWORD, testIp());
    expect(await sessionOf(fresh)).toMatchObject({ staffId: member.id, sessionEpoch: 1 });
    expect(await sessionStaff(fresh)).toEqual(member);
  });

  it("a session from before session epochs (none in its token) is epoch 0", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const db = await getDb();
    expect(await findSessionStaff(db, member.id, 0)).toEqual(member);
    await db.update(staff).set({ sessionEpoch: 1 }).where(eq(staff.id, member.id));
    expect(await findSessionStaff(db, member.id, 0)).toBeNull();
  });

  it("ends a sign-in lockout of the account", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    for (let i = 0; i < 10; i++) await signIn(member.email, `wrong guess ${i}`, testIp());
    expect(await signIn(member.email, OLD_PASSWORD, testIp())).toMatchObject({ signedIn: false, error: expect.stringMatching(/^LOCKED:\d+$/) });
    await complete(await requestLink(member));
    expect(await signIn(member.email, NEW_PASSWORD, testIp())).toEqual({ signedIn: true, status: 200 });
  });

  it("an expired link is refused (30 minutes)", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const token = await requestLink(member);
    clock.advance(30 * 60 * 1000 - 1000);
    expect(await openPasswordReset(await getDb(), token, { clientIp: testIp() })).toEqual({ email: member.email });
    clock.advance(1000);
    expect(await openPasswordReset(await getDb(), token, { clientIp: testIp() })).toBeNull();
    expect((await failureOf(complete(token))).code).toBe("NOT_FOUND");
    expect(await signIn(member.email, OLD_PASSWORD, testIp())).toEqual({ signedIn: true, status: 200 });
  });

  it("the cleanup job deletes links a day after they expired, used or not", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    await complete(await requestLink(member));
    await requestLink(member);
    expect(await resetRowsOf(member.id)).toHaveLength(2);
    clock.advance(30 * 60 * 1000 + 24 * 3_600_000 - 60_000);
    await cleanup(await getDb());
    expect(await resetRowsOf(member.id)).toHaveLength(2);
    clock.advance(60_000);
    expect((await cleanup(await getDb())).passwordResets).toBeGreaterThanOrEqual(2);
    expect(await resetRowsOf(member.id)).toEqual([]);
  });

  it("a wrong link is 404; ten failures on one link lock it (429 with Retry-After), even once valid", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const wrong = `pwr_${"x".repeat(43)}`;
    const first = await failureOf(complete(wrong));
    expect({ code: first.code, status: first.status }).toEqual({ code: "NOT_FOUND", status: 404 });
    for (let i = 0; i < 9; i++) expect((await failureOf(complete(wrong))).code).toBe("NOT_FOUND");
    const locked = await failureOf(complete(wrong));
    expect(locked.code).toBe("RATE_LIMITED");
    expect(lockedForSeconds(locked)).toBeGreaterThan(15 * 60 - 30);
    expect(logs.lines.filter((l) => l.msg === "lockout").map((l) => ({ scope: l.scope, via: l.via }))).toEqual([{ scope: "account", via: "password-reset" }]);
    // The member's own link is another key: it still works.
    await complete(await requestLink(member));
  });

  it("the same link used twice at once sets one password", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const token = await requestLink(member);
    const outcomes = await Promise.all(
      ["first new password", "second new password"].map((password) =>
        complete(token, password).then(
          () => password,
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        ),
      ),
    );
    expect(outcomes.filter((o) => o === "NOT_FOUND")).toHaveLength(1);
    const winner = outcomes.find((o) => o !== "NOT_FOUND") as string;
    expect(await signIn(member.email, winner, testIp())).toEqual({ signedIn: true, status: 200 });
    const [row] = await (await getDb()).select({ epoch: staff.sessionEpoch }).from(staff).where(eq(staff.id, member.id));
    expect(row?.epoch).toBe(1);
  });

  it("a new request and a completion at the same time never deadlock", async () => {
    const member = await staffWithPassword(studio.studioId, OLD_PASSWORD);
    const token = await requestLink(member);
    const db = await getDb();
    const [completed, requested] = await Promise.allSettled([
      complete(token),
      requestPasswordReset(db, RequestPasswordResetInput.parse({ email: member.email }), { clientIp: testIp() }),
    ]);
    expect(requested.status).toBe("fulfilled");
    // Either order is fine; neither ends in a database error.
    if (completed.status === "rejected") expect((completed.reason as AppError).code).toBe("NOT_FOUND");
  });

  it("the password rule of invitations and first run: at least 10 characters", () => {
    const refused = ResetPasswordInput.safeParse({ token: "pwr_0123456789", password: "short" });
    expect(refused.error?.issues.map((i) => ({ path: i.path, message: i.message }))).toEqual([{ path: ["password"], message: "At least 10 characters" }]);
  });
});
