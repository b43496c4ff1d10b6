/**
 * Fixed facts of the as-deployed lane (playwright.deployed.config.ts): the public name, ports and
 * addresses, shared by the config, the global setup and the tests. The lane's ports are its own, so it
 * can run beside the main e2e suite (3100, 4173, 12111).
 */
import path from "node:path";
import { ROOT_DIR } from "../../support/env";

export { ROOT_DIR };

/** The public host name: not localhost, resolved to 127.0.0.1 by Chromium's --host-resolver-rules and the tests' own look-up. */
export const PUBLIC_HOST = "pay.gamecoin.test";
export const HTTPS_PORT = Number(process.env.DEPLOYED_HTTPS_PORT ?? 8443);
export const HTTP_PORT = Number(process.env.DEPLOYED_HTTP_PORT ?? 8080);
/** PUBLIC_URL of both instances: what every link and redirect must start with. */
export const PUBLIC_URL = `https://${PUBLIC_HOST}:${HTTPS_PORT}`;
export const PUBLIC_API_URL = `${PUBLIC_URL}/api/v1`;
/** The two `npm start` instances behind nginx (HOSTNAME=127.0.0.1). */
export const INSTANCE_PORTS = [Number(process.env.DEPLOYED_PORT_1 ?? 4301), Number(process.env.DEPLOYED_PORT_2 ?? 4302)] as const;
export const PGBOUNCER_PORT = Number(process.env.DEPLOYED_PGBOUNCER_PORT ?? 6433);
export const STRIPE_PORT = Number(process.env.DEPLOYED_STRIPE_PORT ?? 4310);
/** The game page of the SDK and checkout tests (an allowed origin of the lane's fixture). */
export const GAME_PORT = Number(process.env.DEPLOYED_GAME_PORT ?? 4373);
export const GAME_ORIGIN = `http://127.0.0.1:${GAME_PORT}`;
/**
 * The instances' shared Redis. A database number of its own: the lane deletes its `gc:` keys at the
 * start, so its per-address limits start from zero on every run.
 */
export const REDIS_URL = process.env.DEPLOYED_REDIS_URL ?? "redis://127.0.0.1:6379/11";
/** Where the instances', nginx's and PgBouncer's logs are kept after the run (CI prints them on failure). */
export const LOG_DIR = path.join(ROOT_DIR, "test-results", "deployed");

/** What the global setup hands the test workers (they inherit the runner's environment). */
export type LaneFacts = {
  /** The lane's CA certificate (PEM file): Node-side requests trust only it. */
  caFile: string;
  /** base64 SHA-256 of the server certificate's public key, for Chromium's --ignore-certificate-errors-spki-list. */
  spki: string;
  /** Process group ids of the two instances, in INSTANCE_PORTS order. */
  instancePids: number[];
  /** Directory where the SMTP capture writes each mail as <n>.eml. */
  mailDir: string;
  /** Direct Postgres URL of the lane's database (checks only; the instances go through PgBouncer). */
  databaseUrl: string;
};

const FACTS_VARIABLE = "DEPLOYED_LANE_FACTS";

export function publishLaneFacts(facts: LaneFacts): void {
  process.env[FACTS_VARIABLE] = JSON.stringify(facts);
}

export function laneFacts(): LaneFacts {
  const raw = process.env[FACTS_VARIABLE];
  if (!raw) throw new Error(`${FACTS_VARIABLE} is not set: run the lane with npm run test:e2e:deployed.`);
  return JSON.parse(raw) as LaneFacts;
}

/** Chromium's flags for the lane, added to the suite's own: the public name maps to 127.0.0.1, the lane's certificate is trusted. */
export function laneChromiumArgs(): string[] {
  const raw = process.env[FACTS_VARIABLE];
  const spki = raw ? (JSON.parse(raw) as LaneFacts).spki : null;
  return [`--host-resolver-rules=MAP ${PUBLIC_HOST} 127.0.0.1`, ...(spki ? [`--ignore-certificate-errors-spki-list=${spki}`] : [])];
}
