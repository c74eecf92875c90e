// Before/after for one change: two builds of the shop on one database, driven
// alternately (A B A B) like the shop and the floor in bench/run.mjs, so
// machine noise hits both. Prints req/s and CPU per request for each.
//   node bench/ab.mjs --db <url> --a <server.js>:<build dir> --b <server.js>:<build dir> [--seconds 4 --rounds 3]
import { spawn } from "node:child_process";
import { parseArgs } from "node:util";

import { compare } from "./lib/load.mjs";

const { values: opt } = parseArgs({
  options: {
    db: { type: "string" },
    a: { type: "string" },
    b: { type: "string" },
    paths: { type: "string", default: "/api/products?pageNumber=2,/api/products/9,/,/product/9,/category/2" },
    seconds: { type: "string", default: "4" },
    rounds: { type: "string", default: "3" },
    connections: { type: "string", default: "32" },
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

const a = await start(opt.a, 4217);
const b = await start(opt.b, 4218);
try {
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
    });
    console.log(
      `${path} | ${r.floor.rps.toFixed(0)} | ${r.shop.rps.toFixed(0)} | ${(r.shop.rps / r.floor.rps).toFixed(2)} | ${r.floor.cpu.toFixed(1)} | ${r.shop.cpu.toFixed(1)}`,
    );
  }
} finally {
  for (const s of [a, b]) {
    s.child.removeAllListeners("exit");
    s.child.kill("SIGTERM");
  }
}
