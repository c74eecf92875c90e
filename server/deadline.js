// One deadline per request (issue 31 #3). With the database frozen, a request
// that needs several queries used to wait the pool's bound at each step, and
// sign-in or a cart took 10–17 s on two busy instances. server.js runs each
// request inside this deadline; the app's pool (app/models/platform/db-pool.server.ts)
// bounds every connection wait, and every query's timeout, by what is left of
// it, and a request that joins a read another request began (a process cache)
// waits no longer than its own deadline, so a request ends with its 503 about
// REQUEST_DEADLINE_MS after it began.
import { AsyncLocalStorage } from "node:async_hooks";

/**
 * 2 s (issue 40 #5, decision 080): with the database frozen, a write's 503
 * must reach the shopper within 5 s, and it comes 1–3 s after the deadline
 * on a busy machine (a query let run 1 s past it, so a ROLLBACK can; the
 * error page's render). Every request held for the deadline also costs the
 * instance CPU: in chaos case 11, 3 s left cached pages at 2 s (event-loop
 * lag) and writes at up to 6.5 s; 2 s, 0.2 s and 5 s. Catalogue pages do not
 * wait for it: the page cache answers from its copy after 1.5 s at most
 * (OUTAGE_WAIT_MS). A healthy request, queue for a connection included,
 * takes a small part of it.
 */
export const REQUEST_DEADLINE_MS = Number(process.env.REQUEST_DEADLINE_MS) || 2_000;

// Shared with the app bundle through a registered symbol (it cannot import this file).
const KEY = Symbol.for("tanabana.request-deadline");
const holder = /** @type {typeof globalThis & { [KEY]?: AsyncLocalStorage<number> }} */ (globalThis);
const deadlines = (holder[KEY] ??= new AsyncLocalStorage());

/**
 * Each request's deadline, fixed the first time it is asked for. A page the
 * page cache could not serve (its render was a 503) is handed on to Remix,
 * which runs the request a second time: with a fresh deadline there, a page
 * took two full waits (14–18 s in chaos case 11).
 * @type {WeakMap<object, number>}
 */
const requestDeadlines = new WeakMap();

/**
 * Runs fn (a request's work, or part of it) within the request's one deadline.
 * @template T
 * @param {object} req
 * @param {() => T} fn
 * @returns {T}
 */
export function withRequestDeadline(req, fn) {
  let deadline = requestDeadlines.get(req);
  if (deadline === undefined) {
    deadline = Date.now() + REQUEST_DEADLINE_MS;
    requestDeadlines.set(req, deadline);
  }
  return deadlines.run(deadline, fn);
}
