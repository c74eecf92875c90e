// What crosses the customers domain's border (issue 39): plain types only. Customers sit below
// orders and shipping, so a courier's word about a phone comes in through a source that shipping
// registers (registerPhoneRecordSource), never through an import of shipping.

/** A phone's delivery record at a courier (Steadfast's fraud check, issue 37); `source` names the courier. */
export type PhoneRecord = { source: string; parcels: number; delivered: number; cancelled: number };

/** Asks whoever can tell a phone's record; null when nobody can (no courier on) or nothing is known. */
export type PhoneRecordSource = (phone: string) => Promise<PhoneRecord | null>;
