/**
 * The local Mollie-compatible server of the e2e run (tests/support/mollie-server): started by the global
 * setup, the app talks to it through MOLLIE_API_BASE, the browser pays on its hosted checkout, and it
 * calls the app's webhook at the payment's webhookUrl (PUBLIC_URL is the app itself here).
 */
import { startMollieServer, type MollieServer } from "../../tests/support/mollie-server";
import path from "node:path";
import { E2E_DIR } from "./env";

/** `0` (the default): any free port; the URL goes to the app and the tests through E2E_MOLLIE_URL. */
export const MOLLIE_PORT = Number(process.env.E2E_MOLLIE_PORT ?? 0);

export const MOLLIE_FIXTURE_FILE = path.join(E2E_DIR, "fixtures", "mollie.json");

/** The second fixture's game, sold through Mollie in `test` (e2e/fixtures/mollie.json). */
export const MOLLIE_FIXTURE = {
  gameSlug: "e2e-mollie",
  testSecretKey: "svc_sk_test_e2emollie0000000000000000",
  apiKey: "test_e2emollie000000000000000000000",
  pack: "bag",
};

export async function startE2eMollie(): Promise<MollieServer> {
  const mollie = await startMollieServer({ port: MOLLIE_PORT });
  mollie.addKey(MOLLIE_FIXTURE.apiKey);
  return mollie;
}

export function e2eMollieUrl(): string {
  const url = process.env.E2E_MOLLIE_URL;
  if (!url) throw new Error("E2E_MOLLIE_URL is not set: the tests must run under the e2e global setup (npm run test:e2e).");
  return url;
}
