// The benchmark's yardstick ("floor"): what this machine can do for the shop's
// catalogue reads with no framework, no ORM and no compression — node:http,
// pg, hand-written SQL, JSON.stringify and template-literal HTML. It answers
// the same questions as the shop with the same JSON (bench/run.mjs checks
// that) and is NEVER served to users: no sessions, no security headers, no
// error pages worth the name. Run: DATABASE_URL=… PORT=… node bench/floor.mjs
import http from "node:http";

import pg from "pg";

const PAGE_SIZE = Number(process.env.PAGE_SIZE ?? 8);
// Prisma stores DateTime as `timestamp(3)` (no zone) holding UTC.
pg.types.setTypeParser(1114, (s) => new Date(`${s.replace(" ", "T")}Z`));
// The shop gives up on a request at 2 s (decision 080) and cancels its query; the floor does the same,
// or a query it can no longer answer keeps running and starves every measurement after it.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, statement_timeout: 2000 });

// The shop's pricing (app/models/catalogue/pricing.ts), restated: the floor must quote the same prices.
const discounted = (paisa, percent) => (percent > 0 ? Math.round((paisa * (100 - percent)) / 100) : paisa);

/** One product row → the API's Product shape (app/models/catalogue/product.server.ts toProductDTO). */
function toDTO(r, reviews) {
  const sizes = r.sizes ?? [];
  return {
    id: r.id,
    name: r.name,
    nameBn: r.nameBn,
    price: discounted(r.pricePaisa, r.discount) / 100,
    originalPrice: r.pricePaisa / 100,
    discountPercentage: r.discount,
    image: r.image,
    additionalImages: r.images ?? [],
    brand: r.brand,
    categoryId: r.categoryId,
    category: { id: r.categoryId, name: r.categoryName },
    description: r.description,
    descriptionBn: r.descriptionBn,
    sizes,
    countInStock: sizes.reduce((sum, s) => sum + s.quantity, 0),
    rating: Math.round(r.rating * 100) / 100,
    numReviews: r.numReviews,
    ...(reviews ? { reviews } : {}),
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/** Columns of a product card/page, with its best active discount, sizes and extra images, in one statement. */
const PRODUCT_COLUMNS = `
  p.id, p.name, p."pricePaisa", p.image, p.brand, p."categoryId", p.description, p.rating, p."numReviews",
  p."createdAt", p."updatedAt", p.status, p."nameBn", p."descriptionBn", c.name AS "categoryName",
  COALESCE((SELECT max(d.percentage) FROM "Discount" d
            WHERE d."isActive" AND d.percentage > 0 AND (d."productId" = p.id OR d."categoryId" = p."categoryId")), 0) AS discount,
  (SELECT json_agg(json_build_object('size', s.size, 'quantity', s.quantity) ORDER BY s.position, s.id)
     FROM "ProductSize" s WHERE s."productId" = p.id) AS sizes,
  (SELECT json_agg(i.url ORDER BY i.position) FROM "ProductImage" i WHERE i."productId" = p.id) AS images`;

/**
 * The list filter. Mirrors the shop's keyword match (full text over the
 * trigger-kept "searchDocument", every word, words of 3+ letters as prefixes,
 * ranked by ts_rank then id: app/utils/search-terms.ts); if the shop's search
 * changes, change this with it so the bench's JSON check keeps passing. The
 * shop's typo fallback (fewer hits than a page) is not mirrored: the bench's
 * keyword matches about 1 % of the catalogue.
 */
function listWhere({ keyword, categoryId }) {
  // Shoppers see active products only, as in the shop (drafts, decision 035).
  const clauses = [`status = 'active'`];
  const params = [];
  const kw = keyword?.replaceAll("\0", "").trim();
  let rank = null;
  const words = (kw ?? "")
    .toLowerCase()
    .split(/[^\p{L}\p{N}\p{M}]+/u)
    .filter(Boolean);
  if (words.length) {
    params.push(words.map((w) => ([...w].length >= 3 ? `${w}:*` : w)).join(" & "));
    const q = `to_tsquery('simple', $${params.length})`;
    clauses.push(`"searchDocument" @@ ${q}`);
    rank = `ts_rank("searchDocument", ${q})`;
  }
  if (categoryId) {
    params.push(categoryId);
    clauses.push(`"categoryId" = $${params.length}`);
  }
  return { where: clauses.length ? `WHERE ${clauses.join(" AND ")}` : "", params, rank };
}

async function listProducts({ keyword, categoryId, page }) {
  const { where, params, rank } = listWhere({ keyword, categoryId });
  const n = params.length;
  const [count, rows] = await Promise.all([
    pool.query(`SELECT count(*)::int AS n FROM "Product" ${where}`, params),
    pool.query(
      `SELECT ${PRODUCT_COLUMNS}
         FROM (SELECT *${rank ? `, ${rank} AS rnk` : ""} FROM "Product" ${where}
               ORDER BY ${rank ? "rnk DESC, id" : "id"} LIMIT $${n + 1} OFFSET $${n + 2}) p
         JOIN "Category" c ON c.id = p."categoryId" ORDER BY ${rank ? "p.rnk DESC, p.id" : "p.id"}`,
      [...params, PAGE_SIZE, (page - 1) * PAGE_SIZE],
    ),
  ]);
  return { products: rows.rows.map((r) => toDTO(r)), page, pages: Math.max(1, Math.ceil(count.rows[0].n / PAGE_SIZE)) };
}

async function getProduct(id) {
  const [product, reviews] = await Promise.all([
    pool.query(`SELECT ${PRODUCT_COLUMNS} FROM "Product" p JOIN "Category" c ON c.id = p."categoryId" WHERE p.id = $1 AND p.status = 'active'`, [id]),
    pool.query(
      // Shown reviews only, each with the shop's verified-purchase check (review-sql.server.ts).
      `SELECT r.id, r.name, r.rating, r.comment, r."createdAt",
              EXISTS (SELECT 1 FROM "Order" o JOIN "OrderItem" i ON i."orderId" = o.id
                       WHERE o."userId" = r."userId" AND i."productId" = r."productId"
                         AND o."isDelivered" AND o."cancelledAt" IS NULL) AS verified
         FROM "Review" r WHERE r."productId" = $1 AND NOT r.hidden ORDER BY r."createdAt" DESC, r.id DESC`,
      [id],
    ),
  ]);
  if (product.rowCount === 0) return null;
  return toDTO(
    product.rows[0],
    reviews.rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  );
}

async function layout() {
  const [categories, footer] = await Promise.all([
    pool.query(`SELECT id, name FROM "Category" WHERE id <> 1 ORDER BY id`),
    pool.query(`SELECT id, title FROM "FooterPage" ORDER BY id`),
  ]);
  return { categories: categories.rows, footerPages: footer.rows };
}

const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const money = (taka) => `৳${taka.toFixed(2)}`;

function page(title, { categories, footerPages }, body) {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head><body>
<header><a href="/">TanaBana</a><nav>${categories.map((c) => `<a href="/category/${c.id}">${esc(c.name)}</a>`).join("")}</nav>
<form action="/search"><input name="keyword"></form><a href="/cart">Cart</a><a href="/login">Sign In</a></header>
<main>${body}</main>
<footer>${footerPages.map((f) => `<a href="/footer-info/${f.id}">${esc(f.title)}</a>`).join("")}</footer></body></html>`;
}

const card = (p) => `<article><a href="/product/${p.id}"><img src="${esc(p.image)}?w=400" alt="${esc(p.name)}" loading="lazy"></a>
<h3><a href="/product/${p.id}">${esc(p.name)}</a></h3><p>${p.rating} (${p.numReviews} reviews)</p>
<p>${money(p.price)}${p.discountPercentage ? ` <s>${money(p.originalPrice)}</s> ${p.discountPercentage}% off` : ""}</p>
${p.countInStock === 0 ? "<p>Out of stock</p>" : ""}</article>`;

function listPage(heading, list, href) {
  const links = Array.from({ length: Math.min(list.pages, 7) }, (_, i) => `<a href="${href(i + 1)}">${i + 1}</a>`).join("");
  return `<h1>${esc(heading)}</h1><div>${list.products.map(card).join("")}</div><nav>${links}</nav>`;
}

function productPage(p) {
  return `<h1>${esc(p.name)}</h1><p>${esc(p.brand)} · <a href="/category/${p.category.id}">${esc(p.category.name)}</a></p>
<div>${[p.image, ...p.additionalImages].map((i) => `<img src="${esc(i)}" alt="${esc(p.name)}">`).join("")}</div>
<p>${money(p.price)}${p.discountPercentage ? ` <s>${money(p.originalPrice)}</s>` : ""}</p><div>${p.description}</div>
<p>${p.countInStock > 0 ? "In Stock" : "Out Of Stock"}</p>
<form method="post"><select name="size">${p.sizes.map((s) => `<option ${s.quantity ? "" : "disabled"}>${esc(s.size)}</option>`).join("")}</select>
<input name="qty" type="number" value="1"><button name="intent" value="addToCart">Add To Cart</button></form>
<h2>Reviews</h2>${p.reviews.map((r) => `<div><strong>${esc(r.name)}</strong> ${r.rating}<p>${esc(r.comment)}</p><time>${r.createdAt.slice(0, 10)}</time></div>`).join("")}`;
}

const pageNumber = (v) => (Number.isInteger(Number(v)) && Number(v) >= 1 ? Number(v) : 1);

async function route(url) {
  const parts = url.pathname.split("/").filter(Boolean).map(decodeURIComponent);
  const q = url.searchParams;
  if (parts[0] === "api" && parts[1] === "products") {
    if (parts.length === 2) return { json: await listProducts({ keyword: q.get("keyword"), page: pageNumber(q.get("pageNumber")) }) };
    const product = await getProduct(Number(parts[2]));
    return product ? { json: product } : null;
  }
  if (parts.length === 0) {
    const [lay, list] = await Promise.all([layout(), listProducts({ page: 1 })]);
    return {
      html: page(
        "TanaBana",
        lay,
        listPage("Latest Products", list, (n) => `/page/${n}`),
      ),
    };
  }
  if (parts[0] === "product") {
    const [lay, product] = await Promise.all([layout(), getProduct(Number(parts[1]))]);
    return product ? { html: page(product.name, lay, productPage(product)) } : null;
  }
  if (parts[0] === "search") {
    const [lay, list] = await Promise.all([layout(), listProducts({ keyword: parts[1], page: 1 })]);
    return {
      html: page(
        `Search: ${parts[1]}`,
        lay,
        listPage(`Search Results for "${parts[1]}"`, list, (n) => `/search/${parts[1]}/page/${n}`),
      ),
    };
  }
  if (parts[0] === "category") {
    const id = Number(parts[1]);
    const [lay, cat, list] = await Promise.all([
      layout(),
      pool.query(`SELECT id, name FROM "Category" WHERE id = $1`, [id]),
      listProducts({ categoryId: id, page: 1 }),
    ]);
    if (cat.rowCount === 0) return null;
    return {
      html: page(
        cat.rows[0].name,
        lay,
        listPage(cat.rows[0].name, list, (n) => `/category/${id}/page/${n}`),
      ),
    };
  }
  return null;
}

const server = http.createServer(async (req, res) => {
  try {
    const out = await route(new URL(req.url, "http://floor"));
    if (!out) {
      res.writeHead(404, { "Content-Type": "application/json" }).end('{"message":"Not found"}');
    } else if (out.json) {
      res.writeHead(200, { "Content-Type": "application/json; charset=utf-8" }).end(JSON.stringify(out.json));
    } else {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(out.html);
    }
  } catch (error) {
    console.error(error);
    res.writeHead(500).end();
  }
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`floor listening on ${server.address().port}`);
});
process.on("SIGTERM", () => server.close(() => pool.end().then(() => process.exit(0))));
process.on("SIGINT", () => server.close(() => pool.end().then(() => process.exit(0))));
