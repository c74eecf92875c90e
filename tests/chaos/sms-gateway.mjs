// A real HTTP SMS gateway for the hold chaos cases (the shop POSTs {"to", "text"}
// as JSON to SMS_URL): it records every text it accepted, with when. It can be
// down (answers 503, as a gateway out of balance or in maintenance does) and
// can take its time over each text (so a kill lands while codes are being sent).
import http from "node:http";

export function smsGateway({ delayMs = 0 } = {}) {
  const accepted = [];
  let up = true;
  let inFlight = 0;
  let refused = 0;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      if (!up) {
        refused += 1;
        res.writeHead(503, { "Content-Type": "application/json" }).end('{"error":"gateway down"}');
        return;
      }
      inFlight += 1;
      setTimeout(() => {
        inFlight -= 1;
        const body = JSON.parse(raw);
        accepted.push({ to: body.to, text: body.text, at: Date.now() });
        res.writeHead(200, { "Content-Type": "application/json" }).end('{"status":"queued"}');
      }, delayMs);
    });
  });
  return {
    accepted,
    get inFlight() {
      return inFlight;
    },
    get refused() {
      return refused;
    },
    setUp(value) {
      up = value;
    },
    listen: () =>
      new Promise((resolve) => {
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${server.address().port}/send`));
      }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
