/**
 * A rule broken by the caller (not a bug): services throw it, the API turns it
 * into `{ message, errors? }` with its status, pages show the message.
 */
export class ServiceError extends Error {
  constructor(
    public status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429,
    message: string,
    public errors?: Record<string, string[]>,
  ) {
    super(message);
    this.name = "ServiceError";
  }
}

export const notFound = (what: string) => new ServiceError(404, `${what} not found`);
