import "server-only";
import { ZodError } from "zod";
import { hasRole } from "@/server/auth/roles";
import type { StaffIdentity } from "@/server/auth/staff-identity";
import { getDb } from "@/server/db/connection";
import { csvStream } from "@/server/lib/csv";
import { AppError, notFound, validationError } from "@/server/lib/errors";
import { toFieldErrors } from "@/server/lib/field-errors";
import { consume, rateLimitedError, refund, type LimitRule } from "@/server/lib/rate-limit";
import { isCsvExportKind, openCsvExport } from "./csv-exports";

/**
 * Exports one member may run at once, counted in the shared limit store (all instances together) and
 * given back when the file ends, fails or the download is canceled. The window only bounds a slot a
 * crashed instance never gave back.
 */
export const concurrentExports: LimitRule = { name: "csv-export-member", points: 2, durationSeconds: 15 * 60 };

/** A CSV file as an HTTP download, or the reason it is refused (SPEC's envelope, as the API answers). */
export type ExportAnswer = { kind: "file"; filename: string; body: ReadableStream<Uint8Array> } | { kind: "refused"; error: AppError };

/**
 * GET /api/exports/<kind>?<filters>: a signed-in member (viewer and up) downloads an export as it is
 * read. At most two at a time per member; a third is 429 RATE_LIMITED until one ends.
 */
export async function serveCsvExport(staff: StaffIdentity | null, kind: string, query: URLSearchParams): Promise<ExportAnswer> {
  if (!staff) return { kind: "refused", error: new AppError("UNAUTHENTICATED", "Sign in to the dashboard first.") };
  if (!hasRole(staff.role, "viewer")) return { kind: "refused", error: new AppError("FORBIDDEN", "This needs the viewer role or higher.") };
  if (!isCsvExportKind(kind)) return { kind: "refused", error: notFound(`Export "${kind}"`) };
  const slot = await consume(concurrentExports, staff.id);
  if (!slot.allowed) {
    // A refused count still counts: given back, so the counter holds exactly the exports running.
    await refund(concurrentExports, staff.id);
    return { kind: "refused", error: rateLimitedError(slot, "Two exports are already running for you; wait for one to finish.") };
  }
  let handedOver = false;
  try {
    const source = await openCsvExport(await getDb(), staff, { kind, query: Object.fromEntries(query) });
    const body = csvStream(source, () => refund(concurrentExports, staff.id));
    handedOver = true;
    return { kind: "file", filename: source.filename, body };
  } catch (error) {
    if (error instanceof ZodError) return { kind: "refused", error: validationError(toFieldErrors(error, "query")) };
    if (error instanceof AppError) return { kind: "refused", error };
    throw error;
  } finally {
    if (!handedOver) await refund(concurrentExports, staff.id);
  }
}
