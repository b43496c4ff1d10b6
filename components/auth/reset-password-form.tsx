"use client";

import { useActionState } from "react";
import { Button, ErrorBanner, Field, TextInput } from "@/components/ui/primitives";

type ResetPasswordState = { fieldErrors: Record<string, string[]>; message: string | null };

export function ResetPasswordForm({ token, email, action }: { token: string; email: string; action: (s: ResetPasswordState, f: FormData) => Promise<ResetPasswordState> }) {
  const [state, formAction, pending] = useActionState(action, { fieldErrors: {}, message: null });
  return (
    <form action={formAction} className="space-y-4">
      <ErrorBanner message={state.message} />
      <input type="hidden" name="token" value={token} />
      {/* The account's e-mail, so a password manager saves the new password for the right account. */}
      <Field label="E-mail">
        <TextInput value={email} readOnly autoComplete="username" className="bg-slate-100 text-slate-800" />
      </Field>
      <Field label="New password" error={state.fieldErrors.password} hint="At least 10 characters.">
        <TextInput name="password" type="password" autoComplete="new-password" required />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Saving…" : "Set the new password"}
      </Button>
    </form>
  );
}
