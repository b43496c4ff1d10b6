import type { Metadata } from "next";
import { shopMetadata } from "../shop-metadata";
import { ShopPage } from "../shop-page";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ game: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return shopMetadata((await params).game, "live");
}

/** The live shop of a game (docs/shop.md). */
export default async function Page({ params, searchParams }: Props) {
  return <ShopPage slug={(await params).game} env="live" query={await searchParams} />;
}
