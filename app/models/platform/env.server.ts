import { z } from "zod";

// Checked once at start-up so a missing or short secret stops the server with a clear message.
const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  DATABASE_URL: z.string().min(1, "DATABASE_URL is required (npm start sets it for the embedded database)"),
  /** Read replicas for catalogue reads (issue 19): one URL or a comma-separated list; unset → the primary. */
  DATABASE_REPLICA_URL: z.string().optional(),
  /** A replica further behind than this (seconds) is skipped until it catches up. */
  DATABASE_REPLICA_MAX_LAG_SECONDS: z.coerce.number().min(0).default(10),
  SESSION_SECRET: z.string().optional(),
  PAGE_SIZE: z.coerce.number().int().min(1).max(100).default(8),
  PAYPAL_CLIENT_ID: z.string().optional(),
  /** Secure cookies: on by default in production; `npm start` turns it off for plain-HTTP localhost. */
  COOKIE_SECURE: z
    .enum(["true", "false"])
    .optional()
    .transform((v) => (v === undefined ? process.env.NODE_ENV === "production" : v === "true")),
  /** Sign-in lifetime since the last renewal (a profile save); tests shorten it. */
  SIGN_IN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30 * 24 * 60 * 60),
  /** Absolute sign-in lifetime since the password was typed: no renewal goes past it (issue 27 item 6). */
  SIGN_IN_MAX_AGE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(30 * 24 * 60 * 60),
  /** The shop's public address, for links that leave the site (e-mails) and pages' absolute links; unset → http://localhost:PORT, and pages use the request's. */
  SHOP_URL: z.string().url("SHOP_URL must be a URL like https://shop.example.com").optional(),
  PORT: z.coerce.number().int().optional(),
});

/** The shortest secret the cookie signature and the reset links accept: 256 bits. */
export const MIN_SECRET_BYTES = 32;

/**
 * Why SESSION_SECRET cannot be used, or null. Every secret of a rotation list
 * counts: an old short one would still verify forged cookies. Only `npm start`'s
 * demo makes one up (scripts/start.mjs keeps it in .data/); nothing here does.
 */
export function sessionSecretProblem(value: string | undefined): string | null {
  const secrets = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const howTo =
    "Make one with `openssl rand -hex 32` (or `node -e \"console.log(require('crypto').randomBytes(32).toString('hex'))\"`) " +
    "and set SESSION_SECRET to it; `npm start` makes one for a local demo by itself.";
  if (secrets.length === 0) return `SESSION_SECRET is not set. ${howTo}`;
  if (secrets.some((s) => Buffer.byteLength(s, "utf8") < MIN_SECRET_BYTES)) {
    return `SESSION_SECRET must be at least ${MIN_SECRET_BYTES} bytes (each one, in a comma-separated list). ${howTo}`;
  }
  return null;
}

function load() {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = parsed.data;
  const shopUrl = (env.SHOP_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, "");
  // Set: pages build their absolute links from it too (shop-url.server.ts), not from the request.
  return { ...env, SHOP_URL: shopUrl, SHOP_URL_SET: env.SHOP_URL !== undefined } as typeof env & { SHOP_URL: string; SHOP_URL_SET: boolean };
}

export const env = load();

/**
 * The cookie secrets, first one signing: the session storage asks for them
 * when it is made, so the server (and the mail worker) refuse to start
 * without good ones, while tools that only touch the database (the seed,
 * migrations) need none.
 */
export function sessionSecrets(): string[] {
  const problem = sessionSecretProblem(env.SESSION_SECRET);
  if (problem) throw new Error(problem);
  return env
    .SESSION_SECRET!.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
}
