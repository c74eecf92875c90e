import { primaryHealthcheck } from "~/web/health.server";

/**
 * /healthcheck: 200 once the primary answers a query, 503 within 1.5 s when
 * it does not (down or frozen). Operators and fly's proxy watch it; Varnish in
 * front of replicas probes /healthcheck/reads instead (docs/deploy.md).
 */
export const loader = () => primaryHealthcheck();
