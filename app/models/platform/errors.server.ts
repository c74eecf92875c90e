import { Prisma } from "@prisma/client";

import { englishText, type MessageKey } from "~/utils/message-key";

/**
 * A rule broken by the caller (not a bug): services throw it, the API turns it
 * into `{ message, errors? }` with its status, pages show the message.
 */
export class ServiceError extends Error {
  /** A message with a variable part also carries its catalogue key and values (keyedError), for pages in Bangla. */
  said?: MessageKey;
  /** For a 429: the seconds the caller should wait, sent as the Retry-After header by the API. */
  retryAfter?: number;

  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 507,
    message: string,
    public errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export const notFound = (what: string) => new ServiceError(404, `${what} not found`);

/** A 429 that says how long to wait (whole seconds, at least 1): the API sends it as Retry-After. */
export function tooManyRequests(message: string, retryAfterSeconds: number): ServiceError {
  const error = new ServiceError(429, message);
  error.retryAfter = Math.max(1, Math.ceil(retryAfterSeconds));
  return error;
}

/** A ServiceError whose message names something (a product, a size): its English text and key from one template. */
export function keyedError(status: ServiceError["status"], said: MessageKey): ServiceError {
  const error = new ServiceError(status, englishText(said));
  error.said = said;
  return error;
}

/** A unique key was taken: from Prisma's own writes (P2002) or a raw statement (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError)) return false;
  if (error.code === "P2002") return true;
  const meta = error.meta as { code?: string; driverAdapterError?: { cause?: { kind?: string; originalCode?: string } } } | undefined;
  const cause = meta?.driverAdapterError?.cause;
  return meta?.code === "23505" || cause?.kind === "UniqueConstraintViolation" || cause?.originalCode === "23505";
}
