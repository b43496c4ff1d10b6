import "server-only";
import { z } from "zod";

/** Opaque list cursors: the id of the last row of the page, so pages are stable under inserts. */
export function encodeCursor(lastId: string): string {
  return Buffer.from(`v1:${lastId}`).toString("base64url");
}

export function decodeCursor(cursor: string): string | null {
  const text = Buffer.from(cursor, "base64url").toString("utf8");
  const match = /^v1:([0-9a-f]{24})$/.exec(text);
  return match?.[1] ?? null;
}

export const Cursor = z.string().max(200).refine((value) => decodeCursor(value) !== null, "Not a valid cursor");

export const Limit = z.coerce
  .number("Must be an integer from 1 to 100")
  .int("Must be an integer from 1 to 100")
  .min(1, "Must be an integer from 1 to 100")
  .max(100, "Must be an integer from 1 to 100")
  .default(20);
