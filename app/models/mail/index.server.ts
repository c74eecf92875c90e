// The mail domain's face (docs/decisions/090): the only file other domains import. What is not
// exported here is private to mail; ESLint refuses imports of its other files from outside.
export { getMail, listMail } from "./admin-mail.server";
export { courierWords, mailLang } from "./layout.server";
export { describeMailHealth, describeMailWorker, mailHealth } from "./mail-health.server";
export type { MailHealth } from "./mail-health.server";
export { registerLinkComposer, registerOrderComposer } from "./compose.server";
export { enqueueMail, enqueueSms, outboxCtes } from "./outbox.server";
export { outboxData, outboxEntry } from "./outbox-read.server";
export type { SmsMessage } from "./outbox.server";
export { sendQueuedMail, wakeWaitingMail } from "./send.server";
export { CODE_HIDDEN } from "./sms-send.server";
export { renderSms, smsText } from "./sms-templates.server";
export { renderMail } from "./templates.server";
export { registerMailJobs } from "./jobs.server";
export { SEND_MAIL_TASK } from "./outbox.server";
