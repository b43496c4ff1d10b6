import "server-only";
import { z } from "zod";
import { createEndpoint } from "@/server/webhooks/create-endpoint";
import { deleteEndpoint } from "@/server/webhooks/delete-endpoint";
import { findEndpoint } from "@/server/webhooks/find-endpoint";
import { getDelivery } from "@/server/webhooks/get-delivery";
import { listDeliveries } from "@/server/webhooks/list-deliveries";
import { listEndpoints } from "@/server/webhooks/list-endpoints";
import { resendDelivery } from "@/server/webhooks/resend-delivery";
import { rotateSecret } from "@/server/webhooks/rotate-secret";
import { CreateEndpointInput, ListDeliveriesQuery, UpdateEndpointInput } from "@/server/webhooks/schemas";
import { sendTestEvent } from "@/server/webhooks/send-test-event";
import { updateEndpoint } from "@/server/webhooks/update-endpoint";
import { toEndpointView, type DeliveryView } from "@/server/webhooks/views";
import { audited } from "../audited";
import { GameInput, scopeForStaff } from "../game-access";
import { developerProcedure, router, viewerProcedure } from "../init";
import { precheckedResolve } from "../prechecked-url";

const EndpointRef = GameInput.extend({ endpointId: z.string().min(1) });
const DeliveryRef = GameInput.extend({ deliveryId: z.string().min(1) });

/** What the audit log keeps of a delivery: its state, not the attempt log with response excerpts. */
function deliverySummary(d: DeliveryView) {
  return { id: d.id, eventId: d.eventId, eventType: d.eventType, endpointId: d.endpointId, status: d.status, attempts: d.attempts, nextAttemptAt: d.nextAttemptAt };
}

/**
 * SPEC: "Only members with developer role or above can create, change or delete endpoints". Sending a
 * test event and resending a delivery make the game's servers receive calls, so they need it too.
 * The delivery log is a read, open to viewers. Signing secrets leave only through create and rotate.
 */
export const webhooksRouter = router({
  endpoints: viewerProcedure.input(GameInput).query(async ({ ctx, input }) => listEndpoints(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input))),

  deliveries: viewerProcedure.input(ListDeliveriesQuery.extend(GameInput.shape)).query(async ({ ctx, input }) => {
    const { gameId, env, ...query } = input;
    return listDeliveries(ctx.db, await scopeForStaff(ctx.db, ctx.staff, { gameId, env }), query);
  }),

  delivery: viewerProcedure.input(DeliveryRef).query(async ({ ctx, input }) => getDelivery(ctx.db, await scopeForStaff(ctx.db, ctx.staff, input), input.deliveryId)),

  /** The signing secret is in this answer and nowhere else, ever. */
  create: developerProcedure.input(CreateEndpointInput.extend(GameInput.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, ...endpoint } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    const resolve = await precheckedResolve(endpoint.url, scope.env);
    return audited(ctx, (tx) => createEndpoint(tx, scope, { input: endpoint, resolve }), (created) => ({
      action: "webhook.endpoint.create",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "webhook_endpoint",
      targetId: created.endpoint.id,
      after: created.endpoint,
    }));
  }),

  update: developerProcedure.input(UpdateEndpointInput.safeExtend(EndpointRef.shape)).mutation(async ({ ctx, input }) => {
    const { gameId, env, endpointId, ...change } = input;
    const scope = await scopeForStaff(ctx.db, ctx.staff, { gameId, env });
    const resolve = change.url === undefined ? undefined : await precheckedResolve(change.url, scope.env);
    const result = await audited(
      ctx,
      async (tx) => ({ before: toEndpointView(await findEndpoint(tx, scope, { endpointId })), after: await updateEndpoint(tx, scope, { endpointId, input: change, resolve }) }),
      ({ before, after }) => ({ action: "webhook.endpoint.update", gameId: scope.gameId, env: scope.env, targetType: "webhook_endpoint", targetId: after.id, before, after }),
    );
    return result.after;
  }),

  /** Enabling also clears the failure streak (SPEC: disabled after 50 failures "until re-enabled"). */
  setActive: developerProcedure.input(EndpointRef.extend({ active: z.boolean() })).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const result = await audited(
      ctx,
      async (tx) => ({ before: toEndpointView(await findEndpoint(tx, scope, { endpointId: input.endpointId })), after: await updateEndpoint(tx, scope, { endpointId: input.endpointId, input: { active: input.active } }) }),
      ({ before, after }) => ({
        action: input.active ? "webhook.endpoint.enable" : "webhook.endpoint.disable",
        gameId: scope.gameId,
        env: scope.env,
        targetType: "webhook_endpoint",
        targetId: after.id,
        before,
        after,
      }),
    );
    return result.after;
  }),

  /** The old secret stops at once; the new one is in this answer only. */
  rotateSecret: developerProcedure.input(EndpointRef).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const result = await audited(
      ctx,
      async (tx) => ({ before: toEndpointView(await findEndpoint(tx, scope, { endpointId: input.endpointId, forUpdate: true })), rotated: await rotateSecret(tx, scope, input.endpointId) }),
      ({ before, rotated }) => ({
        action: "webhook.endpoint.rotate_secret",
        gameId: scope.gameId,
        env: scope.env,
        targetType: "webhook_endpoint",
        targetId: rotated.endpoint.id,
        before,
        after: rotated.endpoint,
      }),
    );
    return result.rotated;
  }),

  /** Deletes the endpoint and its delivery log (disable it to keep the log). */
  delete: developerProcedure.input(EndpointRef).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const result = await audited(
      ctx,
      async (tx) => {
        const before = toEndpointView(await findEndpoint(tx, scope, { endpointId: input.endpointId }));
        return { before, deleted: await deleteEndpoint(tx, scope, input.endpointId) };
      },
      ({ before, deleted }) => ({ action: "webhook.endpoint.delete", gameId: scope.gameId, env: scope.env, targetType: "webhook_endpoint", targetId: deleted.id, before }),
    );
    return result.deleted;
  }),

  sendTest: developerProcedure.input(EndpointRef).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    return audited(ctx, (tx) => sendTestEvent(tx, scope, input.endpointId), (sent) => ({
      action: "webhook.test.send",
      gameId: scope.gameId,
      env: scope.env,
      targetType: "webhook_endpoint",
      targetId: input.endpointId,
      after: sent,
    }));
  }),

  /** Same event id and body, due now; the attempt count goes on. */
  resend: developerProcedure.input(DeliveryRef).mutation(async ({ ctx, input }) => {
    const scope = await scopeForStaff(ctx.db, ctx.staff, input);
    const result = await audited(
      ctx,
      async (tx) => ({ before: await getDelivery(tx, scope, input.deliveryId), after: await resendDelivery(tx, scope, input.deliveryId) }),
      ({ before, after }) => ({
        action: "webhook.delivery.resend",
        gameId: scope.gameId,
        env: scope.env,
        targetType: "webhook_delivery",
        targetId: after.id,
        before: deliverySummary(before),
        after: deliverySummary(after),
      }),
    );
    return result.after;
  }),
});
