"use server";

import { headers } from "next/headers";
import { getDb } from "@/server/db/connection";
import { resetRequestsMessage } from "@/components/auth/lockout-message";
import { lockedForSeconds } from "@/server/auth/attempt-limits";
import { requestPasswordReset, RequestPasswordResetInput } from "@/server/auth/password-reset-request";
import { toFieldErrors } from "@/server/lib/field-errors";
import { trustedClientIp } from "@/server/lib/client-ip";

export type ForgotPasswordState = { fieldErrors: Record<string, string[]>; message: string | null; sentTo: string | null };

/** The same answer whether or not the e-mail is a member's (`requestPasswordReset`). */
export async function requestPasswordResetAction(_previous: ForgotPasswordState, form: FormData): Promise<ForgotPasswordState> {
  const parsed = RequestPasswordResetInput.safeParse({ email: String(form.get("email") ?? "") });
  // A plain copy: toFieldErrors makes a null-prototype object, which React cannot send back to the form.
  if (!parsed.success) return { fieldErrors: { ...toFieldErrors(parsed.error) }, message: null, sentTo: null };
  try {
    await requestPasswordReset(await getDb(), parsed.data, { clientIp: trustedClientIp(await headers()) });
  } catch (error) {
    const retryAfter = lockedForSeconds(error);
    if (retryAfter !== null) return { fieldErrors: {}, message: resetRequestsMessage(retryAfter), sentTo: null };
    throw error;
  }
  return { fieldErrors: {}, message: null, sentTo: parsed.data.email };
}
