import { z } from "zod";

// The picklist's and labels' query (issue 36 item 6): GET /admin/picklist and /admin/labels, sent by
// the order list's tick boxes (orderIds, repeated) or a link; no ids means every order ready to ship.

export const LABEL_FORMATS = ["a4", "thermal"] as const;
export type LabelFormat = (typeof LABEL_FORMATS)[number];

export const packQuerySchema = z.object({
  orderIds: z.array(z.string().trim().min(1).max(60)).max(500, "Print at most 500 orders at once").default([]),
  // An unknown format prints A4 rather than an error: it comes from a link, not from typing.
  format: z.enum(LABEL_FORMATS).catch("a4").default("a4"),
});

export type PackQuery = z.output<typeof packQuerySchema>;

/** The query from a URL's search params (orderIds repeated, as a GET form sends them). */
export function packQuery(params: URLSearchParams) {
  return packQuerySchema.safeParse({ orderIds: params.getAll("orderIds"), format: params.get("format") ?? undefined });
}
