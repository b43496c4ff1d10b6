import "server-only";
import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Staff passwords: scrypt (memory-hard, in node:crypto, no native add-on), stored as
 * `scrypt$N$r$p$saltB64$hashB64` so the cost can be raised later without breaking stored hashes.
 */
type ScryptCost = { readonly N: number; readonly r: number; readonly p: number };
const PRODUCTION_COST: ScryptCost = { N: 16384, r: 8, p: 1 };
let cost = PRODUCTION_COST;
const KEY_LENGTH = 64;
const SALT_BYTES = 16;

/** The salt, the length of the key to derive, and scrypt's cost parameters (the current cost fills what is left out). */
type Derivation = { salt: Buffer; keyLength: number; costs: ScryptOptions };

function derive(plain: string, { salt, keyLength, costs: options }: Derivation): Promise<Buffer> {
  // NFC so the same password typed on two keyboards (composed or decomposed accents) matches.
  const input = plain.normalize("NFC");
  // scrypt needs 128 * N * r bytes; give it headroom above Node's 32 MiB default for stronger costs.
  const maxmem = 256 * (options.N ?? cost.N) * (options.r ?? cost.r);
  return new Promise((resolve, reject) => {
    scrypt(input, salt, keyLength, { ...options, maxmem }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(plain: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(plain, { salt, keyLength: KEY_LENGTH, costs: cost });
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
}

type Parsed = { N: number; r: number; p: number; salt: Buffer; key: Buffer };

function parse(stored: string): Parsed | null {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return null;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4] ?? "", "base64");
  const key = Buffer.from(parts[5] ?? "", "base64");
  // SECURITY: bound the costs read from the database so a damaged row cannot make one sign-in eat the server.
  if (N === undefined || r === undefined || p === undefined) return null;
  const powerOfTwo = Number.isInteger(N) && N >= 2 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > 2 ** 20 || !Number.isInteger(r) || r < 1 || r > 32 || !Number.isInteger(p) || p < 1 || p > 16) {
    return null;
  }
  if (salt.length === 0 || key.length < 16 || key.length > 128) return null;
  return { N, r, p, salt, key };
}

/** True when `plain` is the password behind `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(plain: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const candidate = await derive(plain, { salt: parsed.salt, keyLength: parsed.key.length, costs: { N: parsed.N, r: parsed.r, p: parsed.p } });
  // SECURITY: constant-time comparison; both buffers have the stored key's length.
  return timingSafeEqual(candidate, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random value nobody knows, with the current cost settings: checked when there is no
 * stored hash, so an unknown account costs as long as a wrong password. Made once per process.
 */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString("base64url"));
  return dummyHash;
}

/**
 * Tests only (tests/setup-env.ts): the suite hashes and checks thousands of passwords and player secrets,
 * and at the production cost (~50 ms of CPU each) they were a large part of its run. Nothing in the app
 * calls this, so no environment variable can lower the production cost; `undefined` puts it back.
 */
export function setPasswordHashCostForTests(next: ScryptCost | undefined): void {
  cost = next ?? PRODUCTION_COST;
  dummyHash = undefined;
}
