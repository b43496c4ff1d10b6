/**
 * What only a deployment shows, through nginx: TLS on the public name with HSTS from the app, the
 * plain-http redirect, the metrics kept private, and the client address taken from X-Forwarded-For
 * (TRUST_PROXY=1) rather than from the socket (nginx) or from what the client claims.
 */
import { randomInt } from "node:crypto";
import { expect, test } from "@playwright/test";
import Redis from "ioredis";
import { request } from "undici";
import { expectNoSeriousAxeViolations } from "../support/axe";
import { FIXTURE } from "../support/env";
import { HTTP_PORT, PUBLIC_URL, REDIS_URL } from "./support/env";
import { api, frontDoor, header } from "./support/front-door";

test("https on the public name: the app's answer carries HSTS and the X-Request-Id nginx made", async () => {
  const ready = await frontDoor("/api/ready");
  expect(ready.status).toBe(200);
  expect(header(ready, "strict-transport-security")).toBe("max-age=31536000");
  expect(header(ready, "x-request-id")).toBeUndefined();
  const catalog = await api<{ packs: unknown[] }>("GET", "/catalog", FIXTURE.testSecretKey);
  expect(catalog.status).toBe(200);
  expect(header(catalog, "strict-transport-security")).toBe("max-age=31536000");
  // nginx's $request_id: 32 hex digits, kept by the app because TRUST_PROXY is 1.
  expect(header(catalog, "x-request-id")).toMatch(/^[0-9a-f]{32}$/);
});

test("plain http answers 301 to https; /api/metrics is not public", async () => {
  const plain = await request(`http://127.0.0.1:${HTTP_PORT}/dashboard?x=1`, { headers: { Host: "pay.gamecoin.test" } });
  await plain.body.dump();
  expect(plain.statusCode).toBe(301);
  expect(plain.headers.location).toBe("https://pay.gamecoin.test/dashboard?x=1");
  const metrics = await frontDoor("/api/metrics", { headers: { Authorization: "Bearer anything" } });
  expect(metrics.status).toBe(404);
});

test("the client address is the one nginx saw: a spoofed X-Forwarded-For is ignored", async () => {
  // A fresh loopback address per run as the client's own, and a fresh documentation address as the lie.
  const real = `127.0.${randomInt(1, 255)}.${randomInt(2, 255)}`;
  const spoofed = `203.0.113.${randomInt(1, 255)}`;
  const created = await api<{ player: { id: string } }>("POST", "/client/players", FIXTURE.testPublishableKey, {}, { from: real, headers: { "X-Forwarded-For": spoofed } });
  expect(created.status).toBe(201);
  // Anonymous players are limited per address (30 an hour): the shared Redis counted this one for the real address only.
  const redis = new Redis(REDIS_URL);
  try {
    expect(await redis.get(`gc:anonymous-player-ip:${real}`)).toBe("1");
    expect(await redis.exists(`gc:anonymous-player-ip:${spoofed}`)).toBe(0);
    expect(await redis.exists("gc:anonymous-player-ip:127.0.0.1")).toBe(0);
  } finally {
    redis.disconnect();
  }
});

test("a page through the front door in Chromium: trusted certificate, HSTS, the public URL", async ({ page }) => {
  const response = await page.goto("/login");
  expect(response?.status()).toBe(200);
  expect(response?.url()).toBe(`${PUBLIC_URL}/login`);
  expect((await response?.allHeaders())?.["strict-transport-security"]).toBe("max-age=31536000");
  await expect(page.locator("h1")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "login");
});
