import type { Metadata } from "next";
import { getDb } from "@/server/db/connection";
import type { Environment } from "@/db/schema";
import { findShop } from "@/server/shop/shop-settings";

/** "Demo Game · Shop"; shop pages are never indexed (they are personal). */
export async function shopMetadata(slug: string, env: Environment): Promise<Metadata> {
  const shop = await findShop(await getDb(), slug, env);
  return { title: `${shop?.gameName ?? "Gamecoin"} · Shop`, robots: { index: false } };
}
