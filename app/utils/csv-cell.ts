/**
 * A text cell made safe to open in a spreadsheet (issue 27 item 10; OWASP
 * "CSV injection"): a cell that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return would be read by Excel or LibreOffice as a formula
 * (`=HYPERLINK(…)` from a guest's name), so it gets a leading apostrophe,
 * which spreadsheets show as text and do not display. Plain numbers (a
 * phone's "+880…", "-12.50") are left alone: no spreadsheet runs them.
 */
export function csvCell(value: string): string {
  if (!/^[=+\-@\t\r]/.test(value)) return value;
  if (/^[+-]?\d+(\.\d+)?$/.test(value)) return value;
  return `'${value}`;
}
