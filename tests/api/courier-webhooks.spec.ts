import { expect, test } from "@playwright/test";

import { pathaoRequest, postWebhook, redxRequest, steadfastRequest } from "../../scripts/courier-fake/webhooks.mjs";
import { createUser, sessionCookieFor } from "../support/auth";
import { prisma } from "../support/db";
import { shippedParcel, stockOf, WEBHOOK_SECRETS as S } from "../support/parcels";

// POST /webhooks/{steadfast,pathao,redx} and PUT /api/orders/{id}/received-back
// over real HTTP (issue 36 items 3, 4 and 7), sent as each courier sends them
// (scripts/courier-fake/webhooks.mjs).

const row = (id: string) => prisma.order.findUniqueOrThrow({ where: { id } });
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000);

test("Steadfast: in transit then delivered with the cash: delivered and paid; a replay and a late event change nothing", async ({ baseURL }) => {
  const { order, consignmentId, codTaka } = await shippedParcel("steadfast");
  const transit = steadfastRequest({ consignmentId, status: "pending", message: "At the Mirpur hub", at: ago(30) }, S.steadfast);
  expect(await postWebhook(baseURL!, transit)).toMatchObject({ status: 200, body: { status: "success" } });
  expect((await row(order.id)).courierStatus).toBe("in_transit");
  const delivered = steadfastRequest({ consignmentId, status: "delivered", codAmount: codTaka, deliveryCharge: 60, at: ago(5) }, S.steadfast);
  expect((await postWebhook(baseURL!, delivered)).status).toBe(200);
  expect(await row(order.id)).toMatchObject({
    courierStatus: "delivered",
    isDelivered: true,
    isPaid: true,
    codCollectedPaisa: codTaka * 100,
    deliveryChargePaisa: 6000,
  });
  // The same event again, and the in-transit one arriving late: 200, nothing moves.
  expect((await postWebhook(baseURL!, delivered)).status).toBe(200);
  expect((await postWebhook(baseURL!, steadfastRequest({ consignmentId, status: "pending", at: ago(20) }, S.steadfast))).status).toBe(200);
  expect(await row(order.id)).toMatchObject({ courierStatus: "delivered", isDelivered: true });
  expect(await prisma.orderEvent.count({ where: { orderId: order.id, type: "paid" } })).toBe(1);
  expect(await prisma.courierEvent.count({ where: { orderId: order.id } })).toBe(3);
});

test("a bad token is a 401, junk a 400, an unknown consignment a 404, and none of them a 500", async ({ baseURL }) => {
  const { order, consignmentId } = await shippedParcel("steadfast");
  const good = steadfastRequest({ consignmentId, status: "delivered", codAmount: 1 }, S.steadfast);
  expect((await postWebhook(baseURL!, steadfastRequest({ consignmentId, status: "delivered" }, "wrong-token"))).status).toBe(401);
  expect((await postWebhook(baseURL!, { ...good, headers: {} })).status).toBe(401);
  expect((await postWebhook(baseURL!, pathaoRequest({ consignmentId, event: "order.delivered" }, "wrong"))).status).toBe(401);
  expect((await postWebhook(baseURL!, redxRequest({ consignmentId, status: "delivered" }, "wrong"))).status).toBe(401);
  for (const junk of [
    "{not json",
    "[]",
    '"text"',
    JSON.stringify({ notification_type: "delivery_status" }),
    JSON.stringify({ ...good.body, updated_at: "yesterday" }),
  ]) {
    const answer = await postWebhook(baseURL!, good, junk);
    expect(answer.status, junk).toBe(400);
  }
  const stranger = await postWebhook(baseURL!, steadfastRequest({ consignmentId: "999999999", status: "delivered" }, S.steadfast));
  expect(stranger).toMatchObject({ status: 404, body: { message: "Unknown consignment" } });
  expect(await row(order.id)).toMatchObject({ courierStatus: "booked", isDelivered: false });
});

test("Pathao: the handshake answers 202 with its header; refused at the door makes the order returning", async ({ baseURL }) => {
  const hello = await postWebhook(baseURL!, pathaoRequest({ event: "webhook_integration" }, S.pathao));
  expect(hello.status).toBe(202);
  expect(hello.headers.get("x-pathao-merchant-webhook-integration-secret")).toBe("f3992ecc-59da-4cbe-a049-a13da2018d51");
  const { order, consignmentId, product } = await shippedParcel("pathao");
  expect((await postWebhook(baseURL!, pathaoRequest({ consignmentId, event: "order.picked", at: ago(60) }, S.pathao))).status).toBe(202);
  const failed = pathaoRequest({ consignmentId, event: "order.delivery-failed", reason: "Customer refused", at: ago(10) }, S.pathao);
  expect((await postWebhook(baseURL!, failed)).status).toBe(202);
  expect(await row(order.id)).toMatchObject({ courierStatus: "returning", returnReason: "Customer refused", isDelivered: false });
  expect(await stockOf(product.id)).toBe(4);

  // Received back over the API: admin only, stock once, repeating answers the order.
  const url = `/api/orders/${order.id}/received-back`;
  const admin = { Cookie: await sessionCookieFor(await createUser({ isAdmin: true })) };
  const put = (headers: Record<string, string> = admin) => fetch(new URL(url, baseURL), { method: "PUT", headers });
  expect((await put({})).status).toBe(401);
  expect((await put({ Cookie: await sessionCookieFor(await createUser()) })).status).toBe(403);
  const [a, b] = await Promise.all([put(), put()]);
  expect([a.status, b.status]).toEqual([200, 200]);
  expect(await a.json()).toMatchObject({ courierStatus: "returned", returnReason: "Customer refused", cancelReason: "refused", codCollected: null });
  expect(await stockOf(product.id)).toBe(5);
  expect((await put()).status).toBe(200);
  expect(await stockOf(product.id)).toBe(5);
  const never = await shippedParcel("pathao");
  const early = await fetch(new URL(`/api/orders/${never.order.id}/received-back`, baseURL), { method: "PUT", headers: admin });
  expect(early.status).toBe(409);
});

test("RedX: the token rides in the URL, its Bangla words are kept, and GET is refused", async ({ baseURL }) => {
  const { order, consignmentId } = await shippedParcel("redx");
  const step = redxRequest(
    { consignmentId, status: "delivery-in-progress", messageEn: "Out with the rider", messageBn: "রাইডারের সাথে ডেলিভারিতে", at: ago(10) },
    S.redx,
  );
  expect(await postWebhook(baseURL!, step)).toMatchObject({ status: 200, body: { status: "success" } });
  expect(await prisma.courierEvent.findFirst({ where: { orderId: order.id }, select: { status: true, messageBn: true } })).toEqual({
    status: "out_for_delivery",
    messageBn: "রাইডারের সাথে ডেলিভারিতে",
  });
  expect((await postWebhook(baseURL!, { ...step, path: "/webhooks/redx" })).status).toBe(401);
  // GET is not a webhook.
  expect((await fetch(new URL("/webhooks/redx", baseURL))).status).toBe(405);
});
