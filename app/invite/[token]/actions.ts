"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/server/db/connection";
import { lockoutMessage } from "@/components/auth/lockout-message";
import { lockedForSeconds } from "@/server/auth/attempt-limits";
import { acceptInvitation } from "@/server/auth/invitation-acceptance";
import { AcceptInvitationInput } from "@/server/auth/members";
import { toFieldErrors } from "@/server/lib/field-errors";
import { trustedClientIp } from "@/server/lib/client-ip";
import { AppError } from "@/server/lib/errors";

export type AcceptState = { fieldErrors: Record<string, string[]>; message: string | null };

export async function acceptInvitationAction(_previous: AcceptState, form: FormData): Promise<AcceptState> {
  const parsed = AcceptInvitationInput.safeParse({ token: String(form.get("token") ?? ""), name: String(form.get("name") ?? ""), password: String(form.get("password") ?? "") });
  // A plain copy: toFieldErrors makes a null-prototype object, which React cannot send back to the form.
  if (!parsed.success) return { fieldErrors: { ...toFieldErrors(parsed.error) }, message: null };
  try {
    await acceptInvitation(await getDb(), parsed.data, { clientIp: trustedClientIp(await headers()) });
  } catch (error) {
    const lockedFor = lockedForSeconds(error);
    if (lockedFor !== null) return { fieldErrors: {}, message: lockoutMessage("attempts", lockedFor) };
    if (error instanceof AppError) return { fieldErrors: {}, message: error.code === "CONFLICT" ? error.message : "This invitation is no longer valid." };
    throw error;
  }
  redirect("/login?joined=1");
}
