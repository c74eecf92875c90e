// The accounts domain's face (docs/decisions/090): the only file other domains import. What is not
// exported here is private to accounts; ESLint refuses imports of its other files from outside.
export { accountIdByEmail, accountRowsSql, joinAccountSql, noAccountWithEmailSql } from "./customer-sql.server";
export { linkTokenFor } from "./link-token.server";
export { requestPasswordReset, resetPassword } from "./password-reset.server";
export { createFailureLimiter, limitAuthAttempt } from "./rate-limit.server";
export { commitSession, sessionStorage } from "./session.server";
export type { CartLine, Session, ShippingInfo } from "./session.server";
export { reviewedThroughCache } from "./shopper-cache.server";
export { buyerContact, registerUser } from "./user.server";
