import { z } from "zod";

import { banglaLine, type BanglaOptional } from "./bangla-text";

// A category name: the admin category pages and POST/PUT /api/categories.
// A `categoryId` in a PUT body is ignored; the URL names the category.
export const categorySchema = z.object({
  name: z
    .string({ required_error: "Name is required", invalid_type_error: "Name must be text" })
    .trim()
    .min(1, "Name is required")
    .max(50, "Name must be at most 50 characters"),
  nameBn: banglaLine("Name (Bangla)", 50),
});

export type CategoryInput = BanglaOptional<z.output<typeof categorySchema>, "nameBn">;
