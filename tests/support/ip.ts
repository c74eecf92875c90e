// A client address of its own for each call that a per-IP limit counts
// (sign-in, registration, reset, profile checks). Sequential within a test
// run, from a random start: a second run on the same database (or
// `--repeat-each`) within the limits' hour meets none of the first run's
// counts, which a counter starting at 0 in every run did.
let next = Math.floor(Math.random() * 0xf00000);

/** A fresh 10.x.y.z address (never .0 or .255 in the last octet). */
export function uniqueIp(): string {
  let n = next++;
  while ((n & 255) === 0 || (n & 255) === 255) n = next++;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}
