// The customers domain's face (issue 37, decision 092): what the shop knows about a buyer's phone.
export { checkBuyer, CALL_US_TO_ORDER, type BuyerCheck, type CallReason } from "./buyer-gate.server";
export { registerPhoneRecordSource, settleCourierQuestions } from "./courier-record.server";
export {
  blockEmail,
  buyerRecord,
  buyerRecords,
  listBlockedEmails,
  listPhoneRecords,
  requirePhone,
  setPhone,
  unblockEmail,
  type PhoneRecordRow,
} from "./phone-admin.server";
export { badgeOrderWhere, type BuyerRecord } from "./phone-record.server";
export type { PhoneRecord, PhoneRecordSource } from "./types";
