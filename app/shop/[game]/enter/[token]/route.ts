import { enterShop } from "../../../shop-enter";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ game: string; token: string }> };

/** A shop link of the live shop (docs/shop.md). */
export async function GET(request: Request, { params }: Params): Promise<Response> {
  const { game, token } = await params;
  return enterShop(request, { slug: game, token, env: "live" });
}

export const HEAD = GET;
