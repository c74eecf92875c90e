// Grows the demo catalogue to the benchmark's size with bulk SQL: the pictures
// are the demo's (shared, so a 100k catalogue costs no image rendering), the
// names are realistic, and exactly 1 in 100 generated products is "Muslin", the
// benchmark's search keyword.
import pg from "pg";

export const KEYWORD = "muslin";

const BRANDS = ["Aarong", "Yellow", "Ecstasy", "Infinity", "Richman", "Sailor", "Le Reve", "Kay Kraft", "Dorjibari", "Sara", "Deshal", "Rang Bangladesh"];
const MATERIALS = ["Cotton", "Linen", "Silk", "Khadi", "Viscose", "Georgette", "Twill", "Jersey", "Oxford", "Handloom", "Chambray"];
const COLOURS = ["Indigo", "Maroon", "Olive", "Ivory", "Mustard", "Teal", "Charcoal", "Rose", "Sky Blue", "Bottle Green", "Rust", "Navy"];
const GARMENTS = {
  Panjabi: ["Panjabi", "Embroidered Panjabi", "Short Fatua", "Kabli Set"],
  Saree: ["Saree", "Tant Saree", "Block Print Saree", "Party Saree"],
  Kurti: ["Kurti", "Long Kurti", "A-Line Kurti", "Tunic"],
  "T-Shirts": ["T-Shirt", "Polo Shirt", "Graphic Tee", "Henley"],
  Shirts: ["Shirt", "Casual Shirt", "Formal Shirt", "Kurta Shirt"],
  Jeans: ["Jeans", "Slim Fit Jeans", "Straight Jeans", "Chinos"],
  Accessories: ["Scarf", "Stole", "Tote Bag", "Wallet"],
};

const BATCH = 5000;

/**
 * Adds products until the catalogue holds `total`; returns what the bench needs
 * to know about it. Sizes follow each category's demo sizes; some are sold out.
 */
export async function growCatalogue(url, total) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: cats } = await client.query(`SELECT id, name FROM "Category" WHERE id <> 1 ORDER BY id`);
    const { rows: images } = await client.query(`SELECT DISTINCT image FROM "Product" ORDER BY image`);
    const { rows: extra } = await client.query(`SELECT DISTINCT url FROM "ProductImage" ORDER BY url`);
    const { rows: sizes } = await client.query(
      `SELECT DISTINCT ON (p."categoryId", s.size) p."categoryId" AS cat, s.size, s.position
         FROM "ProductSize" s JOIN "Product" p ON p.id = s."productId" ORDER BY p."categoryId", s.size, s.position`,
    );
    const {
      rows: [{ n: seeded, max }],
    } = await client.query(`SELECT count(*)::int AS n, coalesce(max(id), 0) AS max FROM "Product"`);
    const toAdd = Math.max(0, total - seeded);
    for (let start = 0; start < toAdd; start += BATCH) {
      const cols = { name: [], price: [], image: [], brand: [], cat: [], description: [] };
      for (let i = start; i < Math.min(toAdd, start + BATCH); i++) {
        const cat = cats[i % cats.length];
        const garments = GARMENTS[cat.name] ?? ["Piece"];
        const material = i % 100 === 37 ? "Muslin" : MATERIALS[Math.floor(i / 7) % MATERIALS.length];
        const brand = BRANDS[Math.floor(i / 3) % BRANDS.length];
        const garment = garments[Math.floor(i / 11) % garments.length];
        const colour = COLOURS[Math.floor(i / 13) % COLOURS.length];
        cols.name.push(`${material} ${colour} ${garment}`);
        cols.price.push(49_000 + ((i * 7919) % 600) * 1_000 + (i % 2) * 50);
        cols.image.push(images[i % images.length].image);
        cols.brand.push(brand);
        cols.cat.push(cat.id);
        cols.description.push(
          `<p>${material} ${garment.toLowerCase()} in ${colour.toLowerCase()} from ${brand}, cut for everyday comfort in the Dhaka heat.</p>` +
            `<ul><li>${material}</li><li>Regular fit</li></ul><p><strong>Care:</strong> Gentle wash in cold water.</p>`,
        );
      }
      await client.query(
        `INSERT INTO "Product" (name, "pricePaisa", image, brand, "categoryId", description, "updatedAt")
         SELECT * , now() FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::int[], $6::text[])`,
        [cols.name, cols.price, cols.image, cols.brand, cols.cat, cols.description],
      );
    }
    await client.query(
      `INSERT INTO "ProductSize" ("productId", size, quantity, position)
       SELECT p.id, s.size, CASE WHEN p.id % 17 = 0 THEN 0 ELSE (p.id * 7 + s.position) % 25 + 1 END, s.position
         FROM "Product" p JOIN unnest($2::int[], $3::text[], $4::int[]) s(cat, size, position) ON s.cat = p."categoryId"
        WHERE p.id > $1`,
      [max, sizes.map((s) => s.cat), sizes.map((s) => s.size), sizes.map((s) => s.position)],
    );
    if (extra.length > 0) {
      await client.query(
        `INSERT INTO "ProductImage" ("productId", url, position)
         SELECT p.id, ($2::text[])[1 + (p.id + k) % cardinality($2::text[])], k
           FROM "Product" p CROSS JOIN generate_series(0, 1) k WHERE p.id > $1 AND p.id % 3 = 0`,
        [max, extra.map((e) => e.url)],
      );
    }
    // The state a shop's autovacuum reaches a minute after an import: statistics, and the visibility map
    // that lets index-only scans (the word tables of search and suggestions) skip the table.
    await client.query("VACUUM (ANALYZE)");
    return await describe(client);
  } finally {
    await client.end();
  }
}

/** Ids and counts the targets are built from. */
async function describe(client) {
  const q = async (sql, params) => (await client.query(sql, params)).rows[0];
  const { n: products } = await q(`SELECT count(*)::int AS n FROM "Product"`);
  const { n: matches } = await q(`SELECT count(*)::int AS n FROM "Product" WHERE name ILIKE $1 OR brand ILIKE $1`, [`%${KEYWORD}%`]);
  // The product page: a demo product with reviews and a discount, so both paths are exercised.
  const { id: productId } = await q(
    `SELECT p.id FROM "Product" p ORDER BY (EXISTS (SELECT 1 FROM "Discount" d WHERE d."isActive" AND (d."productId" = p.id OR d."categoryId" = p."categoryId"))) DESC,
            p."numReviews" DESC, p.id LIMIT 1`,
  );
  const { id: categoryId } = await q(`SELECT "categoryId" AS id FROM "Product" WHERE "categoryId" <> 1 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`);
  const others = (await client.query(`SELECT id FROM "Product" WHERE id <> $1 AND "numReviews" > 0 ORDER BY id LIMIT 2`, [productId])).rows.map((r) => r.id);
  const { id: discounted } = (await q(`SELECT "productId" AS id FROM "Discount" WHERE "productId" IS NOT NULL AND "isActive" LIMIT 1`)) ?? {};
  return { products, matches, productId, categoryId, checkIds: [productId, ...others, ...(discounted ? [discounted] : [])] };
}
