// Reads a V8 .cpuprofile (node --cpu-prof) and says where the shop's CPU
// time went: self time grouped by what the code belongs to, and the hottest
// functions.
import fs from "node:fs";

/** What a stack frame belongs to, from its script URL. */
function bucketOf({ url, functionName }) {
  if (!url) {
    if (functionName === "(garbage collector)") return "V8 garbage collector";
    if (functionName === "(idle)") return "(idle)";
    if (functionName === "(program)") return "V8/native (program)";
    return `native: ${functionName || "anonymous"}`;
  }
  if (url.startsWith("wasm://")) return "Prisma query compiler (WASM)";
  if (url.startsWith("node:")) {
    const mod = url.slice(5).replace(/^internal\//, "");
    if (/^(zlib|streams?|stream\/)/.test(mod)) return "node: zlib/streams";
    if (/^(http|_http|net|tls|dns)/.test(mod)) return "node: http/net";
    return `node: ${mod.split("/")[0]}`;
  }
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + 13).split("/");
    const pkg = rest[0].startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0];
    if (pkg === "@prisma/client" && /query_compiler/.test(url)) return "Prisma query compiler (WASM glue)";
    return pkg;
  }
  if (/\/build\/index\.js$/.test(url)) return "app server bundle (routes, models, React components)";
  if (/\/server\.js$/.test(url)) return "server.js";
  return url
    .replace(/^file:\/\//, "")
    .split("/")
    .slice(-2)
    .join("/");
}

export function analyseProfile(file, { top = 15 } = {}) {
  const profile = JSON.parse(fs.readFileSync(file, "utf8"));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  // Samples of the profiler being switched on (bench/profiled-shop.mjs) are not the shop's work.
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const harness = new Map();
  const isHarness = (id) => {
    if (!harness.has(id)) {
      const node = byId.get(id);
      harness.set(id, node.callFrame.url.endsWith("profiled-shop.mjs") || (parent.has(id) && isHarness(parent.get(id))));
    }
    return harness.get(id);
  };
  const self = new Map();
  // Sample-accurate self time: each sample's delta is charged to the node it hit.
  const { samples, timeDeltas } = profile;
  for (let i = 0; i < samples.length; i++) self.set(samples[i], (self.get(samples[i]) ?? 0) + (timeDeltas[i] ?? 0));
  const buckets = new Map();
  const functions = new Map();
  let busy = 0;
  for (const [id, us] of self) {
    if (isHarness(id)) continue;
    const { callFrame } = byId.get(id);
    const bucket = bucketOf(callFrame);
    if (bucket === "(idle)") continue;
    busy += us;
    buckets.set(bucket, (buckets.get(bucket) ?? 0) + us);
    const where = callFrame.url ? `${bucket}:${callFrame.lineNumber + 1}` : bucket;
    const key = `${callFrame.functionName || "(anonymous)"} — ${where}`;
    functions.set(key, (functions.get(key) ?? 0) + us);
  }
  const rank = (m) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => ({ name, ms: us / 1000, share: us / busy }));
  return { busyMs: busy / 1000, buckets: rank(buckets), functions: rank(functions) };
}
