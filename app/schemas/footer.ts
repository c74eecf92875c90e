import { z } from "zod";

import { banglaLine, banglaRichText, type BanglaOptional } from "./bangla-text";

// A footer information page: the admin footer editor and POST/PUT /api/footer.
// The description is rich-text HTML; the service sanitizes it before saving.
export const footerSchema = z.object({
  title: z
    .string({ required_error: "Title is required", invalid_type_error: "Title must be text" })
    .trim()
    .min(1, "Title is required")
    .max(200, "Title must be at most 200 characters"),
  titleBn: banglaLine("Title (Bangla)", 200),
  description: z.string({ invalid_type_error: "Description must be text" }).max(100_000, "Description is too long").default(""),
  descriptionBn: banglaRichText("Description (Bangla)", 100_000),
});

export type FooterInput = BanglaOptional<z.output<typeof footerSchema>, "titleBn" | "descriptionBn">;
