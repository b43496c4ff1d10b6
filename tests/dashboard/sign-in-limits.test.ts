import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { lockoutMessage, signInLockout } from "@/components/auth/lockout-message";
import { lockedSignInError } from "@/server/auth/credentials-authorize";
import { SIGN_IN_LOCKED_ACTION } from "@/server/auth/lockout-record";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { captureLogsForTests } from "@/server/observability/logger";
import { useDatabase } from "../harness";
import { auditRowsOf, studioFixture, type StudioFixture } from "./studio-staff";
import { staffWithPassword, testIp, useSignInServer, type SignInAnswer } from "./staff-auth-client";

useDatabase();
const { signIn } = useSignInServer();

const PASSWORD = "the right password";
const WINDOW_SECONDS = 15 * 60;

let studio: StudioFixture;
let logs: ReturnType<typeof captureLogsForTests>;

beforeAll(async () => {
  studio = await studioFixture();
});
beforeEach(() => {
  resetRateLimits();
  logs = captureLogsForTests("warn");
});
afterEach(() => {
  logs.stop();
  vi.useRealTimers();
});

const unknownEmail = () => `nobody-${Math.random().toString(36).slice(2)}@studio.test`;
const WRONG = { signedIn: false, status: 401, error: "CredentialsSignin" } satisfies SignInAnswer;
const SIGNED_IN = { signedIn: true, status: 200 } satisfies SignInAnswer;

/** The wait a lockout answer carries, read the way the sign-in form reads it. */
function lockedFor(answer: SignInAnswer): number | null {
  return answer.signedIn ? null : signInLockout(answer.error);
}

function expectLocked(answer: SignInAnswer, atLeastSeconds = WINDOW_SECONDS - 30): number {
  expect(answer).toMatchObject({ signedIn: false, status: 401, error: expect.stringMatching(/^LOCKED:\d+$/) });
  const seconds = lockedFor(answer) as number;
  expect(seconds).toBeGreaterThanOrEqual(atLeastSeconds);
  expect(seconds).toBeLessThanOrEqual(WINDOW_SECONDS);
  return seconds;
}

async function failTimes(times: number, email: string, ip: string): Promise<void> {
  for (let i = 0; i < times; i++) expect(await signIn(email, `wrong guess ${i}`, ip)).toEqual(WRONG);
}

/** The lockouts written to the server log, as their JSON payloads. */
function loggedLockouts(): Record<string, unknown>[] {
  return logs.lines
    .filter((line) => line.msg === "lockout")
    .map(({ scope, key, via, failures, lockedUntil, fromIp }) => ({ scope, key, via, failures, lockedUntil, fromIp }));
}

