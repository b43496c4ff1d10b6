import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./globals.css";

// Every page is rendered per request: its scripts must carry that request's CSP nonce (proxy.ts),
// which a page prerendered at build time cannot know.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Gamecoin",
  description: "Virtual currencies, inventories and pack sales for games.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen font-sans">{children}</body>
    </html>
  );
}
