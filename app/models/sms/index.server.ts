// The sms domain's face (docs/decisions/090): the only file other domains import. What is not
// exported here is private to sms; ESLint refuses imports of its other files from outside.
// SMS is a provider (decision 094): it sends a text it is given. What a text says is the orders
// domain's choice and its words are rendered by mail (the messages), which queues and sends it.
export { demoShowsCodes, smsIsCaptured, smsProvider } from "./registry.server";
export { SMS_PROVIDER_NAMES, type SmsProvider, type SmsProviderName } from "./types";
