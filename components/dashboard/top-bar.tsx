"use client";

import Link from "next/link";
import { signOut } from "next-auth/react";

export function TopBar({ name, email, role }: { name: string; email: string; role: string }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-7xl items-center gap-6 px-4">
        <Link href="/dashboard" className="text-sm font-bold tracking-tight text-indigo-600">
          Gamecoin
        </Link>
        <nav className="flex gap-4 text-sm text-slate-600">
          <Link href="/dashboard" className="hover:text-slate-900">
            Games
          </Link>
          <Link href="/members" className="hover:text-slate-900">
            Members
          </Link>
          <Link href="/audit" className="hover:text-slate-900">
            Audit log
          </Link>
          <Link href="/docs" className="hover:text-slate-900">
            API docs
          </Link>
        </nav>
        <div className="ml-auto flex items-center gap-3 text-sm">
          <span className="text-slate-700" title={email}>
            {name}
          </span>
          <span data-testid="role" className="rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
            {role}
          </span>
          <button type="button" onClick={() => signOut({ callbackUrl: "/login" })} className="text-slate-500 hover:text-slate-900">
            Sign out
          </button>
        </div>
      </div>
    </header>
  );
}
