// `npm run worker`: the mail worker on its own, for a deployment whose web
// instances run with MAIL_WORKER=off. Needs DATABASE_URL (or
// DIRECT_DATABASE_URL past a transaction pooler) and a production build.
import path from "node:path";
import { pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const buildDir = process.env.BUILD_DIR ? path.resolve(process.env.BUILD_DIR) : path.join(root, "build");
const compiled = await import(pathToFileURL(path.join(buildDir, "index.js")).href);
const worker = await compiled.entry.module.startMailWorker();
console.log("Mail worker running; Ctrl-C stops it.");
const stop = async () => {
  await worker.stop();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
