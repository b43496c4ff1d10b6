/** Stripe's error envelope: `{ error: { type, code?, message, param?, doc_url? } }` with Stripe's HTTP status. */
export type StripeErrorType = "invalid_request_error" | "card_error" | "api_error" | "idempotency_error" | "authentication_error" | "permission_error";

export class MockStripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: StripeErrorType,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }

  body(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) {
      error.code = this.code;
      error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, "-")}`;
    }
    if (this.param) error.param = this.param;
    return { error };
  }
}

export const missingParam = (param: string) =>
  new MockStripeError(400, "invalid_request_error", `Missing required param: ${param}.`, "parameter_missing", param);

export const invalidParam = (param: string, message: string) =>
  new MockStripeError(400, "invalid_request_error", message, "parameter_invalid", param);

export const unknownParam = (param: string) =>
  new MockStripeError(400, "invalid_request_error", `Received unknown parameter: ${param}`, "parameter_unknown", param);

export const noSuch = (kind: string, id: string, param = "id") =>
  new MockStripeError(404, "invalid_request_error", `No such ${kind}: '${id}'`, "resource_missing", param);
