"use client";

import { startTransition, useActionState, useState } from "react";
import { Button, ErrorBanner, Field, TextInput } from "@/components/ui/primitives";

type AcceptState = { fieldErrors: Record<string, string[]>; message: string | null };

/**
 * The invitee's name and password. Submitted from onSubmit rather than the form's `action` prop: React
 * resets a form after its action, and a refusal (a short password) would wipe everything typed. The
 * values live in state here, so a refused form keeps them; the server never echoes the password back.
 */
export function AcceptInvitationForm({ token, email, action }: { token: string; email: string; action: (s: AcceptState, f: FormData) => Promise<AcceptState> }) {
  const [state, formAction, pending] = useActionState(action, { fieldErrors: {}, message: null });
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        startTransition(() => formAction(data));
      }}
    >
      <ErrorBanner message={state.message} />
      <input type="hidden" name="token" value={token} />
      <Field label="E-mail">
        <TextInput value={email} readOnly autoComplete="username" className="bg-slate-100 text-slate-800" />
      </Field>
      <Field label="Your name" error={state.fieldErrors.name}>
        <TextInput name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Field label="Password" error={state.fieldErrors.password} hint="At least 10 characters.">
        <TextInput name="password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        Join the studio
      </Button>
    </form>
  );
}
