import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { NextApiRequest, NextApiResponse } from "next";
import NextAuth from "next-auth";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { staff } from "@/db/schema";
import { authOptions } from "@/server/auth/auth-options";
import { clock } from "@/server/lib/clock";
import { resetConfigForTests } from "@/server/lib/config";
import { newId } from "@/server/lib/ids";
import { hashPassword } from "@/server/lib/passwords";
import { studioFixture } from "../dashboard/studio-staff";
import { useDatabase } from "../harness";

useDatabase();

const PASSWORD = "correct horse battery staple";
let email = "";
let origin = "";
const server = createServer((req, res) => void serveAuth(req, res));

beforeAll(async () => {
  const { studioId } = await studioFixture();
  email = `signer-${newId()}@studio.test`;
  await (await getDb()).insert(staff).values({ id: newId(), studioId, email, name: "Signer", role: "owner", passwordHash: await hashPassword(PASSWORD), createdAt: clock.now() });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const httpUrl = process.env.PUBLIC_URL ?? "http://localhost:3000";
afterEach(() => {
  process.env.PUBLIC_URL = httpUrl;
  resetConfigForTests();
});

function readForm(req: IncomingMessage): Promise<Record<string, string>> {
  return new Promise((resolve) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
    req.on("end", () => resolve(Object.fromEntries(new URLSearchParams(text))));
  });
}

/**
 * next-auth itself (its API-route entry, the same core as the app's route handler) over real HTTP, with
 * the app's options: what a browser's sign-in exchanges with the server.
 */
async function serveAuth(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const url = new URL(req.url ?? "/", "http://auth.test");
  const cookies = Object.fromEntries((req.headers.cookie ?? "").split("; ").filter(Boolean).map((pair) => [pair.slice(0, pair.indexOf("=")), decodeURIComponent(pair.slice(pair.indexOf("=") + 1))]));
  const apiRequest = Object.assign(req, {
    query: { ...Object.fromEntries(url.searchParams), nextauth: url.pathname.split("/").slice(3) },
    body: req.method === "POST" ? await readForm(req) : undefined,
    cookies,
  });
  const apiResponse = Object.assign(res, {
    status(code: number) {
      res.statusCode = code;
      return apiResponse;
    },
    send(body: unknown) {
      res.end(typeof body === "string" ? body : JSON.stringify(body));
    },
    json(body: unknown) {
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(body));
    },
  });
  await NextAuth(apiRequest as unknown as NextApiRequest, apiResponse as unknown as NextApiResponse, authOptions());
}

type SetCookie = { name: string; value: string; attributes: string[] };
function setCookies(response: Response): SetCookie[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair = "", ...attributes] = line.split("; ");
    return { name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), attributes: attributes.map((a) => a.toLowerCase()) };
  });
}
const cookieHeader = (cookies: SetCookie[]) => cookies.map((c) => `${c.name}=${c.value}`).join("; ");

/** csrf → credentials → session, as the sign-in form does it; returns every cookie set on the way. */
async function signIn(): Promise<{ csrf: SetCookie[]; signedIn: SetCookie[]; session: unknown }> {
  const csrfResponse = await fetch(`${origin}/api/auth/csrf`);
  const { csrfToken } = (await csrfResponse.json()) as { csrfToken: string };
  const csrf = setCookies(csrfResponse);
  const callback = await fetch(`${origin}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: cookieHeader(csrf) },
    body: new URLSearchParams({ csrfToken, email, password: PASSWORD, json: "true" }),
  });
  expect(callback.status, await callback.clone().text()).toBe(200);
  const signedIn = setCookies(callback);
  const sessionResponse = await fetch(`${origin}/api/auth/session`, { headers: { cookie: cookieHeader([...csrf, ...signedIn]) } });
  return { csrf, signedIn, session: await sessionResponse.json() };
}

const named = (cookies: SetCookie[], name: string) => cookies.find((c) => c.name === name);

describe("staff session cookies", () => {
  it("are Secure with the __Host- prefix when PUBLIC_URL is https, and the session is read back under that name", async () => {
    process.env.PUBLIC_URL = "https://pay.example.com";
    resetConfigForTests();
    const { csrf, signedIn, session } = await signIn();
    const all = [...csrf, ...signedIn];
    for (const cookie of ["__Host-next-auth.csrf-token", "__Host-next-auth.callback-url", "__Host-next-auth.session-token"].map((name) => named(all, name))) {
      expect(cookie).toBeDefined();
      expect(cookie?.attributes).toEqual(expect.arrayContaining(["secure", "httponly", "path=/", "samesite=lax"]));
      expect(cookie?.attributes.some((a) => a.startsWith("domain="))).toBe(false);
    }
    expect(named(signedIn, "__Host-next-auth.session-token")).toBeDefined();
    expect(all.every((c) => c.name.startsWith("__Host-"))).toBe(true);
    expect(session).toMatchObject({ user: { email }, staffId: expect.any(String) });
  });

  it("stay unprefixed and not Secure when PUBLIC_URL is http (a browser drops Secure cookies sent over http)", async () => {
    const { csrf, signedIn, session } = await signIn();
    const sessionCookie = named(signedIn, "next-auth.session-token");
    expect(named(csrf, "next-auth.csrf-token")).toBeDefined();
    expect(sessionCookie?.attributes).toEqual(expect.arrayContaining(["httponly", "path=/", "samesite=lax"]));
    expect(sessionCookie?.attributes).not.toContain("secure");
    expect(session).toMatchObject({ user: { email } });
  });

  it("an https app does not take a session cookie under the unprefixed name", async () => {
    const { signedIn } = await signIn();
    const plain = named(signedIn, "next-auth.session-token");
    expect(plain).toBeDefined();
    process.env.PUBLIC_URL = "https://pay.example.com";
    resetConfigForTests();
    const session = await fetch(`${origin}/api/auth/session`, { headers: { cookie: cookieHeader(signedIn) } });
    expect(await session.json()).toEqual({});
  });
});
