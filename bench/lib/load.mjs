// Load rounds with autocannon, alternating shop and floor (A B A B …) so both
// see the same machine noise, plus the CPU each server process (and the
// database) spent per request, read from /proc: on a shared machine CPU per
// request is steadier than requests per second.
import fs from "node:fs";

import autocannon from "autocannon";

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

/** utime + stime of a process, in ms (0 once it is gone). */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** CPU of the PostgreSQL postmaster's children (the backends serving both servers). */
function pgCpuMs(postmasterPid) {
  if (!postmasterPid) return 0;
  let total = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const fields = fs.readFileSync(`/proc/${entry}/stat`, "utf8").split(") ")[1].split(" ");
      if (Number(fields[1]) === postmasterPid) total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    } catch {
      // the process ended while being read
    }
  }
  return total;
}

// Like a browser: compressed bodies are part of the cost being measured.
const HEADERS = { "accept-encoding": "gzip, deflate, br" };

export function hit({ port, path, seconds, connections, headers = {} }) {
  return autocannon({ url: `http://127.0.0.1:${port}${path}`, connections, duration: seconds, headers: { ...HEADERS, ...headers } });
}

/** One measured round against one server. */
async function round(server, path, { seconds, connections, postmasterPid, headers }) {
  const cpu0 = cpuMs(server.pid);
  const pg0 = pgCpuMs(postmasterPid);
  const r = await hit({ port: server.port, path, seconds, connections, headers });
  const total = r.requests.total || 1;
  return {
    rps: r.requests.total / seconds,
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    cpu: (cpuMs(server.pid) - cpu0) / total,
    pgCpu: (pgCpuMs(postmasterPid) - pg0) / total,
  };
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

function summarise(rounds) {
  const pick = (k) => median(rounds.map((r) => r[k]));
  return { rps: pick("rps"), p50: pick("p50"), p99: pick("p99"), cpu: pick("cpu"), pgCpu: pick("pgCpu"), bad: rounds.reduce((s, r) => s + r.bad, 0) };
}

/**
 * Warm-up for both, then `rounds` alternating rounds; medians per side. `headers` go to the shop only
 * (a session cookie); `floorHeaders` to the floor (bench/ab.mjs sends one cart cookie to both builds).
 */
export async function compare({ shop, floor, path, floorPath = path, seconds, rounds, warmup, connections, postmasterPid, headers = {}, floorHeaders = {} }) {
  const opts = { seconds, connections, postmasterPid };
  await hit({ port: shop.port, path, seconds: warmup, connections, headers });
  await hit({ port: floor.port, path: floorPath, seconds: warmup, connections, headers: floorHeaders });
  const a = [];
  const b = [];
  for (let i = 0; i < rounds; i++) {
    a.push(await round(shop, path, { ...opts, headers }));
    b.push(await round(floor, floorPath, { ...opts, headers: floorHeaders }));
  }
  return { shop: summarise(a), floor: summarise(b) };
}
