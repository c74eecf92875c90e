import { z } from "zod";

// Checked once at start-up so a missing secret stops production with a clear message.
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
  /** Sign-in lifetime; tests shorten it. */
  SIGN_IN_TTL_SECONDS: z.coerce.number().int().min(1).default(30 * 24 * 60 * 60),
  /** The shop's public address, for links that leave the site (e-mails); unset → http://localhost:PORT. */
  SHOP_URL: z.string().url("SHOP_URL must be a URL like https://shop.example.com").optional(),
  PORT: z.coerce.number().int().optional(),
});

function load() {
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const env = parsed.data;
  if (!env.SESSION_SECRET) {
    if (env.NODE_ENV === "production") {
      throw new Error("SESSION_SECRET must be set in production (a comma-separated list rotates secrets).");
    }
    env.SESSION_SECRET = "dev-only-session-secret-change-me";
  }
  const shopUrl = (env.SHOP_URL ?? `http://localhost:${env.PORT ?? 3000}`).replace(/\/+$/, "");
  return { ...env, SHOP_URL: shopUrl } as typeof env & { SESSION_SECRET: string; SHOP_URL: string };
}

export const env = load();
