// The shop under V8's CPU profiler (the sampler `node --cpu-prof` uses), but
// started and stopped by the benchmark so the profile holds steady-state
// requests only, not start-up and module loading: SIGUSR2 starts sampling,
// SIGTERM writes $BENCH_PROFILE and exits. Used by bench/run.mjs only.
import fs from "node:fs";
import inspector from "node:inspector/promises";

const { startServer } = await import("../server.js");
const server = await startServer({ port: Number(process.env.PORT), host: "127.0.0.1" });
const session = new inspector.Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.setSamplingInterval", { interval: 500 });
process.on("SIGUSR2", async () => {
  await session.post("Profiler.start");
  console.log("profiling");
});
process.on("SIGTERM", async () => {
  const { profile } = await session.post("Profiler.stop");
  fs.writeFileSync(process.env.BENCH_PROFILE, JSON.stringify(profile));
  server.close();
  process.exit(0);
});
console.log(`profiled shop listening on ${server.address().port}`);
