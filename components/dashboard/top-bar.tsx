"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { signOut } from "next-auth/react";
import { Menu } from "@/components/ui/menu";

const links = [
  ["/dashboard", "Games"],
  ["/members", "Members"],
  ["/audit", "Audit log"],
  ["/docs", "API docs"],
] as const;

/** The one header of every dashboard page: studio-wide navigation and the account menu (Sign out). */
export function TopBar({ name, email, role }: { name: string; email: string; role: string }) {
  const pathname = usePathname();
  const router = useRouter();
  // Without next-auth's redirect: its URL is built from NEXTAUTH_URL, which this app does not set (it
  // pointed at localhost:3000). Leaving the dashboard layout also drops its query cache.
  const signOutHere = async () => {
    await signOut({ redirect: false });
    router.replace("/login");
    router.refresh();
  };
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-1 px-4 py-2">
        <Link href="/dashboard" className="rounded text-sm font-bold tracking-tight text-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500">
          Gamecoin
        </Link>
        <nav aria-label="Studio" className="order-last w-full sm:order-none sm:w-auto">
          <ul className="flex flex-wrap gap-x-1 gap-y-1 text-sm">
            {links.map(([href, label]) => {
              const current = href === "/dashboard" ? pathname === "/dashboard" || pathname.startsWith("/games/") : pathname.startsWith(href);
              return (
                <li key={href}>
                  <Link
                    href={href}
                    aria-current={current ? "page" : undefined}
                    className={`block rounded-md px-2 py-1.5 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${current ? "bg-indigo-50 font-medium text-indigo-800" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900"}`}
                  >
                    {label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto flex min-w-0 items-center gap-2 text-sm">
          <span data-testid="role" className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">
            {role}
          </span>
          <Menu
            testId="account-menu"
            align="end"
            label={<span className="max-w-[9rem] truncate sm:max-w-[14rem]">{name}</span>}
            heading={
              <>
                <span className="block font-medium text-slate-900">{name}</span>
                <span className="block break-all">{email}</span>
                <span className="block">Role: {role}</span>
              </>
            }
            items={[{ label: "Sign out", testId: "sign-out", onSelect: () => void signOutHere() }]}
          />
        </div>
      </div>
    </header>
  );
}
