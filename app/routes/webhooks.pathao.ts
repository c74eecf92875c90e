import { webhookRoute } from "~/web/webhook.server";

/** POST /webhooks/pathao: Pathao's status callbacks (app/models/shipping/webhooks/pathao.server.ts; docs/deploy.md). */
export const { action, loader } = webhookRoute("pathao");
