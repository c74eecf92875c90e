import { readsHealthcheck } from "~/web/health.server";

/**
 * /healthcheck/reads: 200 while this instance can serve the catalogue (from
 * the primary or a current replica), 503 when it cannot. Varnish's probe: an
 * instance whose primary is away still serves every catalogue page from the
 * replica, and answers orders and sign-in with its own 503 (decision 074).
 */
export const loader = () => readsHealthcheck();
