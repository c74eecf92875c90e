// How many SMS segments a text takes (issue 41 item 1). GSM-7 carries 160
// characters in one segment (its extension table's characters count twice);
// any other character sends the whole text as UCS-2, 70 UTF-16 units a
// segment. Longer texts are split into 153 or 67 per part.

const GSM7_BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENDED = "^{}\\[~]|€\f";

export type SmsEncoding = { encoding: "GSM-7" | "UCS-2"; units: number; segments: number };

export function smsSegments(text: string): SmsEncoding {
  let units = 0;
  for (const ch of text) {
    if (GSM7_BASIC.includes(ch)) units += 1;
    else if (GSM7_EXTENDED.includes(ch)) units += 2;
    else {
      const ucs = text.length; // UTF-16 code units
      return { encoding: "UCS-2", units: ucs, segments: ucs <= 70 ? 1 : Math.ceil(ucs / 67) };
    }
  }
  return { encoding: "GSM-7", units, segments: units <= 160 ? 1 : Math.ceil(units / 153) };
}
