// The platform domain's face (docs/decisions/090): the only file other domains import. What is not
// exported here is private to platform; ESLint refuses imports of its other files from outside.
export { catalogueChanged, onCatalogueChange } from "./cache-events.server";
export type { CacheTag } from "./cache-events.server";
export { diskFullCause, isDatabaseUnavailable } from "./db-errors.server";
export { withinRequestDeadline, withLongerRequestDeadline } from "./db-pool.server";
export { catalogueDb, prisma } from "./db.server";
export type { Db, Tx } from "./db.server";
export { env, sessionSecrets } from "./env.server";
export { ServiceError, isUniqueViolation, keyedError, notFound, tooManyRequests } from "./errors.server";
export { tagPage } from "./page-tags.server";
export { clearSlots, pruneSlots, refusedWait, slotTat, slotsUpsert, takeSlots } from "./rate-window.server";
export type { WindowRule } from "./rate-window.server";
export { htmlToText, sanitizeHtml } from "./sanitize.server";
export { DEFAULT_SETTINGS, getSettings, getSettingsForCheckout, resetSettings, saveSettings } from "./settings.server";
export { openedSettings, saveChangedSettings } from "./settings.server";
export type { ShopSettings } from "./settings.server";
export { shopUrl } from "./shop-url.server";
export { processCache } from "./ttl-cache.server";
export { PERMISSIONS, allowed, can, requirePermission, requireSignedIn, roleOf } from "./permissions";
export type { Actor, Permission, Role } from "./permissions";
export { registerJob, registeredJobs, runJobNow } from "./jobs.server";
export type { JobContext, JobDefinition } from "./jobs.server";
export { jobWorkerStatus, migrateJobQueue, startJobWorker } from "./jobs-worker.server";
export type { JobWorker, JobWorkerStatus } from "./jobs-worker.server";
export { barcodeDataUrl } from "./barcode.server";
