/**
 * No secret reaches a log line: a representative flow over real HTTP (keys, player tokens and
 * secrets, an e-mail code, a staff password, a webhook signing secret and its delivery, the metrics
 * token) runs with the logger captured at its most verbose level, then every captured line is
 * searched for each secret as sent, base64- and percent-encoded. The request line's fields are
 * checked with exact values for one known request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetConfigForTests } from "@/server/lib/config";
import { resetRateLimits } from "@/server/lib/rate-limit";
import { captureLogsForTests } from "@/server/observability/logger";
import { clientCall, grant, meWrite, newAnonymous, serverToken, waitFor } from "../client-helpers";
import { staffWithPassword, testIp, useSignInServer } from "../dashboard/staff-auth-client";
import { callerFor, studioFixture, type StudioFixture } from "../dashboard/studio-staff";
import { startSmtpCapture, type SmtpCapture } from "../email/smtp-capture";
import { apiBaseUrl, call, extRef, idem, useDatabase } from "../harness";
import { helper, newOrder, salesCatalog } from "../order-helpers";
import { runWorker } from "../webhooks/helpers";
import { Receiver } from "../webhooks/receiver";
import { scrape } from "./metrics-server";

useDatabase();
const { signIn } = useSignInServer();

const PASSWORD = "correct horse battery staple 42";
const METRICS_TOKEN = "metrics-token-for-the-log-test-4711";
const saved = { trust: process.env.TRUST_PROXY, metrics: process.env.METRICS_TOKEN };

let studio: StudioFixture;
let smtp: SmtpCapture;
let receiver: Receiver;
let logs: ReturnType<typeof captureLogsForTests>;

function setEnv(name: "TRUST_PROXY" | "METRICS_TOKEN", value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetConfigForTests();
}

/** Every form in which a secret could slip into a line: as is, base64 (both alphabets), percent-encoded. */
function encodings(secret: string): string[] {
  const forms = [secret, Buffer.from(secret).toString("base64"), Buffer.from(secret).toString("base64url"), encodeURIComponent(secret)];
  // JSON escapes `/` nowhere and `"` only: search the escaped form too.
  return [...new Set([...forms, ...forms.map((f) => JSON.stringify(f).slice(1, -1))])];
}

beforeAll(async () => {
  smtp = await startSmtpCapture();
  receiver = await Receiver.start();
  studio = await studioFixture({ catalog: salesCatalog });
  resetRateLimits();
  logs = captureLogsForTests("trace");
});

afterAll(async () => {
  logs.stop();
  setEnv("TRUST_PROXY", saved.trust);
  setEnv("METRICS_TOKEN", saved.metrics);
  await smtp.close();
  await receiver.close();
});

