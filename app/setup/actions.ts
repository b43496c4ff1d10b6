"use server";

import { redirect } from "next/navigation";
import { getDb } from "@/server/db/connection";
import { createFirstOwner, FirstOwnerInput } from "@/server/auth/members";
import { toFieldErrors } from "@/server/lib/field-errors";
import { AppError } from "@/server/lib/errors";

export type SetupState = { fieldErrors: Record<string, string[]>; message: string | null; values?: Record<string, string> };

export async function createOwnerAction(_previous: SetupState, form: FormData): Promise<SetupState> {
  const submitted = Object.fromEntries(["studioName", "name", "email", "password"].map((k) => [k, String(form.get(k) ?? "")]));
  // What the form shows again after a refusal (never the password).
  const values = { studioName: submitted.studioName ?? "", name: submitted.name ?? "", email: submitted.email ?? "" };
  const parsed = FirstOwnerInput.safeParse(submitted);
  // A plain copy: toFieldErrors makes a null-prototype object, which React cannot send back to the form.
  if (!parsed.success) return { fieldErrors: { ...toFieldErrors(parsed.error) }, message: null, values };
  try {
    await createFirstOwner(await getDb(), parsed.data);
  } catch (error) {
    if (error instanceof AppError) return { fieldErrors: {}, message: error.message, values };
    throw error;
  }
  redirect("/login?created=1");
}
