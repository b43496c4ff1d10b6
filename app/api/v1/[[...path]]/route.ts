import { serveWebRequest } from "@/server/api/web-adapter";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

export {
  serveWebRequest as GET,
  serveWebRequest as POST,
  serveWebRequest as PUT,
  serveWebRequest as PATCH,
  serveWebRequest as DELETE,
  serveWebRequest as OPTIONS,
};
