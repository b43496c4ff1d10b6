import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { enterShop } from "@/app/shop/shop-enter";
import { shopAction } from "@/app/shop/shop-actions";
import { resetConfigForTests } from "@/server/lib/config";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { saveShopSettings } from "@/server/shop/shop-settings";
import { call, createTestGame, db, extRef, useDatabase, type TestGame } from "../harness";
import { gameIdOf } from "../domain-helpers";

useDatabase();

let game: TestGame;
beforeAll(async () => {
  game = await createTestGame();
  const gameId = await gameIdOf(game);
  for (const env of ["test", "live"] as const) {
    await saveShopSettings(await db(), { gameId, env }, { enabled: true, logoUrl: null, accentColor: null, returnUrl: null, appSchemes: [] });
  }
});
beforeEach(() => resetRateLimits());
afterEach(() => {
  process.env.PUBLIC_URL = "http://localhost:3000";
  resetConfigForTests();
});

async function tokenFor(ref = extRef("route")): Promise<string> {
  const response = await call<{ url: string }>("POST", `/players/${ref}/shop-links`, { key: game.secretKey, body: { locale: "nl" } });
  expect(response.status).toBe(201);
  return new URL(response.body.url).pathname.split("/").pop() ?? "";
}

const open = (token: string, init: RequestInit = {}, env: "test" | "live" = "test") =>
  enterShop(new Request(`http://localhost:3000/shop/${game.slug}/test/enter/${token}`, init), { slug: game.slug, token, env });

describe("GET …/enter/<token>", () => {
  it("303 to the shop in the link's language with an HttpOnly, SameSite=Lax session cookie scoped to the game's shop", async () => {
    const response = await open(await tokenFor());
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://localhost:3000/shop/${game.slug}/test?lang=nl`);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(new RegExp(`^gc_shop_test=[A-Za-z0-9_-]{40,}; Path=/shop/${game.slug}; Max-Age=86\\d{3}; HttpOnly; SameSite=Lax$`));
  });

  it("behind https the cookie is Secure and __Secure- prefixed", async () => {
    const token = await tokenFor();
    process.env.PUBLIC_URL = "https://shop.gamecoin.test";
    resetConfigForTests();
    const cookie = (await open(token)).headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/^__Secure-gc_shop_test=.+; HttpOnly; SameSite=Lax; Secure$/);
  });

  it("a second opening, or one on the other environment's shop, redirects to the refusal page without a cookie", async () => {
    const token = await tokenFor();
    const other = await open(token, {}, "live");
    expect(other.status).toBe(303);
    expect(other.headers.get("location")).toBe(`http://localhost:3000/shop/${game.slug}?refused=other-shop`);
    expect(other.headers.get("set-cookie")).toBeNull();
    expect((await open(token)).headers.get("set-cookie")).not.toBeNull();
    const again = await open(token);
    expect(again.headers.get("location")).toBe(`http://localhost:3000/shop/${game.slug}/test?refused=used`);
    expect(again.headers.get("set-cookie")).toBeNull();
  });

  it("HEAD and prefetches answer 204 and leave the link unspent", async () => {
    const token = await tokenFor();
    expect((await open(token, { method: "HEAD" })).status).toBe(204);
    expect((await open(token, { headers: { "Sec-Purpose": "prefetch" } })).status).toBe(204);
    expect((await open(token)).headers.get("set-cookie")).not.toBeNull();
  });
});

describe("POST …/act/<action>", () => {
  const post = (action: string, headers: Record<string, string>) =>
    shopAction(new Request(`http://localhost:3000/shop/${game.slug}/test/act/${action}`, { method: "POST", headers, body: new URLSearchParams({ packSku: "x" }) }), {
      slug: game.slug,
      action,
      env: "test",
    });

  it("refuses a post from another site with 403", async () => {
    const response = await post("buy", { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: { code: "FORBIDDEN", details: { fieldErrors: { Origin: ["CROSS_SITE_REQUEST"] } } } });
    expect((await post("buy", { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });

  it("a buy without a session goes back to the shop asking to sign in", async () => {
    const response = await post("buy", { Origin: "http://localhost:3000" });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`http://localhost:3000/shop/${game.slug}/test?error=signIn`);
  });

  it("sign-in steps: at most 20 per IP in 15 minutes, then the page says so", async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 21; i += 1) {
      const response = await shopAction(
        new Request(`http://localhost:3000/shop/${game.slug}/test/act/verify`, {
          method: "POST",
          headers: { Origin: "http://localhost:3000" },
          body: new URLSearchParams({ code: "000000" }),
        }),
        { slug: game.slug, action: "verify", env: "test" },
      );
      statuses.push(new URL(response.headers.get("location") ?? "").searchParams.get("error") ?? "");
    }
    expect(statuses.slice(0, 20).every((s) => s !== "rateLimited")).toBe(true);
    expect(statuses[20]).toBe("rateLimited");
  });
});
