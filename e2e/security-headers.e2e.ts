/**
 * Browser protections of the built app (docs/security.md, "Browser protections"):
 *
 * - every page sends a nonce-based CSP with frame-ancestors 'none', X-Frame-Options, nosniff and a
 *   Referrer-Policy (no-referrer on the payment page); API answers send nosniff and no CSP;
 * - the pages still work under that policy (sign-in form, API reference, dashboard charts): the browser
 *   reports no violation;
 * - a page of another site cannot frame /login or the payment page;
 * - a tRPC mutation or a server action sent from another site is refused with 403 and changes nothing;
 * - a second app with an https PUBLIC_URL adds HSTS and signs staff in with Secure `__Host-` cookies.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { ApiClient, uniquePlayerRef } from "./support/api";
import { startAppServer, type AppServer } from "./support/app-server";
import { APP_URL, e2eDatabaseUrl, FIXTURE, ROOT_DIR } from "./support/env";
import { e2eMollieUrl } from "./support/mollie";
import { e2eStripeUrl } from "./support/stripe";

const api = new ApiClient();
/** Port of the second app, started with an https PUBLIC_URL (served over plain http, as behind a TLS proxy). */
const HTTPS_APP_PORT = Number(process.env.E2E_HTTPS_PORT ?? 3102);
const FOREIGN_ORIGIN = "http://127.0.0.1:4173";

/** Directive name → its sources. */
function directives(policy: string | undefined): Record<string, string> {
  return Object.fromEntries((policy ?? "").split("; ").map((d) => [d.split(" ")[0], d.split(" ").slice(1).join(" ")]));
}

