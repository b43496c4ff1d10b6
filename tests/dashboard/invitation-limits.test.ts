import { eq } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { staff } from "@/db/schema";
import { lockedForSeconds } from "@/server/auth/attempt-limits";
import { acceptInvitation, openInvitation } from "@/server/auth/invitation-acceptance";
import { signInStaff } from "@/server/auth/staff-sign-in";
import { AppError } from "@/server/lib/errors";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { captureLogsForTests } from "@/server/observability/logger";
import { sha256Hex } from "@/server/lib/secrets";
import { useDatabase } from "../harness";
import { staffWithPassword, testIp } from "./staff-auth-client";
import { callerFor, studioFixture, type StudioFixture } from "./studio-staff";

useDatabase();

let studio: StudioFixture;
let logs: ReturnType<typeof captureLogsForTests>;

beforeAll(async () => {
  studio = await studioFixture();
});
beforeEach(() => {
  resetRateLimits();
  logs = captureLogsForTests("warn");
});
afterEach(() => logs.stop());

const WINDOW_SECONDS = 15 * 60;
const newcomer = { name: "New Member", password: "a long enough password" };

async function invitationToken(): Promise<{ token: string; email: string }> {
  const email = `invitee-${Math.random().toString(36).slice(2)}@studio.test`;
  const invited = await (await callerFor(studio.staff.admin)).members.invite({ email, role: "viewer" });
  return { token: invited.link.slice(invited.link.lastIndexOf("/") + 1), email };
}

const wrongToken = () => `inv_${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}`;

async function failureOf(work: Promise<unknown>): Promise<AppError> {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

async function expectLocked(work: Promise<unknown>): Promise<void> {
  const error = await failureOf(work);
  expect(error.code).toBe("RATE_LIMITED");
  expect(lockedForSeconds(error)).toBeGreaterThan(WINDOW_SECONDS - 30);
  expect(lockedForSeconds(error)).toBeLessThanOrEqual(WINDOW_SECONDS);
}

function loggedLockouts(): Record<string, unknown>[] {
  return logs.lines
    .filter((line) => line.msg === "lockout")
    .map(({ scope, key, via, failures, lockedUntil, fromIp }) => ({ scope, key, via, failures, lockedUntil, fromIp }));
}

describe("invitations: failed links per address", () => {
  it("after 30 wrong links the address can neither open nor accept a valid one; another address can", async () => {
    const db = await getDb();
    const { token, email } = await invitationToken();
    const ip = testIp();
    for (let i = 0; i < 15; i++) expect(await openInvitation(db, wrongToken(), { clientIp: ip })).toBeNull();
    for (let i = 0; i < 15; i++) expect((await failureOf(acceptInvitation(db, { token: wrongToken(), ...newcomer }, { clientIp: ip }))).code).toBe("NOT_FOUND");
    await expectLocked(openInvitation(db, token, { clientIp: ip }));
    await expectLocked(acceptInvitation(db, { token, ...newcomer }, { clientIp: ip }));
    expect(loggedLockouts()).toEqual([{ scope: "ip", key: ip, via: "invitation", failures: 30, lockedUntil: expect.any(String), fromIp: ip }]);

    const other = testIp();
    expect(await openInvitation(db, token, { clientIp: other })).toMatchObject({ email, role: "viewer" });
    expect(await acceptInvitation(db, { token, ...newcomer }, { clientIp: other })).toMatchObject({ email, role: "viewer", studioId: studio.studioId });
  });

  it("shares the address's counter with sign-in", async () => {
    const db = await getDb();
    const member = await staffWithPassword(studio.studioId, "the right password");
    const ip = testIp();
    for (let i = 0; i < 20; i++) expect(await signInStaff(db, { email: `nobody-${i}-${ip}@studio.test`, password: "wrong" }, { clientIp: ip })).toBeNull();
    for (let i = 0; i < 10; i++) expect(await openInvitation(db, wrongToken(), { clientIp: ip })).toBeNull();
    await expectLocked(signInStaff(db, { email: member.email, password: "the right password" }, { clientIp: ip }));
  });

  it("caps 40 parallel wrong links from one address at exactly 30 look-ups", async () => {
    const db = await getDb();
    const ip = testIp();
    const errors = await Promise.all(Array.from({ length: 40 }, () => failureOf(acceptInvitation(db, { token: wrongToken(), ...newcomer }, { clientIp: ip }))));
    expect(errors.filter((e) => e.code === "NOT_FOUND")).toHaveLength(30);
    expect(errors.filter((e) => e.code === "RATE_LIMITED")).toHaveLength(10);
  });
});

describe("invitations: one link", () => {
  it("a used link tried 10 more times is locked, from any address, and the log never shows the token", async () => {
    const db = await getDb();
    const { token } = await invitationToken();
    await acceptInvitation(db, { token, ...newcomer }, { clientIp: testIp() });
    for (let i = 0; i < 10; i++) expect((await failureOf(acceptInvitation(db, { token, ...newcomer }, { clientIp: testIp() }))).code).toBe("NOT_FOUND");
    await expectLocked(acceptInvitation(db, { token, ...newcomer }, { clientIp: testIp() }));
    await expectLocked(openInvitation(db, token, { clientIp: testIp() }));
    const [lockout] = loggedLockouts();
    expect(lockout).toMatchObject({ scope: "account", key: `invitation:${sha256Hex(token)}`, via: "invitation", failures: 10 });
    expect(logs.raw.join("")).not.toContain(token);
  });

  it("accepted twice at once makes one member; the other answer is 404, not a database error", async () => {
    const db = await getDb();
    const { token, email } = await invitationToken();
    const results = await Promise.allSettled([0, 1].map(() => acceptInvitation(db, { token, ...newcomer }, { clientIp: testIp() })));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect(rejected?.reason).toBeInstanceOf(AppError);
    expect((rejected?.reason as AppError).code).toBe("NOT_FOUND");
    expect(await db.select({ id: staff.id }).from(staff).where(eq(staff.email, email))).toHaveLength(1);
  });

  it("opening a valid link, however often, does not count", async () => {
    const db = await getDb();
    const { token } = await invitationToken();
    const ip = testIp();
    for (let i = 0; i < 12; i++) expect(await openInvitation(db, token, { clientIp: ip })).not.toBeNull();
    expect(await acceptInvitation(db, { token, ...newcomer }, { clientIp: ip })).toMatchObject({ name: newcomer.name });
  });
});
