import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";

import { getSizeGuide, saveSizeGuide } from "~/models/catalogue/size-guide.server";
import { sizeGuideSchema, sizeTable } from "~/schemas/size-guide";
import { apiDoor } from "~/web/guards.server";
import { apiHandler, methodNotAllowed, parseId, parseJsonBody } from "~/web/http.server";

const shape = (c: { id: number; sizeGuide: string | null; sizeGuideBn: string | null }) => ({
  id: c.id,
  sizeGuide: c.sizeGuide,
  sizeGuideBn: c.sizeGuideBn,
  rows: sizeTable(c.sizeGuide),
  rowsBn: sizeTable(c.sizeGuideBn),
});

/** GET P → `{ id, sizeGuide, sizeGuideBn, rows, rowsBn }` (rows: the table's cells, the first row the header). */
export function loader({ params }: LoaderFunctionArgs) {
  return apiHandler(async () => json(shape(await getSizeGuide(parseId(params.id, "Category")))));
}

/** PUT (admin) `{ sizeGuide, sizeGuideBn }`: lines of "|"-separated cells; empty or left out removes it. */
export function action({ request, params }: ActionFunctionArgs) {
  return apiHandler(async () => {
    if (request.method !== "PUT") return methodNotAllowed();
    const actor = await apiDoor(request, "/api/categories/:id/size-guide");
    const id = parseId(params.id, "Category");
    return json(shape(await saveSizeGuide(actor, id, await parseJsonBody(request, sizeGuideSchema))));
  });
}