describe("staff sign-in: failures per account", () => {
  it("after 10 wrong passwords refuses the right one too, says for how long, and writes one audit entry", async () => {
    const member = await staffWithPassword(studio.studioId, PASSWORD);
    const ip = testIp();
    await failTimes(10, member.email, ip);
    const seconds = expectLocked(await signIn(member.email, PASSWORD, ip));
    expect(lockoutMessage("sign-ins", seconds)).toBe("Too many failed sign-ins. Try again in 15 minutes.");
    // The address and the letter case do not matter: the account is the normalised e-mail.
    expectLocked(await signIn(`  ${member.email.toUpperCase()} `, PASSWORD, testIp()));
    expectLocked(await signIn(member.email, "another wrong guess", ip));

    const entries = await auditRowsOf(studio.studioId, SIGN_IN_LOCKED_ACTION);
    expect(entries.filter((e) => e.targetId === member.id)).toHaveLength(1);
    const [entry] = entries.filter((e) => e.targetId === member.id);
    expect(entry).toMatchObject({ staffId: member.id, staffEmail: member.email, targetType: "staff", before: null });
    expect(entry?.after).toEqual({ failures: 10, windowMinutes: 15, lockedUntil: expect.any(String), fromIp: ip });
    const lockedUntil = Date.parse((entry?.after as { lockedUntil: string }).lockedUntil);
    expect(lockedUntil - Date.now()).toBeGreaterThan((WINDOW_SECONDS - 30) * 1000);
    expect(lockedUntil - Date.now()).toBeLessThanOrEqual(WINDOW_SECONDS * 1000);
    expect(loggedLockouts()).toEqual([{ scope: "account", key: member.email, via: "sign-in", failures: 10, lockedUntil: expect.any(String), fromIp: ip }]);
  });

  it("does not count successful sign-ins, and the 10th failure is the one that locks", async () => {
    const member = await staffWithPassword(studio.studioId, PASSWORD);
    const ip = testIp();
    await failTimes(9, member.email, ip);
    for (let i = 0; i < 3; i++) expect(await signIn(member.email, PASSWORD, ip)).toEqual(SIGNED_IN);
    await failTimes(1, member.email, ip);
    expectLocked(await signIn(member.email, PASSWORD, ip));
  });

  it("answers an unknown e-mail exactly like a known one, and logs its lockout outside any studio", async () => {
    const email = unknownEmail();
    const ip = testIp();
    await failTimes(10, email, ip);
    expectLocked(await signIn(email, PASSWORD, ip));
    expect(loggedLockouts()).toEqual([{ scope: "account", key: email, via: "sign-in", failures: 10, lockedUntil: expect.any(String), fromIp: ip }]);
  });

  // The in-memory store reads Date.now(); Redis keeps its own clock.
  it.skipIf(Boolean(process.env.REDIS_URL))("lets the right password in again once the window has passed", async () => {
    const member = await staffWithPassword(studio.studioId, PASSWORD);
    const ip = testIp();
    await failTimes(10, member.email, ip);
    expectLocked(await signIn(member.email, PASSWORD, ip));
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + (WINDOW_SECONDS + 1) * 1000 });
    expect(await signIn(member.email, PASSWORD, ip)).toEqual(SIGNED_IN);
  });

  it("caps 40 parallel wrong passwords at exactly 10 password checks", async () => {
    const member = await staffWithPassword(studio.studioId, PASSWORD);
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(member.email, `parallel guess ${i}`, testIp())));
    // A refused attempt is answered before any password check, so the wrong-password answers count the checks.
    expect(answers.filter((a) => !a.signedIn && a.error === "CredentialsSignin")).toHaveLength(10);
    expect(answers.filter((a) => lockedFor(a) !== null)).toHaveLength(30);
    expectLocked(await signIn(member.email, PASSWORD, testIp()));
    expect((await auditRowsOf(studio.studioId, SIGN_IN_LOCKED_ACTION)).filter((e) => e.targetId === member.id)).toHaveLength(1);
  });
});

describe("staff sign-in: failures per address", () => {
  it("locks an address after 30 failures over several accounts, for every account, but not other addresses", async () => {
    const ip = testIp();
    const emails = [unknownEmail(), unknownEmail(), unknownEmail(), (await staffWithPassword(studio.studioId, PASSWORD)).email];
    // 9 + 9 + 9 + 3: no account reaches its own limit.
    for (const [index, email] of emails.entries()) await failTimes(index < 3 ? 9 : 3, email, ip);
    const other = await staffWithPassword(studio.studioId, PASSWORD);
    expectLocked(await signIn(other.email, PASSWORD, ip));
    expect(await signIn(other.email, PASSWORD, testIp())).toEqual(SIGNED_IN);
    expect(await signIn(emails[3] as string, PASSWORD, testIp())).toEqual(SIGNED_IN);
    expect(loggedLockouts()).toEqual([{ scope: "ip", key: ip, via: "sign-in", failures: 30, lockedUntil: expect.any(String), fromIp: ip }]);
    // An address lockout belongs to no studio: no audit entry.
    expect((await auditRowsOf(studio.studioId, SIGN_IN_LOCKED_ACTION)).filter((e) => emails.includes(e.staffEmail ?? ""))).toEqual([]);
  });

  it("caps 40 parallel wrong passwords from one address over 40 accounts at exactly 30 checks", async () => {
    const ip = testIp();
    const answers = await Promise.all(Array.from({ length: 40 }, () => signIn(unknownEmail(), "wrong", ip)));
    expect(answers.filter((a) => !a.signedIn && a.error === "CredentialsSignin")).toHaveLength(30);
    expect(answers.filter((a) => lockedFor(a) !== null)).toHaveLength(10);
  });
});

describe("the lockout message", () => {
  it("travels from the credentials provider to the form and rounds the wait up to whole minutes", () => {
    expect(signInLockout(lockedSignInError(840).message)).toBe(840);
    expect(signInLockout("CredentialsSignin")).toBeNull();
    expect(signInLockout("LOCKED:")).toBeNull();
    expect(lockoutMessage("sign-ins", 900)).toBe("Too many failed sign-ins. Try again in 15 minutes.");
    expect(lockoutMessage("sign-ins", 61)).toBe("Too many failed sign-ins. Try again in 2 minutes.");
    expect(lockoutMessage("attempts", 1)).toBe("Too many failed attempts. Try again in 1 minute.");
  });
});
