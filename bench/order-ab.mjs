// Before/after for the cost of placing an order (issue 26 asks: no more than
// 1 ms more). Two builds of the shop on one database take POST /api/orders in
// turns (A B A B …), so machine noise hits both; prints orders/s, mean and p99
// latency and server CPU per order for each, at 1 and at 8 connections.
//   node bench/order-ab.mjs --db <url> --a <server.js>:<build dir> --b <server.js>:<build dir> [--seconds 5 --rounds 3]
//     [--ports 4227,4228] [--product <id>: the product ordered; by default the first active one]
//     [--connections 1,8: fewer on a crowded machine, where 8 run into the request deadline]
// The database needs loose order limits (scripts/db-tasks.mjs LOOSE_LIMITS): one client places thousands.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";

import autocannon from "autocannon";
import pg from "pg";

import { cpuMs } from "./lib/load.mjs";

const { values: opt } = parseArgs({
  options: {
    db: { type: "string" },
    a: { type: "string" },
    b: { type: "string" },
    seconds: { type: "string", default: "5" },
    rounds: { type: "string", default: "3" },
    ports: { type: "string", default: "4227,4228" },
    product: { type: "string" },
    connections: { type: "string", default: "1,8" },
  },
});

async function sql(text, params = []) {
  const client = new pg.Client({ connectionString: opt.db });
  await client.connect();
  try {
    return (await client.query(text, params)).rows;
  } finally {
    await client.end();
  }
}

function start(spec, port) {
  const [server, build] = spec.split(":");
  return new Promise((resolve, reject) => {
    const env = {
      ...process.env,
      DATABASE_URL: opt.db,
      BUILD_DIR: build,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "production",
      SESSION_SECRET: "bench-order-ab-secret-0123456789abcdef",
      COOKIE_SECURE: "false",
    };
    const child = spawn(process.execPath, [server], { env, stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.on("data", (d) => String(d).includes("listening") && resolve({ pid: child.pid, port, child }));
    child.on("exit", (code) => reject(new Error(`${server} exited (${code})`)));
  });
}

const productId = opt.product ? Number(opt.product) : (await sql(`SELECT id FROM "Product" WHERE status = 'active' ORDER BY id LIMIT 1`))[0].id;
await sql(`UPDATE "ProductSize" SET quantity = 10000000 WHERE "productId" = $1`, [productId]);
const [{ size }] = await sql(`SELECT size FROM "ProductSize" WHERE "productId" = $1 ORDER BY position LIMIT 1`, [productId]);
// A buyer per order (phone and e-mail): a shop's orders come from many buyers, and one phone with
// thousands of open orders would measure the per-buyer limits' sums (decision 093), not a checkout.
let buyer = 0;
const bodyFor = (n) =>
  JSON.stringify({
    orderItems: [{ product: productId, qty: 1, selectedSize: size }],
    shippingAddress: {
      address: "12 Road 5, Dhanmondi",
      city: "Dhaka",
      postalCode: "1205",
      phone: `017${String(n % 1e8).padStart(8, "0")}`,
      deliveryLabel: "Home",
    },
    name: "Bench Shopper",
    email: `bench${n}@example.com`,
  });
const runId = Date.now() % 1e6;

async function run(server, connections) {
  const cpu0 = cpuMs(server.pid);
  const r = await autocannon({
    url: `http://127.0.0.1:${server.port}/api/orders`,
    requests: [
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        // Each request its own buyer; the run's id keeps buyers of earlier runs on the same database apart.
        setupRequest: (req) => ({ ...req, body: bodyFor(runId * 100_000 + (buyer += 1)) }),
      },
    ],
    connections,
    duration: Number(opt.seconds),
  });
  await new Promise((resolve) => setTimeout(resolve, 500));
  const made = r["2xx"];
  if (r.non2xx) throw new Error(`${r.non2xx} orders refused`);
  return { made, seconds: Number(opt.seconds), cpu: cpuMs(server.pid) - cpu0, mean: r.latency.mean, p99: r.latency.p99 };
}

const [portA, portB] = opt.ports.split(",").map(Number);
const a = await start(opt.a, portA);
const b = await start(opt.b, portB);
try {
  console.log(`A = ${opt.a}\nB = ${opt.b}\nconnections | A orders/s | B orders/s | A mean ms | B mean ms | A p99 | B p99 | A CPU ms/order | B CPU ms/order`);
  for (const connections of opt.connections.split(",").map(Number)) {
    const sum = { a: [], b: [] };
    await run(a, connections); // warm-up
    await run(b, connections);
    for (let i = 0; i < Number(opt.rounds); i++) {
      sum.a.push(await run(a, connections));
      sum.b.push(await run(b, connections));
    }
    const agg = (xs) => ({
      rps: xs.reduce((s, x) => s + x.made, 0) / xs.reduce((s, x) => s + x.seconds, 0),
      mean: xs.reduce((s, x) => s + x.mean, 0) / xs.length,
      p99: Math.max(...xs.map((x) => x.p99)),
      cpu: xs.reduce((s, x) => s + x.cpu, 0) / xs.reduce((s, x) => s + x.made, 0),
    });
    const [x, y] = [agg(sum.a), agg(sum.b)];
    console.log(
      `${connections} | ${x.rps.toFixed(0)} | ${y.rps.toFixed(0)} | ${x.mean.toFixed(2)} | ${y.mean.toFixed(2)} | ${x.p99} | ${y.p99} | ${x.cpu.toFixed(2)} | ${y.cpu.toFixed(2)}`,
    );
  }
} finally {
  a.child.kill();
  b.child.kill();
}
