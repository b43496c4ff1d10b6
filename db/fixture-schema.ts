import { z } from "zod";
import { staffRoles, type Environment } from "./schema/tenancy";
import { webhookEventTypes } from "./schema/webhooks";
import { CREATOR_CODE_PATTERN, GIFT_CODE_PATTERN, normalizeCreatorCode, normalizeGiftCode } from "@/server/lib/code-format";
import { ID_PATTERN } from "@/server/lib/ids";
// The field rules of catalog entries are shared with the dashboard's catalog forms.
import {
  CatalogAmount as Amount,
  CatalogCurrencyCode as CurrencyCode,
  CatalogItemQuantity as ItemQuantity,
  CatalogName as Name,
  CurrencyInput as Currency,
  IsoDateTime as DateTime,
  ItemInput as Item,
  MAX_INT32,
  PackInput as Pack,
} from "@/server/catalog/catalog-schemas";
import { endpointUrlProblem } from "@/server/webhooks/endpoint-url";
import { checkSecretKey, isWebhookSecret } from "@/server/payments/stripe-keys";
import { checkCatalog, checkEnvironment, checkEvents, checkGame, checkGames, checkKeys, checkStaff } from "./fixture-references";

export { MAX_WEBHOOKS_PER_GAME } from "./fixture-references";

/**
 * The fixture format (docs/fixtures.md). Objects are strict (an unknown field is a typo the author
 * wants to hear about), bounds follow the API's, and references inside a game (prices, grants,
 * pack and gift-code items) are checked too (fixture-references.ts) so the loader only ever writes a
 * coherent catalog.
 */

/** Cross-field checks also run when a sibling field is malformed, so every problem is reported at once. */
const always = { when: () => true };

// ---------- catalog ----------

/** A game's catalog; the dashboard's JSON import validates with this very schema. */
export const Catalog = z
  .strictObject({
    currencies: z.array(Currency).default([]),
    items: z.array(Item).default([]),
    packs: z.array(Pack).default([]),
  })
  .superRefine(checkCatalog, always);

// ---------- game settings and creator codes ----------

const Settings = z.strictObject({
  spendOrder: z.enum(["bonus_first", "paid_first"]).default("bonus_first"),
  negativeBalance: z.enum(["allow", "clamp"]).default("allow"),
  anonymousPlayers: z.boolean().default(true),
  prelaunch: z.boolean().default(false),
  launchAt: DateTime.nullable().default(null),
});

const CreatorCode = z.strictObject({
  code: z
    .string()
    .transform(normalizeCreatorCode)
    .pipe(z.string().regex(CREATOR_CODE_PATTERN, "a creator code is 2 to 32 letters, digits, _ or -")),
  creatorName: Name,
  rateBp: z.int().min(0).max(10_000),
  active: z.boolean().default(true),
});

// ---------- environments ----------

const GiftCode = z.strictObject({
  // Kept as written (display code); the loader stores the normalized form beside it.
  code: z
    .string()
    .trim()
    .max(64)
    .refine((raw) => GIFT_CODE_PATTERN.test(normalizeGiftCode(raw)), "a gift code is 4 to 32 letters or digits, dashes and spaces aside"),
  maxUses: z.int().min(1).max(MAX_INT32),
  expiresAt: DateTime.nullable().default(null),
  disabled: z.boolean().default(false),
  grants: z.array(z.strictObject({ currency: CurrencyCode, amount: Amount })).max(10).default([]),
  items: z.array(ItemQuantity).max(20).default([]),
});

export type PlayerRef = { type: "external"; externalId: string } | { type: "id"; id: string };

/** SPEC player reference, written raw in a file (no URL encoding): `ext:<own id>` or a 24-hex service id. */
const PlayerReference = z.string().transform((ref, ctx): PlayerRef => {
  if (ID_PATTERN.test(ref)) return { type: "id", id: ref };
  if (ref.startsWith("ext:")) {
    const own = ref.slice(4);
    const length = Array.from(own).length;
    if (length >= 1 && length <= 128 && own.trim() === own) return { type: "external", externalId: own };
  }
  ctx.addIssue({
    code: "custom",
    message: "PLAYER_REF_INVALID: expected ext:<id> (1 to 128 characters, no leading or trailing whitespace) or a 24-hex player id",
  });
  return z.NEVER;
});

const Player = z.strictObject({
  ref: PlayerReference,
  // Left out: the stored value is kept (as SPEC upsertPlayer does).
  displayName: z.string().trim().min(1).max(80).nullable().optional(),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "a country is two letters (ISO 3166-1 alpha-2)")
    .transform((c) => c.toUpperCase())
    .nullable()
    .optional(),
  blocked: z.boolean().optional(),
});

