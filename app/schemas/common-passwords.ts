/*
 * Passwords that open accounts first in every breach list (the most common
 * entries of the public breach corpora: SecLists' top lists, NCSC's 100k,
 * NordPass's yearly lists), plus the ones this shop's shoppers would try
 * first. Refused for new passwords (register, reset, profile). A small
 * list on purpose: it stops the guesses a script tries first without a
 * download or a network call; the 8-character minimum does the rest.
 */
const LIST = `
123456 123456789 12345678 1234567890 12345 1234567 123123 111111 000000 1234 12345678910
123321 654321 666666 121212 112233 123654 987654321 11111111 00000000 88888888 12341234
1q2w3e4r 1q2w3e4r5t 1qaz2wsx qwerty qwerty123 qwertyuiop qwerty1 asdfghjk asdfghjkl
zxcvbnm zxcvbnm1 abc12345 abcd1234 abcdefgh a1b2c3d4 aa123456 asdf1234 qazwsxedc
password password1 password12 password123 password1234 passw0rd p@ssw0rd p@ssword
pass1234 iloveyou iloveyou1 princess sunshine football baseball superman batman123
letmein1 welcome1 welcome123 trustno1 monkey123 dragon123 master123 shadow123 starwars
whatever computer internet michelle jennifer charlie1 freedom1 qwer1234 admin123
admin1234 admin12345 administrator changeme default1 secret123 test1234 testtest
11223344 99999999 12121212 87654321 01234567 10203040 147258369 159357 1111111111
bangladesh bangladesh1 bangladesh123 dhaka123 dhaka1234 bismillah bismillah123
allahuakbar alhamdulillah iloveyou123 loveyou123 mypassword newpassword
tanabana tanabana1 tanabana123 shopping shopping123
`;

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set(LIST.split(/\s+/).filter(Boolean));

/** Whether `password` is one of the first guesses (case-insensitive: "Password1" is no better). */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.trim().toLowerCase());
}
