"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/db/client";
import { acceptInvitation, AcceptInvitationInput } from "@/server/auth/members";
import { toFieldErrors } from "@/server/api/field-errors";
import { AppError } from "@/server/lib/errors";

export type AcceptState = { fieldErrors: Record<string, string[]>; message: string | null };

export async function acceptInvitationAction(_previous: AcceptState, form: FormData): Promise<AcceptState> {
  const parsed = AcceptInvitationInput.safeParse({ token: String(form.get("token") ?? ""), name: String(form.get("name") ?? ""), password: String(form.get("password") ?? "") });
  // A plain copy: toFieldErrors makes a null-prototype object, which React cannot send back to the form.
  if (!parsed.success) return { fieldErrors: { ...toFieldErrors(parsed.error) }, message: null };
  try {
    await acceptInvitation(await getDb(), parsed.data);
  } catch (error) {
    if (error instanceof AppError) return { fieldErrors: {}, message: "This invitation is no longer valid." };
    throw error;
  }
  redirect("/login?joined=1");
}
