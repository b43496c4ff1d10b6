"use server";

import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { getDb } from "@/server/db/connection";
import { lockoutMessage } from "@/components/auth/lockout-message";
import { lockedForSeconds } from "@/server/auth/attempt-limits";
import { completePasswordReset, ResetPasswordInput } from "@/server/auth/password-reset";
import { toFieldErrors } from "@/server/lib/field-errors";
import { trustedClientIp } from "@/server/lib/client-ip";
import { AppError } from "@/server/lib/errors";

export type ResetPasswordState = { fieldErrors: Record<string, string[]>; message: string | null };

export async function resetPasswordAction(_previous: ResetPasswordState, form: FormData): Promise<ResetPasswordState> {
  const parsed = ResetPasswordInput.safeParse({ token: String(form.get("token") ?? ""), password: String(form.get("password") ?? "") });
  // A plain copy: toFieldErrors makes a null-prototype object, which React cannot send back to the form.
  if (!parsed.success) return { fieldErrors: { ...toFieldErrors(parsed.error) }, message: null };
  try {
    await completePasswordReset(await getDb(), parsed.data, { clientIp: trustedClientIp(await headers()) });
  } catch (error) {
    const lockedFor = lockedForSeconds(error);
    if (lockedFor !== null) return { fieldErrors: {}, message: lockoutMessage("attempts", lockedFor) };
    if (error instanceof AppError && error.code === "NOT_FOUND") return { fieldErrors: {}, message: "This link is no longer valid. Ask for a new one." };
    throw error;
  }
  redirect("/login?reset=1");
}
