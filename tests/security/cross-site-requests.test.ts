import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/server/db/connection";
import { studios } from "@/db/schema";
import { proxy } from "@/proxy";
import { isCrossSiteRequest, type RequestSource } from "@/server/lib/cross-site";
import type { TrpcContext } from "@/server/trpc/init";
import { handleTrpcRequest } from "@/server/trpc/http-handler";
import { auditRowsOf, studioFixture, type StudioFixture } from "../dashboard/studio-staff";
import { useDatabase } from "../harness";

useDatabase();

// tests/setup-env.ts serves the app at http://localhost:3000.
const OWN = "http://localhost:3000";
const FOREIGN = "https://evil.example";

let studio: StudioFixture;
beforeAll(async () => {
  studio = await studioFixture();
});

type TrpcError = { error: { json: { message: string; data: { code: string; httpStatus: number; appCode: string | null; fieldErrors: Record<string, string[]> | null } } } };

/** The dashboard's endpoint as the route handler serves it, with the owner signed in; counts session reads. */
async function trpc(path: string, init: { method?: string; headers?: Record<string, string>; body?: unknown } = {}) {
  let sessionReads = 0;
  const createContext = async (): Promise<TrpcContext> => {
    sessionReads += 1;
    return { db: await getDb(), staff: studio.staff.owner };
  };
  const method = init.method ?? "POST";
  const request = new Request(`${OWN}/api/trpc/${path}`, {
    method,
    headers: { "content-type": "application/json", host: "localhost:3000", ...init.headers },
    body: method === "GET" ? undefined : JSON.stringify(init.body),
  });
  const response = await handleTrpcRequest(request, createContext);
  return { status: response.status, body: (await response.json()) as unknown, sessionReads };
}

const rename = (name: string, headers: Record<string, string>) => trpc("studio.rename", { headers, body: { json: { name } } });

async function studioName(): Promise<string> {
  const rows = await (await getDb()).select({ name: studios.name }).from(studios).where(eq(studios.id, studio.studioId));
  return rows[0]?.name ?? "";
}

describe("isCrossSiteRequest", () => {
  const own = { publicUrl: "https://pay.example.com", dev: false };
  const source = (facts: Partial<RequestSource>): RequestSource => ({ origin: null, secFetchSite: null, host: "pay.example.com", ...facts });

  it.each([
    ["Origin is PUBLIC_URL's origin", { origin: "https://pay.example.com" }, false],
    ["Origin is another site", { origin: "https://evil.example" }, true],
    ["Origin is a sibling subdomain", { origin: "https://evil.example.com" }, true],
    ["Origin is PUBLIC_URL's host over http", { origin: "http://pay.example.com" }, true],
    ["Origin is PUBLIC_URL's host on another port", { origin: "https://pay.example.com:8443" }, true],
    ["Origin is not a URL", { origin: "garbage" }, true],
    ["a foreign Origin, whatever Sec-Fetch-Site says", { origin: "https://evil.example", secFetchSite: "same-origin" }, true],
    ["no Origin, Sec-Fetch-Site cross-site", { secFetchSite: "cross-site" }, true],
    ["no Origin, Sec-Fetch-Site same-site", { secFetchSite: "same-site" }, true],
    ["no Origin, Sec-Fetch-Site same-origin", { secFetchSite: "same-origin" }, false],
    ["no Origin, Sec-Fetch-Site none (typed in the address bar)", { secFetchSite: "none" }, false],
    ["neither header (curl, a server)", {}, false],
    ["Origin null from our own no-referrer page", { origin: "null", secFetchSite: "same-origin" }, false],
    ["Origin null from a sandboxed foreign frame", { origin: "null", secFetchSite: "cross-site" }, true],
    ["Origin null and nothing else", { origin: "null" }, true],
  ] as const)("%s → cross-site: %s", (_label, facts, expected) => {
    expect(isCrossSiteRequest(source(facts), own)).toBe(expected);
  });

  it("trusts the address the request was sent to (Host) in development only", () => {
    const lan = source({ origin: "http://192.168.1.5:3000", host: "192.168.1.5:3000" });
    expect(isCrossSiteRequest(lan, { publicUrl: "http://localhost:3000", dev: true })).toBe(false);
    expect(isCrossSiteRequest(lan, { publicUrl: "http://localhost:3000", dev: false })).toBe(true);
    expect(isCrossSiteRequest(source({ origin: "http://evil.example", host: "192.168.1.5:3000" }), { publicUrl: "http://localhost:3000", dev: true })).toBe(true);
  });
});

