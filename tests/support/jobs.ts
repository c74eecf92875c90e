// The tests start the same worker the server runs: every domain's registered tasks (app/jobs.server.ts).
export { registerAllJobs, startWorker, type JobWorker } from "~/jobs.server";
