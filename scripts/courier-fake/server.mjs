#!/usr/bin/env node
// A fake Steadfast, Pathao and RedX in one HTTP server (issue 36 item 8), for tests and for trying
// the whole flow locally: `npm run courier:fake` (port COURIER_FAKE_PORT, default 4700), then
//   STEADFAST_URL=http://127.0.0.1:4700/steadfast  PATHAO_URL=http://127.0.0.1:4700/pathao
//   REDX_URL=http://127.0.0.1:4700/redx   (any non-empty keys and tokens).
// Control endpoints (tests drive them over HTTP):
//   POST /_control/fail {count, mode: "5xx" | "drop" | "lost"}  the next `count` courier requests answer
//        503, drop the connection, or book and then drop the answer (the booking is kept: a lost reply);
//   POST /_control/down {down: true|false}  every courier request drops until it is back;
//   POST /_control/status {courier, consignmentId, status}  moves a parcel (a CourierStatus word); each
//        courier's status call (status_by_cid, orders/{id}/info, parcel/info/{id}) then says it in its own
//        words, which the shop's courier poll reads (COURIER_POLL_MINUTES);
//   POST /_control/payment {id?, status?, amount?, consignments: [{consignmentId, invoice?, trackingCode?, codAmount?,
//        deliveryCharge?}]}  Steadfast pays out those parcels: GET /steadfast/payments then lists it (payments.mjs);
//   GET  /_control/parcels[?courier=]  what was booked;  GET /_control/requests  what was asked;
//   POST /_control/reset  forgets everything.
import http from "node:http";
import { pathToFileURL } from "node:url";

import { findParcel, parcels, pathao, redx, steadfast } from "./couriers.mjs";
import { addPayment, payments } from "./payments.mjs";

const handlers = { steadfast, pathao, redx };

export function createCourierFake() {
  const requests = [];
  let failures = [];
  let down = false;

  function control(req, res, path, body, query) {
    if (path === "/_control/fail") failures = Array.from({ length: Number(body.count) || 1 }, () => body.mode || "5xx");
    else if (path === "/_control/down") down = body.down !== false;
    else if (path === "/_control/reset") {
      parcels.clear();
      payments.clear();
      requests.length = 0;
      failures = [];
      down = false;
    } else if (path === "/_control/status") {
      const p = findParcel(body.courier, String(body.consignmentId));
      if (!p) return send(res, 404, { message: "no such parcel" });
      p.status = body.status;
    } else if (path === "/_control/payment") {
      return send(res, 200, { payment: addPayment(body, findParcel) });
    } else if (path === "/_control/parcels") {
      const courier = query.get("courier");
      return send(res, 200, { parcels: [...parcels.values()].filter((p) => !courier || p.courier === courier) });
    } else if (path === "/_control/requests") return send(res, 200, { requests });
    else return send(res, 404, { message: "unknown control" });
    return send(res, 200, { ok: true });
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      const text = Buffer.concat(chunks).toString("utf8");
      let body = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        return send(res, 400, { message: "The body is not JSON" });
      }
      if (url.pathname.startsWith("/_control/")) return control(req, res, url.pathname, body, url.searchParams);
      const [, courier, ...rest] = url.pathname.split("/");
      const handler = handlers[courier];
      if (!handler) return send(res, 404, { message: "Not found" });
      const path = `/${rest.join("/")}`;
      requests.push({ courier, method: req.method, path, at: new Date().toISOString() });
      const failure = down ? "drop" : failures.shift();
      if (failure === "drop") return req.socket.destroy();
      if (failure === "5xx") return send(res, 503, { message: "Service Unavailable" });
      const [status, answer] = handler(req, path, body, url.searchParams);
      if (failure === "lost") return req.socket.destroy();
      send(res, status, answer);
    });
  });
  return server;
}

function send(res, status, body) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify(body));
}

/** Starts the fake on `port` (0: any free one) and gives its base URL and a way to stop it. */
export async function startCourierFake(port = 0) {
  const server = createCourierFake();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : port}`;
  return { url, server, close: () => new Promise((resolve) => server.close(() => resolve(undefined))) };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { url } = await startCourierFake(Number(process.env.COURIER_FAKE_PORT) || 4700);
  console.log(`courier fake on ${url}: STEADFAST_URL=${url}/steadfast PATHAO_URL=${url}/pathao REDX_URL=${url}/redx`);
}
