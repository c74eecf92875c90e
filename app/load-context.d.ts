import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    /** Client IP as Express sees it (rate limiting). */
    clientIp?: string;
    /** schema.org items the loaders found for this page (web/structured-data.server.ts). */
    structuredData?: unknown[];
  }
}
