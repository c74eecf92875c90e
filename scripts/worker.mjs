// `npm run worker`: the job worker (mail, COD holds, courier poll) on its own, for a deployment whose web
// instances run with MAIL_WORKER=off. Needs DATABASE_URL (or
// DIRECT_DATABASE_URL past a transaction pooler) and a production build.
// SIGTERM/SIGINT: no new jobs; the running ones finish within
// DRAIN_TIMEOUT_SECONDS (15) or are released to other workers (decision 081);
// a second signal exits at once.
import path from "node:path";
import { pathToFileURL } from "node:url";

import { DRAIN_TIMEOUT_MS } from "../server/drain.js";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildDir = process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : path.join(root, "build");
const compiled = await import(pathToFileURL(path.join(buildDir, "index.js")).href);
const worker = await compiled.entry.module.startWorker();
console.log("Job worker running; Ctrl-C stops it.");
let stopping = false;
const stop = async () => {
  if (stopping) process.exit(1);
  stopping = true;
  await worker.stop({ timeoutMs: DRAIN_TIMEOUT_MS });
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