/** CSP violations the page reports (an init script runs outside the page's CSP). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`));
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

async function signIn(page: Page, origin: string = APP_URL): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.locator("input[name=email]").fill(FIXTURE.staff.owner.email);
  await page.locator("input[name=password]").fill(FIXTURE.staff.owner.password);
  await page.locator("form button[type=submit]").click();
  await expect(page).toHaveURL(`${origin}/dashboard`);
}

type TrpcAnswer = { result?: { data?: { json?: { name?: string } } }; error?: { json?: { data?: { code?: string; appCode?: string; fieldErrors?: unknown } } } };

async function studioName(request: APIRequestContext): Promise<string> {
  const answer = await request.get(`${APP_URL}/api/trpc/studio.get`);
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as TrpcAnswer).result?.data?.json?.name ?? "";
}

// ---------- headers ----------

test("pages send a strict nonce-based CSP, no framing, nosniff and same-origin referrers", async ({ request }) => {
  const first = await request.get("/login", { maxRedirects: 0 });
  expect(first.status()).toBe(200);
  const headers = first.headers();
  const policy = directives(headers["content-security-policy"]);
  expect(policy["frame-ancestors"]).toBe("'none'");
  expect(policy["script-src"]).toMatch(/^'self' 'nonce-[A-Za-z0-9+/]+=*' 'strict-dynamic'$/);
  expect(policy["object-src"]).toBe("'none'");
  expect(policy["base-uri"]).toBe("'none'");
  expect(policy["form-action"]).toBe("'self'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("same-origin");
  // PUBLIC_URL of the run's app is http: no HSTS, no upgrade.
  expect(headers["strict-transport-security"]).toBeUndefined();
  expect(policy["upgrade-insecure-requests"]).toBeUndefined();

  // The nonce is new on every request, and it is on the page's scripts.
  const nonce = /'nonce-([^']+)'/.exec(policy["script-src"] ?? "")?.[1] ?? "";
  const html = await first.text();
  expect(html).toContain(`nonce="${nonce}"`);
  const second = await request.get("/login", { maxRedirects: 0 });
  expect(directives(second.headers()["content-security-policy"])["script-src"]).not.toContain(nonce);

  // The home page was prerendered before pages became per-request; it must carry a nonce too.
  const home = await request.get("/");
  const homeNonce = /'nonce-([^']+)'/.exec(home.headers()["content-security-policy"] ?? "")?.[1] ?? "";
  expect(await home.text()).toContain(`nonce="${homeNonce}"`);
});

test("the payment page sends no Referer and lets its forms go to Stripe Checkout", async ({ request }) => {
  const { checkoutUrl } = await api.createCheckout(uniquePlayerRef("headers"), { packSku: FIXTURE.packs.chest, country: "FR", locale: "en" });
  for (const url of [checkoutUrl, `${checkoutUrl}/done`]) {
    const page = await request.get(url, { maxRedirects: 0 });
    expect(page.status(), url).toBe(200);
    expect(page.headers()["referrer-policy"]).toBe("no-referrer");
    expect(page.headers()["x-frame-options"]).toBe("DENY");
    // The run's local Stripe and Mollie servers host their checkout pages, so the app (STRIPE_API_BASE,
    // MOLLIE_API_BASE) allows them too.
    expect(directives(page.headers()["content-security-policy"])["form-action"]).toBe(
      `'self' https://checkout.stripe.com https://www.mollie.com ${new URL(e2eStripeUrl()).origin} ${new URL(e2eMollieUrl()).origin}`,
    );
  }
});

test("API answers send nosniff and no page policy, CORS unchanged", async ({ request }) => {
  // Answered by the Node server itself (server/api/node-adapter.ts).
  const catalog = await request.get("/api/v1/catalog", { headers: { Authorization: `Bearer ${FIXTURE.testSecretKey}` } });
  expect(catalog.status()).toBe(200);
  expect(catalog.headers()["x-content-type-options"]).toBe("nosniff");
  expect(catalog.headers()["content-security-policy"]).toBeUndefined();
  expect(catalog.headers()["x-frame-options"]).toBeUndefined();
  const unauthenticated = await request.get("/api/v1/catalog");
  expect(unauthenticated.status()).toBe(401);
  expect(unauthenticated.headers()["x-content-type-options"]).toBe("nosniff");
  const browser = await request.get("/api/v1/client/catalog", { headers: { "X-Service-Key": FIXTURE.testPublishableKey, Origin: FOREIGN_ORIGIN } });
  expect(browser.status()).toBe(200);
  expect(browser.headers()["access-control-allow-origin"]).toBe(FOREIGN_ORIGIN);
  expect(browser.headers()["x-content-type-options"]).toBe("nosniff");

  // Answered by Next.js route handlers (through proxy.ts).
  for (const url of ["/api/v1/openapi.json", "/api/trpc/studio.get", "/api/auth/csrf", "/api/health"]) {
    const answer = await request.get(url);
    expect(answer.headers()["x-content-type-options"], url).toBe("nosniff");
    expect(answer.headers()["content-security-policy"], url).toBeUndefined();
  }
  expect((await request.get("/api/v1/openapi.json")).headers()["access-control-allow-origin"]).toBe("*");
});

// ---------- the pages still work under the policy ----------

test("the sign-in form, the API reference and the dashboard's charts run under the policy without a violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await page.goto("/login");
  // Client JavaScript (next-auth's signIn) answers a wrong password: the page's scripts ran.
  await page.locator("input[name=email]").fill(FIXTURE.staff.owner.email);
  await page.locator("input[name=password]").fill("not the password");
  await page.locator("form button[type=submit]").click();
  await expect(page.getByText("Wrong e-mail or password.")).toBeVisible();
  expect(await violations()).toEqual([]);

  await page.goto("/docs");
  await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
  expect(await violations()).toEqual([]);

  // The 404 page (Next.js's built-in one styles itself with a nonce-less <style>).
  const missing = await page.goto("/no-such-page");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "This page could not be found." })).toBeVisible();
  expect(await violations()).toEqual([]);

  await signIn(page);
  const href = await page.getByRole("link", { name: new RegExp(FIXTURE.gameName) }).getAttribute("href");
  await page.goto(`${href}/revenue`);
  const chart = page.getByTestId("revenue-chart");
  await expect(chart).toBeVisible();
  // The drawing keeps its 280 px under the policy (recharts measures it with inline styles); the caption is below it.
  expect((await chart.locator("div[aria-hidden=true]").first().boundingBox())?.height).toBe(280);
  expect(await violations()).toEqual([]);
});

// ---------- framing ----------

let framer: Server | null = null;
test.afterAll(async () => {
  framer?.closeAllConnections();
  await new Promise<void>((resolve) => (framer ? framer.close(() => resolve()) : resolve()));
});

test("a page of another site cannot frame /login or the payment page", async ({ page }) => {
  const { checkoutUrl } = await api.createCheckout(uniquePlayerRef("framed"), { packSku: FIXTURE.packs.chest, country: "FR", locale: "en" });
  const html = `<!doctype html><html><body>
<iframe id="login" src="${APP_URL}/login" onload="window.loaded = (window.loaded || 0) + 1"></iframe>
<iframe id="pay" src="${checkoutUrl}" onload="window.loaded = (window.loaded || 0) + 1"></iframe>
</body></html>`;
  framer = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(html);
  });
  await new Promise<void>((resolve) => framer?.listen(0, "127.0.0.1", resolve));
  await page.goto(`http://127.0.0.1:${(framer.address() as AddressInfo).port}/`);
  await expect.poll(() => page.evaluate(() => (window as unknown as { loaded?: number }).loaded ?? 0)).toBe(2);
  for (const id of ["login", "pay"]) {
    const frame = await (await page.$(`#${id}`))?.contentFrame();
    expect(frame, id).toBeTruthy();
    // Chromium replaces a refused frame with its own error page.
    expect(frame?.url(), id).not.toContain(APP_URL);
    await expect(page.frameLocator(`#${id}`).locator("input[name=email], [data-testid=pay]")).toHaveCount(0);
  }
});

// ---------- cross-site requests ----------

test("a tRPC mutation sent from another site with the staff cookie is refused with 403 and changes nothing", async ({ page }) => {
  await signIn(page);
  const before = await studioName(page.request);
  // What a page of another site (e.g. a sibling subdomain, which gets the Lax cookie) can send.
  const crossSite: Record<string, string>[] = [{ Origin: FOREIGN_ORIGIN }, { "Sec-Fetch-Site": "same-site" }];
  for (const headers of crossSite) {
    const refused = await page.request.post("/api/trpc/studio.rename", { headers, data: { json: { name: "Hijacked Studio" } } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as TrpcAnswer).error?.json?.data).toMatchObject({ code: "FORBIDDEN", appCode: "FORBIDDEN", fieldErrors: { Origin: ["CROSS_SITE_REQUEST"] } });
  }
  expect(await studioName(page.request)).toBe(before);

  // The same mutation from the dashboard's own page (the browser sends its Origin) runs.
  const status = await page.evaluate(async (name) => {
    const response = await fetch("/api/trpc/studio.rename", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ json: { name } }) });
    return response.status;
  }, before);
  expect(status).toBe(200);
});

test("a server action sent from another site is refused with 403 before Next.js runs it", async ({ request }) => {
  const crossSite: Record<string, string>[] = [{ Origin: FOREIGN_ORIGIN }, { "Sec-Fetch-Site": "cross-site" }];
  for (const headers of crossSite) {
    const refused = await request.post("/setup", { headers: { ...headers, "Next-Action": "0123456789abcdef0123456789abcdef01234567", "Content-Type": "text/plain;charset=UTF-8" }, data: "[]", maxRedirects: 0 });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: "FORBIDDEN", details: { fieldErrors: { Origin: ["CROSS_SITE_REQUEST"] } } } });
  }
});

// ---------- an app whose PUBLIC_URL is https ----------

type Cookie = { name: string; value: string; attributes: string[] };
function setCookies(response: Response): Cookie[] {
  return response.headers.getSetCookie().map((line) => {
    const [pair = "", ...attributes] = line.split("; ");
    return { name: pair.slice(0, pair.indexOf("=")), value: pair.slice(pair.indexOf("=") + 1), attributes: attributes.map((a) => a.toLowerCase()) };
  });
}
const cookieHeader = (cookies: Cookie[]) => cookies.map((c) => `${c.name}=${c.value}`).join("; ");

test("with an https PUBLIC_URL: HSTS everywhere, and staff sessions in Secure __Host- cookies", async () => {
  test.setTimeout(150_000);
  // The run's database (already migrated and seeded); the app is reached over http, as behind a TLS proxy.
  let server: AppServer | null = null;
  try {
    server = await startAppServer({ databaseUrl: e2eDatabaseUrl(), logDir: path.join(ROOT_DIR, "test-results"), port: HTTPS_APP_PORT, env: { PUBLIC_URL: `https://localhost:${HTTPS_APP_PORT}` } });
    const base = server.url;

    const login = await fetch(`${base}/login`, { redirect: "manual" });
    expect(login.headers.get("strict-transport-security")).toBe("max-age=31536000");
    expect(directives(login.headers.get("content-security-policy") ?? undefined)["upgrade-insecure-requests"]).toBe("");
    const apiAnswer = await fetch(`${base}/api/v1/catalog`, { headers: { Authorization: `Bearer ${FIXTURE.testSecretKey}` } });
    expect(apiAnswer.status).toBe(200);
    expect(apiAnswer.headers.get("strict-transport-security")).toBe("max-age=31536000");

    // The sign-in exchange of the login form.
    const csrfAnswer = await fetch(`${base}/api/auth/csrf`);
    const { csrfToken } = (await csrfAnswer.json()) as { csrfToken: string };
    const csrf = setCookies(csrfAnswer);
    const callback = await fetch(`${base}/api/auth/callback/credentials`, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookieHeader(csrf) },
      body: new URLSearchParams({ csrfToken, email: FIXTURE.staff.owner.email, password: FIXTURE.staff.owner.password, json: "true" }),
    });
    expect(callback.status).toBe(200);
    const cookies = [...csrf, ...setCookies(callback)];
    const session = cookies.find((c) => c.name === "__Host-next-auth.session-token");
    expect(session, JSON.stringify(cookies.map((c) => c.name))).toBeDefined();
    for (const cookie of cookies) {
      expect(cookie.name).toMatch(/^__Host-/);
      expect(cookie.attributes).toEqual(expect.arrayContaining(["secure", "httponly", "path=/"]));
      expect(cookie.attributes.some((a) => a.startsWith("domain="))).toBe(false);
    }

    // The dashboard reads the session under that name, and not under the plain one.
    const signedIn = await fetch(`${base}/api/trpc/studio.get`, { headers: { Cookie: cookieHeader(cookies) } });
    expect(signedIn.status).toBe(200);
    const plain = await fetch(`${base}/api/trpc/studio.get`, { headers: { Cookie: `next-auth.session-token=${session?.value ?? ""}` } });
    expect(plain.status).toBe(401);
  } finally {
    await server?.stop();
  }
});
