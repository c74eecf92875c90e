// The sms domain's face (docs/decisions/090): the only file other domains import. What is not
// exported here is private to sms; ESLint refuses imports of its other files from outside.
export { CODE_HIDDEN, deliverSms } from "./send.server";
export { renderSms, smsText } from "./templates.server";
export { demoShowsCodes } from "./transport.server";