describe("tRPC mutations from another site", () => {
  it.each([
    ["a foreign Origin", { origin: FOREIGN }],
    ["a sibling origin of the same site", { origin: "http://admin.localhost:3000" }],
    ["Sec-Fetch-Site cross-site without Origin", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site same-site without Origin", { "sec-fetch-site": "same-site" }],
  ])("are refused with 403 FORBIDDEN before the session is read, and change nothing: %s", async (_label, headers) => {
    const before = await studioName();
    const auditsBefore = (await auditRowsOf(studio.studioId, "studio.rename")).length;
    const refused = await rename(`Renamed ${Date.now()}`, headers);
    expect(refused.status).toBe(403);
    expect((refused.body as TrpcError).error.json).toMatchObject({
      message: "Requests from other sites are refused: use the dashboard at its own address (PUBLIC_URL).",
      data: { code: "FORBIDDEN", httpStatus: 403, appCode: "FORBIDDEN", fieldErrors: { Origin: ["CROSS_SITE_REQUEST"] } },
    });
    expect(refused.sessionReads).toBe(0);
    expect(await studioName()).toBe(before);
    expect(await auditRowsOf(studio.studioId, "studio.rename")).toHaveLength(auditsBefore);
  });

  it("are refused in a batch too", async () => {
    const refused = await trpc("studio.rename?batch=1", { headers: { origin: FOREIGN }, body: { 0: { json: { name: "Batched rename" } } } });
    expect(refused.status).toBe(403);
    expect((refused.body as TrpcError[])[0]?.error.json.data).toMatchObject({ code: "FORBIDDEN", appCode: "FORBIDDEN" });
    expect(await studioName()).not.toBe("Batched rename");
  });

  it("run from the app's own origin, from our own pages without Origin, and from clients that send neither header", async () => {
    const sources: Record<string, string>[] = [{ origin: OWN }, { "sec-fetch-site": "same-origin" }, {}];
    for (const [i, headers] of sources.entries()) {
      const name = `Own rename ${i} ${Date.now()}`;
      const done = await rename(name, headers);
      expect(done.status, JSON.stringify(done.body)).toBe(200);
      expect(await studioName()).toBe(name);
    }
  });

  it("queries from another site still answer (they change nothing, and the browser keeps the answer from the page)", async () => {
    const query = await trpc("studio.get", { method: "GET", headers: { origin: FOREIGN, "sec-fetch-site": "cross-site" } });
    expect(query.status).toBe(200);
  });
});

describe("server actions from another site (proxy.ts)", () => {
  const post = (path: string, headers: Record<string, string>) =>
    proxy(new NextRequest(`${OWN}${path}`, { method: "POST", headers: { host: "localhost:3000", "next-action": "0123456789abcdef", "content-type": "text/plain;charset=UTF-8", ...headers }, body: "[]" }));

  it.each([
    ["a foreign Origin", { origin: FOREIGN }],
    ["Sec-Fetch-Site cross-site without Origin", { "sec-fetch-site": "cross-site" }],
  ])("are refused with 403 in the error envelope: %s", async (_label, headers) => {
    for (const path of ["/setup", "/invite/some-token"]) {
      const refused = post(path, headers);
      expect(refused.status).toBe(403);
      expect(refused.headers.get("x-middleware-next")).toBeNull();
      expect(refused.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(refused.headers.get("x-frame-options")).toBe("DENY");
      expect(await refused.json()).toEqual({
        error: {
          code: "FORBIDDEN",
          message: "Requests from other sites are refused: use the dashboard at its own address (PUBLIC_URL).",
          details: { fieldErrors: { Origin: ["CROSS_SITE_REQUEST"] } },
        },
      });
    }
  });

  it("reach Next.js from the app's own origin", () => {
    const allowed = post("/setup", { origin: OWN, "sec-fetch-site": "same-origin" });
    expect(allowed.status).toBe(200);
    expect(allowed.headers.get("x-middleware-next")).toBe("1");
  });

  it("leave the payment page's forms alone (no cookie; its no-referrer page sends Origin: null)", () => {
    const form = post("/pay/some-token/pay", { origin: "null", "sec-fetch-site": "same-origin" });
    expect(form.headers.get("x-middleware-next")).toBe("1");
  });

  it("leave page views from links on other sites alone", () => {
    const view = proxy(new NextRequest(`${OWN}/login`, { headers: { "sec-fetch-site": "cross-site" } }));
    expect(view.headers.get("x-middleware-next")).toBe("1");
  });
});
