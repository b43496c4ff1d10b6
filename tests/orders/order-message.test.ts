import { runInNewContext } from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderMessageScript } from "@/components/pay/order-message";
import { getDb } from "@/server/db/connection";
import { resetConfigForTests } from "@/server/lib/config";
import { getCheckoutPage } from "@/server/orders/checkout-page";
import { extRef, useDatabase } from "../harness";
import { gameIdOf } from "../domain-helpers";
import { createTestGame } from "../harness";
import { salesCatalog } from "../order-helpers";
import { pendingOrder, submit, useStripe, type TestGame } from "../payments/checkout-helpers";
import { startStripeServer, type StripeServer } from "../support/stripe-server";

useDatabase();

const LIVE_ORIGINS = ["https://play.example", "https://www.example.org"];
const LIVE_KEY = "sk_live_ordermessage1";
let game: TestGame;
let mock: StripeServer;
let previousBase: string | undefined;

beforeAll(async () => {
  mock = await startStripeServer();
  mock.addAccount({ secretKey: LIVE_KEY, accountId: "acct_message1" });
  previousBase = process.env.STRIPE_API_BASE;
  process.env.STRIPE_API_BASE = mock.url;
  resetConfigForTests();
  game = await createTestGame({ catalog: salesCatalog, allowedOrigins: { live: LIVE_ORIGINS, test: ["https://test.example"] } });
  await useStripe(await gameIdOf(game), "live", LIVE_KEY);
});

afterAll(async () => {
  if (previousBase === undefined) delete process.env.STRIPE_API_BASE;
  else process.env.STRIPE_API_BASE = previousBase;
  resetConfigForTests();
  await mock.close();
});

async function originsOf(token: string): Promise<string[] | undefined> {
  return (await getCheckoutPage(await getDb(), token))?.messageOrigins;
}

describe("where the confirmation page posts the gamecoin:order message", () => {
  it("live, a server checkout without successUrl: to each of the game's allowed live origins (it was nobody)", async () => {
    const order = await pendingOrder(game.liveSecretKey, extRef("live"));
    expect(await originsOf(order.token)).toEqual(LIVE_ORIGINS);
  });

  it("live, after a Stripe payment: still the allowed origins, the order's page is the same", async () => {
    const order = await pendingOrder(game.liveSecretKey, extRef("paid"));
    const response = await submit(order.token, "pay", { country: "FR", consent: "yes" });
    expect(response.headers.get("location")).toMatch(new RegExp(`^${mock.url}/c/pay/cs_live_`));
    expect(await originsOf(order.token)).toEqual(LIVE_ORIGINS);
  });

  it("live, a checkout that named its return: only that origin", async () => {
    const order = await pendingOrder(game.liveSecretKey, extRef("named"), { successUrl: "https://shop.example/done" });
    expect(await originsOf(order.token)).toEqual(["https://shop.example"]);
  });

  it("live, a game without allowed origins: nobody (never *)", async () => {
    const bare = await createTestGame({ catalog: salesCatalog });
    await useStripe(await gameIdOf(bare), "live", LIVE_KEY);
    const order = await pendingOrder(bare.liveSecretKey, extRef("bare"));
    expect(await originsOf(order.token)).toEqual([]);
  });

  it("test without a named return: * as before", async () => {
    const order = await pendingOrder(game.secretKey, extRef("test"));
    expect(await originsOf(order.token)).toEqual(["*"]);
  });
});

describe("the message script", () => {
  /** Runs the page's script against a fake opener that refuses the posts whose target is not its origin, as a browser drops them. */
  function run(script: string, openerOrigin: string): { delivered: unknown[]; posts: string[] } {
    const delivered: unknown[] = [];
    const posts: string[] = [];
    const opener = {
      closed: false,
      postMessage(message: unknown, target: string) {
        posts.push(target);
        if (target === "https://broken.example") throw new Error("SyntaxError: invalid origin");
        if (target === "*" || target === openerOrigin) delivered.push(message);
      },
    };
    runInNewContext(script, { window: { opener } });
    return { delivered, posts };
  }

  it("posts { type, orderId, status } once to each origin; only the opener's own origin receives it", () => {
    const script = orderMessageScript("ord_1", "fulfilled", LIVE_ORIGINS);
    expect(run(script, "https://www.example.org")).toEqual({
      delivered: [{ type: "gamecoin:order", orderId: "ord_1", status: "fulfilled" }],
      posts: LIVE_ORIGINS,
    });
    expect(run(script, "https://evil.example").delivered).toEqual([]);
  });

  it("one post that throws does not stop the others", () => {
    const script = orderMessageScript("ord_2", "failed", ["https://broken.example", "https://play.example"]);
    expect(run(script, "https://play.example")).toEqual({
      delivered: [{ type: "gamecoin:order", orderId: "ord_2", status: "failed" }],
      posts: ["https://broken.example", "https://play.example"],
    });
  });

  it("cannot close its script element", () => {
    expect(orderMessageScript("</script><script>alert(1)</script>", "fulfilled", ["*"])).not.toContain("<");
  });
});
