import "server-only";
import { z } from "zod";

/** A 0/1 switch: anything else is refused, so a typo ("false", "no") cannot silently mean "on". */
const flag = z.enum(["0", "1"], { message: "must be 0 or 1" });

const Config = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  /** Postgres connections per app instance (postgres.js pool). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(1000).default(20),
  /** 0 turns server-side prepared statements off: PgBouncer in transaction mode cannot keep them per client. */
  DATABASE_PREPARE: flag.default("1").transform((value) => value === "1"),
  /** Seconds an unused pool connection stays open before it is closed; 0 keeps it open. */
  DATABASE_IDLE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(60),
  PGLITE_DATA_DIR: z.string().min(1).default(".data/pglite"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The address the server listens on (HOSTNAME, as Next.js's own server reads it). */
  HOSTNAME: z.string().min(1).default("0.0.0.0"),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().min(1).optional(),
  REDIS_URL: z.string().min(1).optional(),
  CRON_SECRET: z.string().min(1).optional(),
  AUTH_SECRET: z.string().min(1).optional(),
  /** Earlier AUTH_SECRET values, comma-separated: they open what they sealed, never seal again (rotation). */
  AUTH_SECRET_PREVIOUS: z.string().min(1).optional(),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  SCHEDULER: z.enum(["on", "off"]).default("on"),
  SERVER_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  CLIENT_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  MIGRATE_ON_START: flag.optional(),
  // Tests and staging point the stripe SDK at a local Stripe-compatible server.
  STRIPE_API_BASE: z.string().url().default("https://api.stripe.com"),
  // The stores' addresses (docs/stores-notifications.md): unset, the real ones. Tests and staging point
  // them at local stand-ins; APPLE_ROOT_CERTIFICATES then names the stand-in's own root (DER or PEM paths).
  APP_STORE_API_BASE: z.string().url().optional(),
  APPLE_ROOT_CERTIFICATES: z.string().min(1).optional(),
  GOOGLE_PLAY_API_BASE: z.string().url().default("https://androidpublisher.googleapis.com/"),
  GOOGLE_OAUTH_TOKEN_URL: z.string().url().default("https://oauth2.googleapis.com/token"),
  // Tests and staging point the Mollie client at a local Mollie-compatible server (http allowed).
  MOLLIE_API_BASE: z.string().url().default("https://api.mollie.com"),
  CHECKOUT_EXPIRY_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(30),
  NODE_ENV: z.string().default("development"),
  /** Lowest level the JSON log writes (server/observability/logger.ts). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Bearer token of GET /api/metrics; unset, that route answers 404. */
  METRICS_TOKEN: z.string().min(1).optional(),
});
export type Config = z.infer<typeof Config> & { publicUrl: string };

/*
 * Every environment variable the app reads is declared above and read through config(). The exceptions,
 * read from process.env where they are:
 * - instrumentation.ts: NEXT_RUNTIME (Next.js inlines it per runtime; it must be checked before anything
 *   Node-only is imported) and NEXT_PHASE (set by `next build`, which Next.js does not pass through here);
 * - tests/**, scripts/bench.ts and playwright.config.ts: test and tooling switches (the per-worker
 *   DATABASE_URL, PG_ADMIN_URL, …), outside the app.
 * And one written: server/auth/auth-options.ts sets NEXTAUTH_URL (next-auth's own address) from PUBLIC_URL.
 */
let cached: Config | undefined;

/** The environment, parsed once. Empty strings count as unset, as in most dotenv setups. */
export function config(): Config {
  if (cached) return cached;
  const raw = Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== undefined && v !== ""));
  const parsed = Config.safeParse(raw);
  if (!parsed.success) {
    // Names and reasons only: a value may be a secret.
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment variable(s):\n${lines.join("\n")}`);
  }
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, "");
  cached = { ...parsed.data, publicUrl };
  return cached;
}

/** The variables production cannot run without: each listed by name, with why. */
const REQUIRED_IN_PRODUCTION = [
  { name: "AUTH_SECRET", present: (c: Config) => c.AUTH_SECRET !== undefined, why: "must be set in production (dashboard sessions and sealed secrets)" },
] as const;

/**
 * Throws, naming each missing variable (never a value), when production lacks one the app cannot run
 * without. server.ts calls it before it listens, so a bad deploy fails at start and not with a 500 on
 * every page. Not part of config(): `next build` loads the app with NODE_ENV=production and no secrets.
 */
export function assertStartable(current: Config = config()): void {
  if (current.NODE_ENV !== "production") return;
  const missing = REQUIRED_IN_PRODUCTION.filter((variable) => !variable.present(current));
  if (missing.length === 0) return;
  throw new Error(`Invalid environment variable(s):\n${missing.map((variable) => `  ${variable.name}: ${variable.why}`).join("\n")}`);
}

/** Tests change the environment between cases; this forgets the parsed copy. */
export function resetConfigForTests(): void {
  cached = undefined;
}
