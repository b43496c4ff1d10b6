import { errorAnswer, toWebResponse } from "@/server/api/http";
import { currentStaff } from "@/server/auth/current-staff";
import { serveCsvExport } from "@/server/exports/serve-csv-export";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** A dashboard CSV export as a streamed download (server/exports): the dashboard links here. */
export async function GET(request: Request, { params }: { params: Promise<{ kind: string }> }): Promise<Response> {
  const { kind } = await params;
  const answer = await serveCsvExport(await currentStaff(), kind, new URL(request.url).searchParams);
  if (answer.kind === "refused") return toWebResponse(errorAnswer(answer.error, { "Cache-Control": "no-store" }));
  return new Response(answer.body, {
    status: 200,
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${answer.filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
