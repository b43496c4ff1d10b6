import { NextRequest } from "next/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";
import { resetConfigForTests } from "@/server/lib/config";
import { contentSecurityPolicy, pageSecurityHeaders } from "@/server/lib/security-headers";
import { call, createTestGame, useDatabase, type TestGame } from "../harness";

useDatabase();

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame();
});

const httpUrl = process.env.PUBLIC_URL ?? "http://localhost:3000";
afterEach(() => {
  process.env.PUBLIC_URL = httpUrl;
  resetConfigForTests();
});

function servedAt(publicUrl: string): void {
  process.env.PUBLIC_URL = publicUrl;
  resetConfigForTests();
}

/** Directive name → its sources, from a CSP header value. */
function directives(policy: string): Record<string, string> {
  return Object.fromEntries(policy.split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
}

/** What proxy.ts hands Next.js: the answer's headers, and the request headers it overrides. */
function throughProxy(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  const response = proxy(new NextRequest(`http://localhost:3000${path}`, init));
  const requestHeader = (name: string) => response.headers.get(`x-middleware-request-${name}`);
  return { response, requestHeader };
}

describe("the page policy", () => {
  it("is nonce-based and strict in production: no eval, no inline script, no framing, no plugins, no <base>", () => {
    const policy = contentSecurityPolicy({ nonce: "abc123==", dev: false, https: false, paymentPage: false });
    expect(directives(policy)).toEqual({
      "default-src": "'self'",
      "script-src": "'self' 'nonce-abc123==' 'strict-dynamic'",
      "style-src": "'self' 'nonce-abc123=='",
      "style-src-attr": "'unsafe-inline'",
      "img-src": "'self' data:",
      "font-src": "'self'",
      "connect-src": "'self'",
      "object-src": "'none'",
      "base-uri": "'none'",
      "form-action": "'self'",
      "frame-ancestors": "'none'",
    });
  });

  it("lets development eval (React refresh) and inject styles; upgrades requests only behind https", () => {
    const dev = directives(contentSecurityPolicy({ nonce: "n", dev: true, https: false, paymentPage: false }));
    expect(dev["script-src"]).toBe("'self' 'nonce-n' 'strict-dynamic' 'unsafe-eval'");
    expect(dev["style-src"]).toBe("'self' 'unsafe-inline'");
    expect(dev["upgrade-insecure-requests"]).toBeUndefined();
    expect(directives(contentSecurityPolicy({ nonce: "n", dev: false, https: true, paymentPage: false }))["upgrade-insecure-requests"]).toBe("");
  });

  it("lets only the payment page's forms go to Stripe Checkout", () => {
    expect(directives(contentSecurityPolicy({ nonce: "n", dev: false, https: true, paymentPage: true }))["form-action"]).toBe("'self' https://checkout.stripe.com https://www.mollie.com");
    const real = contentSecurityPolicy({ nonce: "n", dev: false, https: true, paymentPage: true, stripeApiBase: "https://api.stripe.com" });
    expect(directives(real)["form-action"]).toBe("'self' https://checkout.stripe.com https://www.mollie.com");
  });

  it("also lets them go to a Stripe-compatible server's pages when STRIPE_API_BASE points at one (tests, staging)", () => {
    const local = contentSecurityPolicy({ nonce: "n", dev: false, https: false, paymentPage: true, stripeApiBase: "http://127.0.0.1:12111" });
    expect(directives(local)["form-action"]).toBe("'self' https://checkout.stripe.com https://www.mollie.com http://127.0.0.1:12111");
    expect(directives(contentSecurityPolicy({ nonce: "n", dev: false, https: false, paymentPage: false, stripeApiBase: "http://127.0.0.1:12111" }))["form-action"]).toBe("'self'");
  });

  it("sends no Referer from the payment page, and none beyond our origin from the others", () => {
    const page = (path: string, publicUrl = "http://localhost:3000") => pageSecurityHeaders({ path, nonce: "n", publicUrl, dev: false });
    expect(page("/pay/tok_abc")["Referrer-Policy"]).toBe("no-referrer");
    expect(page("/pay/tok_abc/done")["Referrer-Policy"]).toBe("no-referrer");
    expect(page("/payments")["Referrer-Policy"]).toBe("same-origin");
    expect(page("/login")).toMatchObject({ "X-Frame-Options": "DENY", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "same-origin" });
    expect(page("/login")["Strict-Transport-Security"]).toBeUndefined();
    expect(page("/login", "https://pay.example.com")["Strict-Transport-Security"]).toBe("max-age=31536000");
  });
});

describe("proxy.ts", () => {
  it("gives a page a fresh nonce, in its answer's CSP and in the request Next.js renders", () => {
    const first = throughProxy("/login");
    const second = throughProxy("/login");
    const policy = first.response.headers.get("content-security-policy") ?? "";
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.requestHeader("x-nonce")).toBe(nonce);
    expect(first.requestHeader("content-security-policy")).toBe(policy);
    expect(second.requestHeader("x-nonce")).not.toBe(nonce);
    expect(first.response.headers.get("x-frame-options")).toBe("DENY");
    expect(first.response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.response.headers.get("referrer-policy")).toBe("same-origin");
    expect(directives(policy)["frame-ancestors"]).toBe("'none'");
  });

  it("overrides a nonce a client sent itself", () => {
    const { requestHeader } = throughProxy("/dashboard", { headers: { "x-nonce": "chosen-by-the-client" } });
    expect(requestHeader("x-nonce")).not.toBe("chosen-by-the-client");
  });

  it("sends no Referer from /pay/**", () => {
    expect(throughProxy("/pay/some-token").response.headers.get("referrer-policy")).toBe("no-referrer");
    expect(throughProxy("/pay/some-token/done").response.headers.get("referrer-policy")).toBe("no-referrer");
  });

  it("puts nosniff but no CSP, frame or referrer rule on /api answers (tRPC, auth, the API in development)", () => {
    for (const path of ["/api/trpc/studio.get", "/api/auth/session", "/api/v1/client/catalog", "/api/v1/openapi.json"]) {
      const { response, requestHeader } = throughProxy(path);
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("content-security-policy"), path).toBeNull();
      expect(response.headers.get("x-frame-options"), path).toBeNull();
      expect(response.headers.get("referrer-policy"), path).toBeNull();
      expect(requestHeader("x-nonce"), path).toBeNull();
    }
  });

  it("adds HSTS to pages and API answers when PUBLIC_URL is https, and upgrades the page's requests", () => {
    servedAt("https://pay.example.com");
    const page = throughProxy("/login").response.headers;
    expect(page.get("strict-transport-security")).toBe("max-age=31536000");
    expect(directives(page.get("content-security-policy") ?? "")["upgrade-insecure-requests"]).toBe("");
    expect(throughProxy("/api/trpc/studio.get").response.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  it("sends no HSTS when PUBLIC_URL is http", () => {
    expect(throughProxy("/login").response.headers.get("strict-transport-security")).toBeNull();
    expect(throughProxy("/api/health").response.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("the API answers of the Node server (production)", () => {
  it("carry nosniff, on success and on error, and keep their CORS headers", async () => {
    const ok = await call("GET", "/catalog", { key: game.secretKey });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("x-content-type-options")).toBe("nosniff");
    expect(ok.headers.get("strict-transport-security")).toBeNull();
    expect(ok.headers.get("content-security-policy")).toBeNull();

    const refused = await call("GET", "/catalog", { key: "svc_sk_test_unknown" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("x-content-type-options")).toBe("nosniff");

    const browser = await call("GET", "/client/catalog", { serviceKey: game.publishableKey, origin: "https://game.example" });
    expect(browser.status).toBe(200);
    expect(browser.headers.get("access-control-allow-origin")).toBe("*");
    expect(browser.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("carry HSTS when PUBLIC_URL is https", async () => {
    servedAt("https://pay.example.com");
    const ok = await call("GET", "/catalog", { key: game.secretKey });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });
});
