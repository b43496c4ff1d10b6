import { sql } from "drizzle-orm";
import { getDb } from "@/server/db/connection";
import { jsonResponse } from "@/server/api/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export async function GET(): Promise<Response> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return jsonResponse(200, { ok: true });
  } catch (error) {
    console.error("[health] database check failed", error);
    return jsonResponse(503, { ok: false });
  }
}
