import { z } from "zod";

// A category's size guide (issue 38): the admin writes a table as text, one row a line, cells
// separated by "|", the first line the header, e.g. "Size | Chest (cm) | Chest (in)". Plain text
// keeps the editor a textarea that works without JavaScript and needs no HTML sanitising.
// The admin page (/admin/category/{id}/size-guide) and PUT /api/categories/{id}/size-guide parse with this.

export const MAX_SIZE_GUIDE = 4000;

/** The table's rows of trimmed cells; blank lines skipped. */
export function sizeTable(text: string | null | undefined): string[][] {
  return (text ?? "")
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) =>
      line
        .replace(/^\||\|$/g, "")
        .split("|")
        .map((cell) => cell.trim()),
    );
}

const guide = (label: string) =>
  z.preprocess(
    (v) => (v === undefined || (typeof v === "string" && v.trim() === "") ? null : v),
    z
      .string({ invalid_type_error: `${label} must be text` })
      .max(MAX_SIZE_GUIDE, `${label} must be at most ${MAX_SIZE_GUIDE} characters`)
      .nullable()
      .superRefine((text, ctx) => {
        if (text === null) return;
        const rows = sizeTable(text);
        const problem = (message: string) => ctx.addIssue({ code: z.ZodIssueCode.custom, message });
        if (rows.length < 2 || rows[0]!.length < 2) return problem(`${label}: write a header line and at least one size, cells separated by |`);
        const bad = rows.findIndex((r) => r.length !== rows[0]!.length);
        if (bad > 0) problem(`${label}: line ${bad + 1} has ${rows[bad]!.length} cells, the header has ${rows[0]!.length}`);
      }),
  );

export const sizeGuideSchema = z.object({ sizeGuide: guide("Size guide"), sizeGuideBn: guide("Size guide (Bangla)") });
export type SizeGuideInput = z.output<typeof sizeGuideSchema>;
