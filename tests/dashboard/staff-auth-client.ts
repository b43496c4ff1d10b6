import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import NextAuth from "next-auth";
import { afterAll, beforeAll } from "vitest";
import { getDb } from "@/server/db/connection";
import { staff, type StaffRole } from "@/db/schema";
import { authOptions } from "@/server/auth/auth-options";
import type { StaffIdentity } from "@/server/auth/staff-identity";
import { vouchForClientIp } from "@/server/lib/client-ip";
import { clock } from "@/server/lib/clock";
import { newId } from "@/server/lib/ids";
import { hashPassword } from "@/server/lib/passwords";

/**
 * Staff sign-in over real HTTP: a node:http server that vouches for the client address like server.ts
 * (one trusted proxy hop, so a test picks its address with X-Forwarded-For) and hands /api/auth/* to
 * next-auth with the app's own options. next-auth's API-route form is used because its App Router form
 * needs Next.js's request scope; both run the same AuthHandler (CSRF check, credentials provider,
 * session cookie).
 */
export function useSignInServer(): { signIn: typeof signIn; signInCookie: typeof signInCookie; sessionOf: typeof sessionOf } {
  let origin = "";
  const server = createServer((req, res) => void serve(req, res));
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  /** What `signIn("credentials", { redirect: false })` in the browser gets: signed in, or next-auth's `error`. */
  async function signIn(email: string, password: string, clientIp: string): Promise<SignInAnswer> {
    return (await signInWithCookie(email, password, clientIp)).answer;
  }

  /** The session cookie (`name=value`) a successful sign-in sets; throws when the sign-in fails. */
  async function signInCookie(email: string, password: string, clientIp: string): Promise<string> {
    const { answer, cookie } = await signInWithCookie(email, password, clientIp);
    if (!answer.signedIn || !cookie) throw new Error(`sign-in failed: ${JSON.stringify(answer)}`);
    return cookie;
  }

  /** What next-auth's session endpoint says of a session cookie (the app's session callback included). */
  async function sessionOf(cookie: string): Promise<Record<string, unknown>> {
    const answer = await fetch(`${origin}/api/auth/session`, { headers: { cookie } });
    return (await answer.json()) as Record<string, unknown>;
  }

  async function signInWithCookie(email: string, password: string, clientIp: string): Promise<{ answer: SignInAnswer; cookie: string | null }> {
    const forwarded = { "x-forwarded-for": clientIp };
    const csrf = await fetch(`${origin}/api/auth/csrf`, { headers: forwarded });
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const answer = await fetch(`${origin}/api/auth/callback/credentials`, {
      method: "POST",
      headers: { ...forwarded, cookie, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ email, password, csrfToken, callbackUrl: "/dashboard", json: "true" }),
    });
    const { url } = (await answer.json()) as { url: string };
    const error = new URL(url, origin).searchParams.get("error");
    if (error !== null) return { answer: { signedIn: false, status: answer.status, error }, cookie: null };
    const session = answer.headers.getSetCookie().find((c) => /session-token=[^;]+/.test(c));
    if (!session) throw new Error(`neither an error nor a session: ${answer.status} ${url}`);
    return { answer: { signedIn: true, status: answer.status }, cookie: session.split(";")[0] ?? null };
  }
  return { signIn, signInCookie, sessionOf };
}

export type SignInAnswer = { signedIn: true; status: number } | { signedIn: false; status: number; error: string };

async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
  vouchForClientIp(req, 1);
  const url = new URL(req.url ?? "/", "http://localhost");
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const cookies = Object.fromEntries((req.headers.cookie ?? "").split(/;\s*/).filter(Boolean).map((c) => [c.slice(0, c.indexOf("=")), decodeURIComponent(c.slice(c.indexOf("=") + 1))]));
  // The request and response helpers Next.js adds to an API route.
  const apiRequest = Object.assign(req, {
    query: { ...Object.fromEntries(url.searchParams), nextauth: url.pathname.replace(/^\/api\/auth\//, "").split("/") },
    body: Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString())),
    cookies,
  });
  const apiResponse = Object.assign(res, {
    status: (code: number) => {
      res.statusCode = code;
      return apiResponse;
    },
    json: (value: unknown) => {
      res.setHeader("content-type", "application/json");
      res.end(JSON.stringify(value));
    },
    send: (value: unknown) => {
      res.end(typeof value === "string" ? value : JSON.stringify(value));
    },
  });
  await NextAuth(apiRequest as never, apiResponse as never, authOptions());
}

/** A staff member who can sign in with `password`. */
export async function staffWithPassword(studioId: string, password: string, role: StaffRole = "support"): Promise<StaffIdentity> {
  const member: StaffIdentity = { id: newId(), studioId, email: `signin-${newId()}@studio.test`, name: "Signing In", role };
  await (await getDb()).insert(staff).values({ ...member, passwordHash: await hashPassword(password), createdAt: clock.now() });
  return member;
}

/** A fresh address in 198.18.0.0/15 (set aside for benchmarking), so tests never share an address's counter. */
export function testIp(): string {
  const n = Math.floor(Math.random() * 2 ** 17);
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
}
