import { webhookRoute } from "~/web/webhook.server";

/** POST /webhooks/redx: RedX's status callbacks (app/models/shipping/webhooks/redx.server.ts; docs/deploy.md). */
export const { action, loader } = webhookRoute("redx");
