import { parse } from "csv-parse/sync";
import { stringify } from "csv-stringify";
import { Readable } from "node:stream";

import { catalogueChanged, prisma, requirePermission, ServiceError, type Actor, type Tx } from "~/models/platform/index.server";
import { quantity } from "~/schemas/product";
import { skuId } from "~/schemas/variants";
import { csvCell } from "~/utils/csv-cell";
import { LOW_STOCK_AT_MOST } from "~/utils/stock-levels";

import { skuOf } from "./variants";

// Bulk stock by CSV (issue 38 item 4): export every variant, edit the Stock column in a spreadsheet,
// import it back. The SKU is the key; Product, Colour and Size are there for the person editing and
// are not read back. An import is checked whole first; one bad row refuses the file and nothing changes.

export const STOCK_CSV_HEADER = ["SKU", "Product", "Colour", "Size", "Stock"] as const;
/** A bigger shop exports and imports in parts: the preview lists each change, and a page of 20,000 is already long. */
export const MAX_IMPORT_ROWS = 20_000;
const PAGE = 2_000;

/** Every variant, product by product, as a CSV stream (read in pages, so 100k products never sit in memory). */
export function stockCsvStream(): Readable {
  const csv = stringify({ header: true, columns: [...STOCK_CSV_HEADER], bom: true, cast: { string: csvCell } });
  async function* rows() {
    for (let after = 0; ;) {
      const page = await prisma.productSize.findMany({
        where: { id: { gt: after } },
        orderBy: { id: "asc" },
        take: PAGE,
        select: { id: true, size: true, quantity: true, product: { select: { name: true } }, color: { select: { name: true } } },
      });
      for (const r of page) yield [skuOf(r.id), r.product.name, r.color?.name ?? "", r.size, r.quantity];
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }
  Readable.from(rows())
    .on("error", (e) => csv.destroy(e))
    .pipe(csv);
  return csv;
}

export type ImportRow = { line: number; sku: string; product: string; color: string; size: string; from: number | null; to: number | null; error?: string };
export type ImportPreview = { rows: ImportRow[]; changes: number; unchanged: number; errors: number; fileError?: string };

type Parsed = { line: number; sku: string; id: number | null; stock: string };

function readCsv(text: string): { rows: Parsed[]; fileError?: string } {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true });
  } catch (e) {
    return { rows: [], fileError: `This is not a CSV file the shop can read (${(e as Error).message.split(":")[0]})` };
  }
  const [header, ...body] = records;
  const col = (name: string) => header?.findIndex((h) => h.trim().toLowerCase() === name.toLowerCase()) ?? -1;
  const skuAt = col("SKU");
  const stockAt = col("Stock");
  if (skuAt < 0 || stockAt < 0) return { rows: [], fileError: "The first row must name the columns, with SKU and Stock among them (as in the export)" };
  if (body.length === 0) return { rows: [], fileError: "The file has no rows under its header" };
  if (body.length > MAX_IMPORT_ROWS) return { rows: [], fileError: `At most ${MAX_IMPORT_ROWS} rows in one file; split it` };
  // Line numbers as a spreadsheet shows them: the header is row 1.
  return { rows: body.map((r, i) => ({ line: i + 2, sku: r[skuAt] ?? "", id: skuId(r[skuAt] ?? ""), stock: (r[stockAt] ?? "").replace(/^'/, "") })) };
}

/** Checks a file against the stock as it is now (in `db`, which the apply locks first). */
async function check(text: string, db: Pick<Tx, "productSize">): Promise<ImportPreview & { apply: { id: number; quantity: number; productId: number }[] }> {
  const { rows, fileError } = readCsv(text);
  if (fileError) return { rows: [], changes: 0, unchanged: 0, errors: 1, fileError, apply: [] };
  const ids = [...new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])))];
  const found = await db.productSize.findMany({
    where: { id: { in: ids } },
    select: { id: true, productId: true, size: true, quantity: true, product: { select: { name: true } }, color: { select: { name: true } } },
  });
  const byId = new Map(found.map((f) => [f.id, f]));
  const seen = new Set<number>();
  const out: ImportRow[] = [];
  const apply: { id: number; quantity: number; productId: number }[] = [];
  let unchanged = 0;
  for (const r of rows) {
    const v = r.id === null ? undefined : byId.get(r.id);
    const parsed = quantity.safeParse(r.stock);
    const base = { line: r.line, sku: r.sku, product: v?.product.name ?? "", color: v?.color?.name ?? "", size: v?.size ?? "", from: v?.quantity ?? null };
    let error: string | undefined;
    if (r.id === null) error = r.sku ? `"${r.sku.slice(0, 30)}" is not a SKU (they look like TB-123)` : "The SKU is empty";
    else if (!v) error = `No variant has the SKU ${r.sku}`;
    else if (seen.has(r.id)) error = `${r.sku} is in the file twice`;
    else if (!parsed.success)
      error = r.stock === "" ? "Stock is empty" : `Stock "${r.stock.slice(0, 20)}": ${parsed.error.issues[0]?.message ?? "not a number"}`;
    if (r.id !== null) seen.add(r.id);
    const to = parsed.success ? parsed.data : null;
    if (error) out.push({ ...base, to, error });
    else if (to === v!.quantity) unchanged++;
    else {
      out.push({ ...base, to });
      apply.push({ id: v!.id, quantity: to!, productId: v!.productId });
    }
  }
  const errors = out.filter((r) => r.error).length;
  return { rows: out, changes: apply.length, unchanged, errors, apply };
}

