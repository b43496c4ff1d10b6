/**
 * The test controls over HTTP, for the e2e tests that run in another process (JSON in, JSON out):
 *   POST /__mock/accounts                {secretKey, accountId?, webhookUrl?, webhookSecret?}
 *   GET  /__mock/sessions?client_reference_id=…   → {data: Session[]}
 *   POST /__mock/sessions/:id/pay        {async?, deliver?}   → Event
 *   POST /__mock/sessions/:id/settle     {outcome: "succeeded"|"failed", deliver?} → Event
 *   POST /__mock/sessions/:id/expire     {deliver?} → Event
 *   POST /__mock/expire-due              {deliver?} → Event[] (open sessions past expires_at)
 *   POST /__mock/refunds                 {target: pi_…|ch_…, amount?, deliver?} → Event (charge.refunded)
 *   POST /__mock/disputes                {target: pi_…|ch_…, reason?, deliver?} → Event (charge.dispute.created)
 *   POST /__mock/disputes/:id/close      {outcome: "won"|"lost", deliver?} → Event
 *   POST /__mock/refund-failures         {paymentIntent, how?: "refused"|"network-before"|"network-after"|null}
 *   GET  /__mock/events                  → {data: Event[], deliveries: Delivery[]}
 */
import type { StripeMock } from "./mock";
import type { RefundFailure } from "./objects";

type Body = Record<string, unknown>;
export type ControlResult = { status: number; body: unknown };

const s = (value: unknown) => (typeof value === "string" ? value : undefined);
const n = (value: unknown) => (typeof value === "number" ? value : undefined);
const d = (body: Body) => ({ deliver: body.deliver === false ? false : undefined });

export async function handleControl(mock: StripeMock, method: string, path: string, query: URLSearchParams, body: Body): Promise<ControlResult> {
  try {
    const parts = path.split("/").filter(Boolean).slice(1);
    const [what, id, action] = parts;
    if (method === "POST" && what === "accounts") {
      const secretKey = s(body.secretKey);
      if (!secretKey) return { status: 400, body: { error: "secretKey is required" } };
      const account = mock.addAccount({ secretKey, accountId: s(body.accountId), webhookUrl: s(body.webhookUrl), webhookSecret: s(body.webhookSecret) });
      return { status: 200, body: { accountId: account.accountId, livemode: account.livemode } };
    }
    if (method === "GET" && what === "sessions" && !id) {
      return { status: 200, body: { data: mock.sessions({ clientReferenceId: query.get("client_reference_id") ?? undefined }) } };
    }
    if (method === "POST" && what === "sessions" && id && action === "pay") {
      return { status: 200, body: await mock.paySession(id, { async: body.async === true, ...(typeof body.issuingCountry === "string" ? { issuingCountry: body.issuingCountry } : {}), ...d(body) }) };
    }
    if (method === "POST" && what === "sessions" && id && action === "settle") {
      const outcome = body.outcome === "failed" ? "failed" : "succeeded";
      return { status: 200, body: await mock.settleSession(id, outcome, d(body)) };
    }
    if (method === "POST" && what === "sessions" && id && action === "expire") {
      return { status: 200, body: await mock.expireSession(id, d(body)) };
    }
    if (method === "POST" && what === "expire-due") return { status: 200, body: await mock.expireDue(d(body)) };
    if (method === "POST" && what === "refunds" && !id) {
      return { status: 200, body: await mock.refundFromDashboard(s(body.target) ?? "", { amount: n(body.amount), ...d(body) }) };
    }
    if (method === "POST" && what === "disputes" && !id) {
      return { status: 200, body: await mock.openDispute(s(body.target) ?? "", { reason: s(body.reason), ...d(body) }) };
    }
    if (method === "POST" && what === "disputes" && id && action === "close") {
      return { status: 200, body: await mock.closeDispute(id, body.outcome === "won" ? "won" : "lost", d(body)) };
    }
    if (method === "POST" && what === "refund-failures") {
      const paymentIntent = s(body.paymentIntent);
      if (!paymentIntent) return { status: 400, body: { error: "paymentIntent is required" } };
      if (body.how === null) mock.clearRefundFailures(paymentIntent);
      else mock.failRefundsFor(paymentIntent, (s(body.how) ?? "refused") as RefundFailure);
      return { status: 200, body: { ok: true } };
    }
    if (method === "GET" && what === "events") return { status: 200, body: { data: mock.events, deliveries: mock.deliveries } };
    return { status: 404, body: { error: `no control ${method} ${path}` } };
  } catch (error) {
    return { status: 400, body: { error: error instanceof Error ? error.message : String(error) } };
  }
}
