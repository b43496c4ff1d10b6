import { shopAction } from "../../../shop-actions";

export const dynamic = "force-dynamic";

/** The live shop's forms (docs/shop.md). */
export async function POST(request: Request, { params }: { params: Promise<{ game: string; action: string }> }): Promise<Response> {
  const { game, action } = await params;
  return shopAction(request, { slug: game, action, env: "live" });
}
