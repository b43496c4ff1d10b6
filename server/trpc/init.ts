import "server-only";
import { initTRPC, TRPCError } from "@trpc/server";
import superjson from "superjson";
import { ZodError } from "zod";
import type { Db } from "@/db/client";
import type { StaffRole } from "@/db/schema";
import { hasRole } from "@/server/auth/roles";
import type { StaffIdentity } from "@/server/auth/staff-identity";
import { toFieldErrors } from "@/server/lib/field-errors";
import { unstorableValueErrors } from "@/server/api/unstorable-values";
import { AppError, asAppError, validationError, type ErrorCode } from "@/server/lib/errors";

export type TrpcContext = { db: Db; staff: StaffIdentity | null };

const trpcCodeOf: Partial<Record<ErrorCode, TRPCError["code"]>> = {
  VALIDATION_FAILED: "BAD_REQUEST",
  IDEMPOTENCY_KEY_REQUIRED: "BAD_REQUEST",
  UNAUTHENTICATED: "UNAUTHORIZED",
  PAYMENT_FAILED: "PAYMENT_REQUIRED",
  FORBIDDEN: "FORBIDDEN",
  PLAYER_BLOCKED: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

const t = initTRPC.context<TrpcContext>().create({
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    // Forms show field errors from the same zod schemas the server uses, keyed like the REST API's.
    const fieldErrors = cause instanceof ZodError ? toFieldErrors(cause, "input") : cause instanceof AppError ? (cause.details?.fieldErrors ?? null) : null;
    const appCode = cause instanceof AppError ? cause.code : null;
    return { ...shape, data: { ...shape.data, fieldErrors, appCode, details: cause instanceof AppError ? (cause.details ?? null) : null } };
  },
});

/** Domain errors become tRPC errors with the same message; their code travels in `data.appCode`. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  // A refused database connection arrives as a driver error; asAppError makes it SERVICE_UNAVAILABLE.
  const cause = result.ok ? null : asAppError(result.error.cause);
  if (!result.ok && cause) {
    throw new TRPCError({ code: trpcCodeOf[cause.code] ?? (cause.status === 409 ? "CONFLICT" : "INTERNAL_SERVER_ERROR"), message: cause.message, cause });
  }
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapDomainErrors);

const signedIn = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.staff) throw new TRPCError({ code: "UNAUTHORIZED", message: "Sign in first." });
  return next({ ctx: { ...ctx, staff: ctx.staff } });
});

/** Strings the database cannot keep as sent (a lone surrogate, NUL) are refused as in the REST API, not stored as U+FFFD. */
const refuseUnstorableInput = t.middleware(async ({ getRawInput, next }) => {
  const fieldErrors = unstorableValueErrors(await getRawInput(), "input");
  if (Object.keys(fieldErrors).length > 0) throw validationError(fieldErrors);
  return next();
});

/** Every procedure states the lowest role that may call it; the check runs on the server, always. */
export function procedureFor(role: StaffRole) {
  return signedIn
    .use(({ ctx, next }) => {
      if (!hasRole(ctx.staff.role, role)) {
        throw new TRPCError({ code: "FORBIDDEN", message: `This needs the ${role} role or higher.` });
      }
      return next();
    })
    .use(refuseUnstorableInput);
}

export const viewerProcedure = procedureFor("viewer");
export const supportProcedure = procedureFor("support");
export const developerProcedure = procedureFor("developer");
export const adminProcedure = procedureFor("admin");
export const ownerProcedure = procedureFor("owner");
