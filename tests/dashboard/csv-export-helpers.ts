import type { StaffIdentity } from "@/server/auth/staff-identity";
import { serveCsvExport } from "@/server/exports/serve-csv-export";
import type { AppError } from "@/server/lib/errors";

/** An export as the dashboard downloads it (GET /api/exports/<kind>): the file, read to its end, without its byte order mark. */
export async function downloadExport(staff: StaffIdentity, kind: string, query: Record<string, string | undefined>): Promise<{ filename: string; csv: string }> {
  const answer = await serveCsvExport(staff, kind, searchParams(query));
  if (answer.kind === "refused") throw answer.error;
  const bytes = new Uint8Array(await new Response(answer.body).arrayBuffer());
  // Response.text() would drop the mark silently: the bytes are checked instead.
  if (bytes[0] !== 0xef || bytes[1] !== 0xbb || bytes[2] !== 0xbf) throw new Error("the export has no UTF-8 byte order mark");
  return { filename: answer.filename, csv: new TextDecoder().decode(bytes.subarray(3)) };
}

/** The refusal of an export, or a failure of the test when it is served. */
export async function refusedExport(staff: StaffIdentity | null, kind: string, query: Record<string, string | undefined>): Promise<AppError> {
  const answer = await serveCsvExport(staff, kind, searchParams(query));
  if (answer.kind !== "refused") throw new Error(`the ${kind} export was served`);
  return answer.error;
}

function searchParams(query: Record<string, string | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, value);
  return params;
}
