import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    cspNonce?: string;
    /** Client IP as Express sees it (rate limiting). */
    clientIp?: string;
  }
}