function webhook(env: Environment) {
  return z
    .strictObject({
      url: z
        .string()
        .max(2048)
        .superRefine((url, ctx) => {
          // The endpoint rules of the dashboard, without DNS (a fixture may name hosts that do not resolve
          // here); the resolved address is checked at every send.
          const problem = endpointUrlProblem(url, env);
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
      events: z.array(z.enum(webhookEventTypes)).min(1, "select at least one event type").superRefine(checkEvents, always),
      signingSecret: z
        .string()
        .regex(/^whsec_svc_[A-Za-z0-9_-]{16,200}$/, "a signing secret starts with whsec_svc_ followed by at least 16 letters, digits, _ or -")
        .optional(),
      active: z.boolean().default(true),
    });
}

const Origin = z
  .string()
  .max(255)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.origin === value;
    } catch {
      return false;
    }
  }, "an origin is scheme://host[:port] in lower case, without path or trailing slash");

function apiKey(kind: "sk" | "pk", env: Environment) {
  const prefix = `svc_${kind}_${env}_`;
  return z.string().regex(new RegExp(`^${prefix}[A-Za-z0-9_-]{16,200}$`), `expected ${prefix} followed by at least 16 letters, digits, _ or -`);
}

/**
 * The environment's payment provider: null (none), the simulator (test only) or Stripe with keys of the
 * environment's mode. The seed never calls Stripe (it may run offline), so the keys are checked here by
 * form and mode only; the dashboard's save is where Stripe itself checks them.
 */
function payments(env: Environment) {
  const stripe = z.strictObject({
    provider: z.literal("stripe"),
    secretKey: z.string().superRefine((key, ctx) => {
      const check = checkSecretKey(key, env);
      if (check === "STRIPE_KEY_INVALID") ctx.addIssue({ code: "custom", message: "expected a Stripe secret key (sk_…) or restricted key (rk_…)" });
      if (check === "STRIPE_KEY_MODE_MISMATCH") ctx.addIssue({ code: "custom", message: `the ${env} environment needs a ${env}-mode key (sk_${env}_… or rk_${env}_…)` });
    }),
    webhookSecret: z.string().refine(isWebhookSecret, "expected a Stripe webhook signing secret (whsec_…)"),
  });
  const simulator = z.strictObject({
    provider: z.literal("simulator").refine(() => env === "test", "the simulator is for the test environment only"),
  });
  return z.discriminatedUnion("provider", [simulator, stripe]).nullable();
}

function environment(env: Environment) {
  return z
    .strictObject({
      // Left out: an active key is kept, or a new one is generated and printed once.
      secretKey: apiKey("sk", env).optional(),
      publishableKey: apiKey("pk", env).optional(),
      // Left out: the stored list is kept (empty for a new game).
      allowedOrigins: z.array(Origin).max(50).optional(),
      // Left out: the stored provider and keys are kept (a new game has the environment's default).
      payments: payments(env).optional(),
      webhooks: z.array(webhook(env)).default([]),
      giftCodes: z.array(GiftCode).default([]),
      players: z.array(Player).default([]),
    })
    .superRefine(checkEnvironment, always);
}

// ---------- game ----------

const Environments = z.strictObject({
  test: environment("test").prefault({}),
  live: environment("live").prefault({}),
});

const Game = z
  .strictObject({
    slug: z.string().regex(/^[a-z0-9][a-z0-9-]{0,46}[a-z0-9]$/, "a slug is 2 to 48 lowercase letters, digits or dashes, not starting or ending with a dash"),
    name: Name,
    settings: Settings.prefault({}),
    catalog: Catalog.prefault({}),
    creatorCodes: z.array(CreatorCode).default([]),
    environments: Environments.prefault({}),
  })
  .superRefine(checkGame, always);

// ---------- whole file ----------

const StaffMember = z.strictObject({
  email: z.email().max(254).transform((email) => email.toLowerCase()),
  name: Name,
  // Left out: a stored password is kept; a new member has none until one is set.
  password: z.string().min(8).max(200).optional(),
  role: z.enum(staffRoles),
});

export const Fixture = z
  .strictObject({
    studio: z.strictObject({ name: Name }),
    staff: z.array(StaffMember).default([]).superRefine(checkStaff, always),
    games: z.array(Game).default([]).superRefine(checkGames, always),
  })
  .superRefine(checkKeys, always);

export type Fixture = z.output<typeof Fixture>;
export type FixtureInput = z.input<typeof Fixture>;
export type FixtureGame = Fixture["games"][number];
export type FixtureEnvironment = FixtureGame["environments"]["test"];
export type FixturePlayer = FixtureEnvironment["players"][number];
