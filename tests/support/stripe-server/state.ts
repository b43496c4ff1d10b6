/**
 * The mock's memory: accounts (one per secret key; a test and a live key may share an account id),
 * every object it created, and the clock. Objects belong to one account and mode: another key gets 404.
 */
import { randomBytes } from "node:crypto";

export type StripeObject = { id: string; object: string; [key: string]: unknown };

export type Account = {
  secretKey: string;
  accountId: string;
  livemode: boolean;
  /** Where this account+mode's webhook endpoint is, and its signing secret. */
  webhook?: { url: string; secret: string };
};

export type AccountInput = { secretKey: string; accountId?: string; webhookUrl?: string; webhookSecret?: string };

const KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9_]+$/;

export function newId(prefix: string, livemode: boolean): string {
  const mode = prefix === "cs" ? (livemode ? "live_" : "test_") : "";
  return `${prefix}_${mode}${randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;
}

export class MockState {
  readonly accounts = new Map<string, Account>();
  readonly objects = new Map<string, { owner: string; object: StripeObject }>();
  /** Seconds added to the real clock (tests move time forward). */
  offsetSeconds = 0;

  now(): number {
    return Math.floor(Date.now() / 1000) + this.offsetSeconds;
  }

  addAccount(input: AccountInput): Account {
    const match = KEY.exec(input.secretKey);
    if (!match) throw new Error(`Not a Stripe secret or restricted key: ${input.secretKey.slice(0, 8)}…`);
    const livemode = match[2] === "live";
    const existing = this.accounts.get(input.secretKey);
    const account: Account = {
      secretKey: input.secretKey,
      accountId: input.accountId ?? existing?.accountId ?? newId("acct", livemode),
      livemode,
      webhook: input.webhookUrl ? { url: input.webhookUrl, secret: input.webhookSecret ?? "whsec_mock" } : existing?.webhook,
    };
    this.accounts.set(input.secretKey, account);
    // One webhook endpoint per account and mode, as in Stripe's dashboard: every key of it shares it.
    if (input.webhookUrl) {
      for (const other of this.accounts.values()) {
        if (other.accountId === account.accountId && other.livemode === livemode) other.webhook = account.webhook;
      }
    }
    return account;
  }

  save<T extends StripeObject>(account: Account, object: T): T {
    this.objects.set(object.id, { owner: ownerOf(account), object });
    return object;
  }

  /** The object if it belongs to this account+mode (else Stripe answers 404). */
  find<T extends StripeObject>(account: Account | null, id: string, object: string): T | undefined {
    const entry = this.objects.get(id);
    if (!entry || entry.object.object !== object) return undefined;
    if (account && entry.owner !== ownerOf(account)) return undefined;
    return entry.object as T;
  }

  /** The account that owns an object (the test controls act as "Stripe itself", without a key). */
  ownerAccount(id: string): Account | undefined {
    const entry = this.objects.get(id);
    if (!entry) return undefined;
    for (const account of this.accounts.values()) if (ownerOf(account) === entry.owner) return account;
    return undefined;
  }

  all<T extends StripeObject>(object: string): T[] {
    return [...this.objects.values()].filter((entry) => entry.object.object === object).map((entry) => entry.object as T);
  }
}

export const ownerOf = (account: Account) => `${account.accountId}:${account.livemode ? "live" : "test"}`;
