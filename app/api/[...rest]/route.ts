import { errorResponse } from "@/server/api/http";
import { AppError } from "@/server/lib/errors";

export const dynamic = "force-dynamic";

/** Unknown /api paths answer in the API's envelope, not with an HTML page. */
function notFound(request: Request): Response {
  return errorResponse(new AppError("NOT_FOUND", `No route ${request.method} ${new URL(request.url).pathname}.`));
}

export { notFound as GET, notFound as POST, notFound as PUT, notFound as PATCH, notFound as DELETE };
