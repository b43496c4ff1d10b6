import "server-only";
import { z } from "zod";

const Metadata = z.record(z.string(), z.string()).nullish();
const Reference = z.union([z.string(), z.looseObject({ id: z.string() })]).nullish();

/** The fields of each event's object that Gamecoin reads; the rest of Stripe's object passes through. */
const objectShapes: Record<string, z.ZodType> = {
  "checkout.session": z.looseObject({
    id: z.string(),
    client_reference_id: z.string().nullish(),
    metadata: Metadata,
    payment_status: z.string(),
    amount_total: z.number().int().nullable(),
    currency: z.string().nullable(),
    payment_intent: Reference,
  }),
  charge: z.looseObject({ payment_intent: Reference, metadata: Metadata, amount: z.number().int(), amount_refunded: z.number().int(), currency: z.string() }),
  dispute: z.looseObject({ id: z.string(), payment_intent: Reference, metadata: Metadata, amount: z.number().int(), currency: z.string(), status: z.string() }),
};

const Envelope = z.looseObject({
  id: z.string().min(1).max(255),
  type: z.string().min(1).max(255),
  livemode: z.boolean(),
  data: z.looseObject({ object: z.looseObject({ object: z.string().optional() }) }),
});

/**
 * Whether a verified payload has the shape Gamecoin reads (zod, like every other input): even a
 * correctly signed body is refused with a 400 rather than failing halfway through.
 */
export function hasStripeEventShape(payload: unknown): boolean {
  const envelope = Envelope.safeParse(payload);
  if (!envelope.success) return false;
  const kind = envelope.data.type.startsWith("checkout.session.")
    ? "checkout.session"
    : envelope.data.type.startsWith("charge.dispute.")
      ? "dispute"
      : envelope.data.type.startsWith("charge.")
        ? "charge"
        : null;
  const shape = kind ? objectShapes[kind] : undefined;
  return shape ? shape.safeParse(envelope.data.data.object).success : true;
}
