// Before/after for one change: two builds of the shop on one database, driven
// alternately (A B A B) like the shop and the floor in bench/run.mjs, so
// machine noise hits both. Prints req/s and CPU per request for each.
//   node bench/ab.mjs --db <url> --a <server.js>:<build dir> --b <server.js>:<build dir> [--seconds 4 --rounds 3]
//     [--ports 4217,4218] [--cart <product id>]
// --cart: a guest's cart cookie with one line of that product, got by Add To Cart on A and sent to
// both sides on every path (both share the database and SESSION_SECRET, so it is the same cart).
// The servers inherit the environment: PAGE_CACHE=off measures rendering rather than the page cache.
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";

import { compare } from "./lib/load.mjs";
import { shopperWithCart } from "./lib/processes.mjs";

const { values: opt } = parseArgs({
  options: {
    db: { type: "string" },
    a: { type: "string" },
    b: { type: "string" },
    paths: { type: "string", default: "/api/products?pageNumber=2,/api/products/9,/,/product/9,/category/2" },
    seconds: { type: "string", default: "4" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
    ports: { type: "string", default: "4217,4218" },
    cart: { type: "string" },
  },
});

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
      SESSION_SECRET: "bench-session-secret-0123456789abcdef",
      COOKIE_SECURE: "false",
    };
    const child = spawn(process.execPath, [server], { env, stdio: ["ignore", "pipe", "inherit"] });
    child.stdout.on("data", (d) => String(d).includes("listening") && resolve({ pid: child.pid, port, child }));
    child.on("exit", (code) => reject(new Error(`${server} exited (${code})`)));
  });
}

const [portA, portB] = opt.ports.split(",").map(Number);
const a = await start(opt.a, portA);
const b = await start(opt.b, portB);
try {
  const headers = opt.cart ? { cookie: await shopperWithCart(a.port, Number(opt.cart)) } : {};
  console.log(`A = ${opt.a}\nB = ${opt.b}\npath | A req/s | B req/s | B/A | A CPU ms/req | B CPU ms/req`);
  for (const path of opt.paths.split(",")) {
    const r = await compare({
      shop: b,
      floor: a,
      path,
      seconds: Number(opt.seconds),
      rounds: Number(opt.rounds),
      warmup: 1,
      connections: Number(opt.connections),
      headers,
      floorHeaders: headers,
    });
    console.log(
      `${path} | ${r.floor.rps.toFixed(0)} | ${r.shop.rps.toFixed(0)} | ${(r.shop.rps / r.floor.rps).toFixed(2)} | ${r.floor.cpu.toFixed(1)} | ${r.shop.cpu.toFixed(1)}`,
    );
    // A redirect or an error page is cheap: such a row would flatter the side that failed.
    if (r.floor.bad || r.shop.bad) console.log(`  ! not 2xx or failed: A ${r.floor.bad}, B ${r.shop.bad}`);
  }
} finally {
  for (const s of [a, b]) {
    s.child.removeAllListeners("exit");
    s.child.kill("SIGTERM");
  }
}
