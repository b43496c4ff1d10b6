import "server-only";
import type { PaymentProvider } from "./payment-provider";

/** The `test` environment's provider: the hosted page shows Pay, Decline and Cancel; refunds always work. */
export const testSimulator: PaymentProvider = {
  name: "test",
  simulated: true,
  paymentPageUrl: (_order, hostedPageUrl) => hostedPageUrl,
  refund: async () => ({ ok: true, reference: "simulated" }),
};
