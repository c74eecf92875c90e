import { webhookRoute } from "~/web/webhook.server";

/** POST /webhooks/steadfast: Steadfast's status callbacks (app/models/shipping/webhooks/steadfast.server.ts; docs/deploy.md). */
export const { action, loader } = webhookRoute("steadfast");