describe("the log", () => {
  const secrets = new Map<string, string>();

  it("runs the flow: keys, tokens, player secret, e-mail code, staff password, webhook secret and delivery", async () => {
    const { game } = studio;
    secrets.set("secret key", game.secretKey);
    secrets.set("publishable key", game.publishableKey);

    // Server API with the secret key; a player token for the client API.
    const ref = extRef("logged");
    expect((await call("POST", `/players/${ref}/wallet/grant`, { key: game.secretKey, idempotencyKey: idem(), body: { currency: "coins", amount: 5 } })).status).toBe(200);
    const token = await serverToken(game.secretKey, ref);
    secrets.set("server-issued player token", token);
    expect((await clientCall(game, "GET", "/me", { token })).status).toBe(200);

    // An anonymous player: its secret, exchanged for a new token.
    const anonymous = await newAnonymous(game);
    secrets.set("player secret", anonymous.playerSecret);
    secrets.set("anonymous token", anonymous.token);
    const exchanged = await clientCall<{ token: string }>(game, "POST", "/players/token", { body: { playerId: anonymous.player.id, playerSecret: anonymous.playerSecret } });
    expect(exchanged.status).toBe(200);
    secrets.set("exchanged token", exchanged.body.token);
    // A wrong secret too: a refusal must not log what was tried.
    const wrongSecret = `${anonymous.playerSecret.slice(0, -4)}zzzz`;
    secrets.set("wrong player secret", wrongSecret);
    expect((await clientCall(game, "POST", "/players/token", { body: { playerId: anonymous.player.id, playerSecret: wrongSecret } })).status).toBe(401);

    // E-mail code: requested, read from the mail, verified (a wrong guess first).
    const email = `log-test-${Date.now().toString(36)}@example.com`;
    expect((await meWrite(game, anonymous.token, "/email", { email, locale: "en" })).status).toBe(200);
    const mail = await waitFor(() => smtp.messages.find((m) => m.to.includes(email)), `the code mail to ${email}`);
    const code = /^(\d{6})\r?$/m.exec(mail.text)?.[1] ?? "";
    expect(code).toMatch(/^\d{6}$/);
    secrets.set("e-mail code", code);
    const wrongCode = code === "000000" ? "111111" : "000000";
    expect((await meWrite(game, anonymous.token, "/email/verify", { email, code: wrongCode })).status).toBe(400);
    const verified = await meWrite<{ token: string; playerSecret: string | null }>(game, anonymous.token, "/email/verify", { email, code });
    expect(verified.status).toBe(200);
    secrets.set("verified token", verified.body.token);
    if (verified.body.playerSecret) secrets.set("verified player secret", verified.body.playerSecret);

    // Staff sign-in with a password over HTTP (next-auth), right and wrong.
    const member = await staffWithPassword(studio.studioId, PASSWORD);
    secrets.set("staff password", PASSWORD);
    expect((await signIn(member.email, "not the password at all", testIp())).signedIn).toBe(false);
    expect((await signIn(member.email, PASSWORD, testIp())).signedIn).toBe(true);

    // A webhook endpoint (dashboard), an order whose events it receives, the delivery job.
    const developer = await callerFor(studio.staff.developer);
    const created = await developer.webhooks.create({ gameId: studio.gameId, env: "test", url: receiver.url("/hook"), events: ["order.fulfilled"] });
    secrets.set("webhook signing secret", created.signingSecret);
    const order = await newOrder(game.secretKey, "p500", ref);
    expect((await helper(game.secretKey, order.id, "pay")).status).toBe(200);
    await grant(game, anonymous.player.id, "coins", 1);
    const counts = await runWorker();
    expect(counts.succeeded).toBeGreaterThanOrEqual(1);
    const delivered = receiver.on("/hook")[0];
    const signature = delivered?.headers["service-signature"];
    expect(typeof signature).toBe("string");
    secrets.set("webhook signature header", String(signature));

    // The metrics token.
    setEnv("METRICS_TOKEN", METRICS_TOKEN);
    secrets.set("metrics token", METRICS_TOKEN);
    expect((await scrape(`Bearer ${METRICS_TOKEN}`)).status).toBe(200);
    expect((await scrape(`Bearer ${METRICS_TOKEN}-wrong`)).status).toBe(401);

    // The flow did log: request lines, the delivery, the sign-in lockout counters (none here).
    expect(logs.lines.filter((line) => line.msg === "request").length).toBeGreaterThan(10);
    expect(logs.lines.find((line) => line.msg === "webhook delivery" && line.endpointId === created.endpoint.id)).toMatchObject({
      level: "info",
      module: "webhooks",
      endpointId: created.endpoint.id,
      outcome: "succeeded",
      statusCode: 200,
      attempt: 1,
      deliveryId: expect.any(String),
      eventId: expect.any(String),
    });
  });

  it("holds none of the secrets, in any encoding", () => {
    expect(secrets.size).toBeGreaterThanOrEqual(13);
    const text = logs.raw.join("");
    for (const [what, secret] of secrets) {
      for (const form of encodings(secret)) expect(text.includes(form), `${what} (${form}) is in the log`).toBe(false);
    }
  });

  it("has one line per request with exact fields; X-Request-Id from a trusted proxy is kept and echoed", async () => {
    setEnv("TRUST_PROXY", "1");
    const ref = extRef("known");
    const { game, gameId } = studio;
    await grant(game, ref, "coins", 1);
    const response = await call("GET", `/players/${ref}/wallet`, { key: game.secretKey, headers: { "x-request-id": "proxy-req.42_A-b" } });
    expect(response.headers.get("x-request-id")).toBe("proxy-req.42_A-b");
    const lines = logs.lines.filter((line) => line.requestId === "proxy-req.42_A-b");
    expect(lines).toHaveLength(1);
    const { time, pid, hostname, durationMs, ...rest } = lines[0] ?? {};
    expect(typeof time).toBe("string");
    expect(typeof pid).toBe("number");
    expect(typeof hostname).toBe("string");
    expect(durationMs).toBeGreaterThanOrEqual(0);
    expect(rest).toEqual({
      level: "info",
      msg: "request",
      requestId: "proxy-req.42_A-b",
      operation: "getWallet",
      method: "GET",
      route: "/api/v1/players/{player}/wallet",
      status: 200,
      gameId,
      env: "test",
    });

    // An error answer names its code.
    const refused = await call("POST", `/players/${ref}/wallet/spend`, {
      key: game.secretKey,
      idempotencyKey: idem(),
      body: { currency: "coins", amount: 1_000 },
      headers: { "x-request-id": "proxy-req-43" },
    });
    expect(refused.status).toBe(409);
    expect(logs.lines.find((line) => line.requestId === "proxy-req-43")).toMatchObject({ operation: "spendCurrency", status: 409, errorCode: "INSUFFICIENT_FUNDS" });
  });

  it("replaces a malformed or untrusted X-Request-Id with a new UUID, also on errors and CORS preflights", async () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    setEnv("TRUST_PROXY", "1");
    for (const sent of ["has space", "x".repeat(129), "semi;colon"]) {
      const answer = await call("GET", "/no/such/route", { key: studio.game.secretKey, headers: { "x-request-id": sent } });
      expect(answer.status).toBe(404);
      expect(answer.headers.get("x-request-id")).toMatch(uuid);
    }
    setEnv("TRUST_PROXY", "0");
    const ref = extRef("untrusted");
    await grant(studio.game, ref, "coins", 1);
    const untrusted = await call("GET", `/players/${ref}/wallet`, { key: studio.game.secretKey, headers: { "x-request-id": "client-picked-id" } });
    expect(untrusted.headers.get("x-request-id")).toMatch(uuid);
    const line = logs.lines.find((l) => l.requestId === untrusted.headers.get("x-request-id"));
    expect(line).toMatchObject({ operation: "getWallet", status: 200 });
    expect(logs.lines.some((l) => l.requestId === "client-picked-id")).toBe(false);

    const preflight = await fetch(`${await apiBaseUrl()}/client/players`, {
      method: "OPTIONS",
      headers: { origin: "https://game.example", "access-control-request-method": "POST" },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("x-request-id")).toMatch(uuid);
    expect(logs.lines.find((l) => l.requestId === preflight.headers.get("x-request-id"))).toMatchObject({ operation: "preflight", method: "OPTIONS", status: 204 });
  });
});
