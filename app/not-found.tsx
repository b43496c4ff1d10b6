import Link from "next/link";

/**
 * Our own 404 instead of Next.js's built-in one, which styles itself with an inline <style> element
 * that carries no CSP nonce (the policy blocks it).
 */
export default function NotFound() {
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-3 px-6 text-center">
      <p className="text-sm font-semibold uppercase tracking-widest text-indigo-600">404</p>
      <h1 className="text-2xl font-bold tracking-tight">This page could not be found.</h1>
      <Link href="/" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
        Gamecoin home
      </Link>
    </main>
  );
}
