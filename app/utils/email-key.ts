// The one person behind many spellings of an e-mail address (issue 37 item 5): the limits count
// `victim+1@…`, `Victim@…` and, at Gmail, `vic.tim@…` as the same address. Only for keys: the order
// keeps the address as typed, and mail goes there.

const DOTLESS = new Set(["gmail.com", "googlemail.com"]);

/** Lower case, without a `+tag`, and without dots in the local part at Gmail (which ignores them). */
export function emailKey(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 1) return lower;
  let local = lower.slice(0, at);
  let domain = lower.slice(at + 1);
  local = local.split("+")[0] || local;
  if (domain === "googlemail.com") domain = "gmail.com";
  if (DOTLESS.has(domain)) local = local.replace(/\./g, "") || local;
  return `${local}@${domain}`;
}
