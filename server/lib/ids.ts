import "server-only";
import { randomFillSync } from "node:crypto";
import { clock } from "./clock";

let lastMs = 0;
let counter = 0;

/**
 * Random bytes drawn 4 at a time from a pool refilled 4 KiB at once, as node's randomUUID does: a
 * randomBytes(4) per id was a getrandom system call per spend, 3 % of the server's main thread.
 */
const RANDOM_POOL_BYTES = 4096;
const randomPool = Buffer.alloc(RANDOM_POOL_BYTES);
let randomOffset = RANDOM_POOL_BYTES;

function randomHex8(): string {
  if (randomOffset + 4 > RANDOM_POOL_BYTES) {
    randomFillSync(randomPool);
    randomOffset = 0;
  }
  const hex = randomPool.toString("hex", randomOffset, randomOffset + 4);
  randomOffset += 4;
  return hex;
}

/**
 * 24 hexadecimal characters, ordered by creation time: 12 hex of milliseconds, 4 hex of a
 * per-process counter (so ids made in the same millisecond still sort in creation order),
 * 8 random hex.
 */
export function newId(): string {
  let ms = clock.nowMs();
  if (ms <= lastMs) {
    ms = lastMs;
    counter += 1;
    if (counter > 0xffff) {
      ms = lastMs + 1;
      counter = 0;
    }
  } else {
    counter = 0;
  }
  lastMs = ms;
  return ms.toString(16).padStart(12, "0").slice(-12) + counter.toString(16).padStart(4, "0") + randomHex8();
}

export const ID_PATTERN = /^[0-9a-f]{24}$/;

/**
 * Test files that share a process (the http project, tests/setup-env.ts) start as if alone: a clock a
 * previous file moved ahead would otherwise keep this generator's ids ahead of the database's.
 */
export function resetIdsForTests(): void {
  lastMs = 0;
  counter = 0;
}
