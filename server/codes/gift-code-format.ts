import "server-only";
import { randomInt } from "node:crypto";
import { normalizeGiftCode } from "@/server/lib/code-format";

/**
 * Characters of issued codes: digits and upper-case letters without 0/O, 1/I/L, so a code read aloud
 * or copied from a screenshot is typed right. 31 symbols × 12 characters ≈ 2^59 codes: guessing one
 * is hopeless under the 10-attempts-per-15-minutes limit.
 */
export const GIFT_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
export const GIFT_CODE_RANDOM_LENGTH = 12;
const GROUP = 4;

/** An optional studio prefix in front of the random part (`SUMMER-ABCD-EFGH-JKMN`). */
export const GIFT_CODE_PREFIX_PATTERN = /^[A-Z0-9]{1,8}$/;

export type GeneratedGiftCode = { displayCode: string; code: string };

/**
 * A fresh random code: `XXXX-XXXX-XXXX`, with `PREFIX-` in front when given. `code` is the normalized
 * form stored and matched (case, dashes and spaces ignored), so the dashes are only for reading.
 */
export function generateGiftCode(prefix?: string): GeneratedGiftCode {
  let random = "";
  // SECURITY: crypto.randomInt, not Math.random: codes are bearer credentials worth coins.
  for (let i = 0; i < GIFT_CODE_RANDOM_LENGTH; i += 1) random += GIFT_CODE_ALPHABET[randomInt(GIFT_CODE_ALPHABET.length)];
  const groups: string[] = [];
  for (let i = 0; i < random.length; i += GROUP) groups.push(random.slice(i, i + GROUP));
  const displayCode = [...(prefix ? [prefix] : []), ...groups].join("-");
  return { displayCode, code: normalizeGiftCode(displayCode) };
}