/** What an import would change and which rows are wrong; changes nothing. */
export async function previewStockImport(actor: Actor, text: string): Promise<ImportPreview> {
  requirePermission(actor, "read:stock:any");
  const { apply: _apply, ...preview } = await check(text, prisma);
  return preview;
}

/** The refusal of a file with bad rows: a 400 whose message names the first, and every row's error by line. */
export function importRefusal(p: ImportPreview): ServiceError {
  const bad = p.rows.filter((r) => r.error);
  const message = p.fileError ?? `Nothing was changed: ${bad.length} ${bad.length === 1 ? "row is" : "rows are"} wrong (row ${bad[0]?.line}: ${bad[0]?.error})`;
  return new ServiceError(400, message, p.fileError ? undefined : Object.fromEntries(bad.map((r) => [`row ${r.line}`, [r.error!]])));
}

/**
 * Applies a file: all of it or nothing. The variants it names are locked in the order checkout locks
 * them (so an order in between waits, never deadlocks), then checked again against that stock.
 */
export async function applyStockImport(actor: Actor, text: string): Promise<ImportPreview> {
  requirePermission(actor, "update:stock:any");
  const result = await prisma.$transaction(async (tx) => {
    const ids = [...new Set(readCsv(text).rows.flatMap((r) => (r.id === null ? [] : [r.id])))];
    if (ids.length) {
      await tx.$queryRaw`SELECT id FROM "ProductSize" WHERE id = ANY(${ids}::int[])
        ORDER BY "productId", size COLLATE "C", COALESCE("colorId", 0) FOR UPDATE`;
    }
    const checked = await check(text, tx);
    if (checked.errors > 0) throw importRefusal(checked);
    if (checked.apply.length) {
      await tx.$executeRaw`UPDATE "ProductSize" p SET quantity = v.q
        FROM unnest(${checked.apply.map((a) => a.id)}::int[], ${checked.apply.map((a) => a.quantity)}::int[]) AS v(id, q) WHERE p.id = v.id`;
    }
    return checked;
  });
  const products = [...new Set(result.apply.map((a) => a.productId))];
  if (products.length) catalogueChanged(products.length > 50 ? ["catalogue"] : [...products.map((id) => `product:${id}` as const), "catalogue"]);
  const { apply: _apply, ...preview } = result;
  return preview;
}

/** Every variant with LOW_STOCK_AT_MOST or fewer left, emptiest first, with its SKU (the stock page). */
export async function lowStockVariants(take = 200) {
  const rows = await prisma.productSize.findMany({
    where: { quantity: { lte: LOW_STOCK_AT_MOST } },
    orderBy: [{ quantity: "asc" }, { productId: "asc" }, { position: "asc" }],
    take,
    select: { id: true, size: true, quantity: true, product: { select: { id: true, name: true } }, color: { select: { name: true } } },
  });
  return rows.map((r) => ({
    sku: skuOf(r.id),
    productId: r.product.id,
    product: r.product.name,
    color: r.color?.name ?? null,
    size: r.size,
    quantity: r.quantity,
  }));
}
