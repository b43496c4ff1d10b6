"use client";

import { useActionState } from "react";
import { Button, ErrorBanner, Field, TextInput } from "@/components/ui/primitives";

type AcceptState = { fieldErrors: Record<string, string[]>; message: string | null };

export function AcceptInvitationForm({ token, email, action }: { token: string; email: string; action: (s: AcceptState, f: FormData) => Promise<AcceptState> }) {
  const [state, formAction, pending] = useActionState(action, { fieldErrors: {}, message: null });
  return (
    <form action={formAction} className="space-y-4">
      <ErrorBanner message={state.message} />
      <input type="hidden" name="token" value={token} />
      <Field label="E-mail">
        <TextInput value={email} readOnly autoComplete="username" className="bg-slate-100 text-slate-800" />
      </Field>
      <Field label="Your name" error={state.fieldErrors.name}>
        <TextInput name="name" autoComplete="name" required />
      </Field>
      <Field label="Password" error={state.fieldErrors.password} hint="At least 10 characters.">
        <TextInput name="password" type="password" autoComplete="new-password" required />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        Join the studio
      </Button>
    </form>
  );
}
