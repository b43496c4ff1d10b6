import "server-only";
import { getDb } from "@/server/db/connection";
import { currentStaff } from "@/server/auth/current-staff";
import type { TrpcContext } from "./init";

export async function createTrpcContext(): Promise<TrpcContext> {
  return { db: await getDb(), staff: await currentStaff() };
}
