import "server-only";
/**
 * How gift codes and creator codes are written and compared. The fixture loader, the dashboard and the
 * redeem/checkout routes must normalize the same way, or a code issued one way would never match.
 */

/** Gift codes are compared without case, dashes or spaces, so `welcome-2026` matches `WELCOME 2026`. */
export function normalizeGiftCode(code: string): string {
  return code.toUpperCase().replace(/[-\s]/g, "");
}

/** A normalized gift code: 4 to 32 letters or digits. */
export const GIFT_CODE_PATTERN = /^[A-Z0-9]{4,32}$/;

/** Creator codes are typed by buyers in any case; they are stored and shown in upper case. */
export function normalizeCreatorCode(code: string): string {
  return code.trim().toUpperCase();
}

/** A normalized creator code: 2 to 32 letters, digits, `_` or `-`. */
export const CREATOR_CODE_PATTERN = /^[A-Z0-9_-]{2,32}$/;
