/**
 * Seeds an empty database with a demo catalogue, users, reviews, discounts,
 * footer pages and orders: `DATABASE_URL=… npx tsx prisma/seed.ts`.
 * Refuses to run when users or products exist, so it can never double-seed.
 */
import bcrypt from "bcryptjs";
import sharp from "sharp";

import { storeImage } from "../app/models/catalogue/image.server";
import { createScriptClient } from "../app/models/platform/db.server";
import { drawProduct, type Artwork } from "./seed/artwork";
import { CATEGORIES, PRODUCTS, SIZES, type ProductSeed } from "./seed/catalogue";
import { banglaOf, CATEGORY_BN } from "./seed/catalogue-bn";
import { checkColours, colourArtworks, COLOURS, splitStock } from "./seed/colours";
import { DISCOUNTS, FOOTER_PAGES, ORDERS, REVIEWS, USERS } from "./seed/content";

const DAY = 24 * 60 * 60 * 1000;

// The seed's own client (issue 30 item 13): a small pool with patient timeouts, not the app's
// fail-fast one, whose 2 s connect and 4 s statement bounds made `npm start` fail on a busy machine.
const db = createScriptClient();

/** Parallel renders: enough to keep 2 cores busy without piling up decoded bitmaps. */
const RENDER_CONCURRENCY = 4;

async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Goes through storeImage so seeded pictures take the same path as uploads.
 * The hand-over format is a fast, lightly compressed PNG: lossless, and about
 * half the time of an intermediate WebP encode.
 */
async function renderAndStore(art: Artwork): Promise<string> {
  const png = await sharp(Buffer.from(drawProduct(art)))
    .png({ compressionLevel: 1 })
    .toBuffer();
  return (await storeImage(png, db)).url;
}

/** Main picture plus additional ones: other colourways, then an optional close-up. */
function artworksFor(p: ProductSeed): Artwork[] {
  const base: Artwork = { kind: p.kind, colour: p.colour, accent: p.accent, pattern: p.pattern, brand: p.brand };
  const extra = p.variants.map((colour) => ({ ...base, colour }));
  if (p.detail) extra.push({ ...base, detail: true });
  if (extra.length > 4) throw new Error(`${p.name}: at most 4 additional images`);
  return [base, ...extra];
}

const toPaisa = (taka: number) => Math.round(taka * 100);

function checkCatalogue() {
  const names = new Set<string>();
  for (const p of PRODUCTS) {
    if (names.has(p.name)) throw new Error(`Duplicate product name in catalogue: ${p.name}`);
    names.add(p.name);
    if (p.stock.length !== SIZES[p.category].length) throw new Error(`${p.name}: stock does not match sizes`);
    banglaOf(p); // every product has its Bangla (prisma/seed/catalogue-bn.ts)
    // The first colour is the catalogue colour: the product's main picture is that colour's.
    if (COLOURS[p.name] && COLOURS[p.name][0].hex !== p.colour) throw new Error(`${p.name}: first colour is not its colour`);
  }
  checkColours(PRODUCTS);
}

/** Rows per bulk INSERT: a few statements for the whole catalogue, each well under a second. */
const BATCH = 25;

function batches<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

async function main() {
  const started = Date.now();
  const [users, products] = await Promise.all([db.user.count(), db.product.count()]);
  if (users > 0 || products > 0) {
    console.error(`Refusing to seed: the database already has ${users} users and ${products} products.`);
    process.exitCode = 1;
    return;
  }
  checkCatalogue();

  // Images and password hashes first, outside the transaction: they are the
  // slow part, and orphaned images from a failed run are harmless.
  const [pictures, hashes] = await Promise.all([
    // One pool for all pictures: storing each takes a connection of the seed's small pool.
    pool(PRODUCTS, RENDER_CONCURRENCY, async (p) => ({
      main: await Promise.all(artworksFor(p).map((art) => renderAndStore(art))),
      // Each further colour's own pictures (issue 38); the first colour's are the product's.
      colours: await Promise.all(colourArtworks(artworksFor(p)[0], COLOURS[p.name] ?? [], p.detail).map((arts) => Promise.all(arts.map(renderAndStore)))),
    })),
    Promise.all(USERS.map((u) => bcrypt.hash(u.password, 10))),
  ]);
  const imageUrls = pictures.map((p) => p.main);
  const colourUrls = pictures.map((p) => p.colours);

  // The rows in bulk, batch by batch, in one short transaction: a failed seed
  // leaves the database empty, so the next `npm start` seeds it again.
  const summary = await db.$transaction(
    async (tx) => {
      const categories = await tx.category.createManyAndReturn({
        data: CATEGORIES.map((name) => ({ name, nameBn: CATEGORY_BN[name] })),
        select: { id: true, name: true },
      });
      const categoryId = new Map(categories.map((c) => [c.name, c.id]));

      const userRows = await tx.user.createManyAndReturn({
        data: USERS.map((u, i) => ({ name: u.name, email: u.email.toLowerCase(), passwordHash: hashes[i], isAdmin: u.isAdmin ?? false })),
        select: { id: true, email: true },
      });
      const userId = new Map(userRows.map((u) => [u.email, u.id]));

      const product = new Map<string, { id: number; pricePaisa: number; image: string; category: string; nameBn: string }>();
      // A seeded order of a product with colours was for its first colour.
      const colourOf = new Map<string, { id: number; name: string; nameBn: string | null }>();
      for (const batch of batches(PRODUCTS.map((p, i) => ({ p, i })))) {
        const rows = await tx.product.createManyAndReturn({
          data: batch.map(({ p, i }) => ({
            name: p.name,
            brand: p.brand,
            pricePaisa: toPaisa(p.priceTaka),
            image: imageUrls[i][0],
            description: p.description,
            ...banglaOf(p),
            categoryId: categoryId.get(p.category)!,
            // Staggered so "newest first" is deterministic and follows catalogue order.
            createdAt: new Date(started - (PRODUCTS.length - i) * 60_000),
          })),
          select: { id: true, name: true, pricePaisa: true },
        });
        const idOf = new Map(rows.map((r) => [r.name, r]));
        const sizes: { productId: number; size: string; position: number; quantity: number; colorId?: number }[] = [];
        const images = [];
        for (const { p, i } of batch) {
          const row = idOf.get(p.name)!;
          const [image, ...additional] = imageUrls[i];
          product.set(p.name, { id: row.id, pricePaisa: row.pricePaisa, image, category: p.category, nameBn: banglaOf(p).nameBn });
          images.push(...additional.map((url, position) => ({ productId: row.id, url, position })));
          const colours = COLOURS[p.name];
          if (!colours) {
            sizes.push(...SIZES[p.category].map((size, position) => ({ productId: row.id, size, position, quantity: p.stock[position] })));
            continue;
          }
          const firstPictures = p.detail ? [image, imageUrls[i].at(-1)!] : [image];
          const colourRows = await tx.productColor.createManyAndReturn({
            data: colours.map((c, n) => ({
              productId: row.id,
              name: c.name,
              nameBn: c.nameBn,
              hex: c.hex,
              position: n,
              images: n === 0 ? firstPictures : colourUrls[i][n - 1],
            })),
            select: { id: true, name: true, nameBn: true },
          });
          colourOf.set(p.name, colourRows[0]);
          SIZES[p.category].forEach((size, position) =>
            splitStock(p.stock[position], colours.length).forEach((quantity, n) =>
              sizes.push({ productId: row.id, size, position, quantity, colorId: colourRows[n].id }),
            ),
          );
        }
        await tx.productSize.createMany({ data: sizes });
        await tx.productImage.createMany({ data: images });
      }
      const productFor = (name: string) => {
        const found = product.get(name);
        if (!found) throw new Error(`Unknown product in seed content: ${name}`);
        return found;
      };

      await tx.review.createMany({
        data: REVIEWS.map((rv) => ({
          productId: productFor(rv.product).id,
          userId: userId.get(rv.email)!,
          name: USERS.find((u) => u.email === rv.email)!.name,
          rating: rv.rating,
          comment: rv.comment,
          createdAt: new Date(started - rv.daysAgo * DAY),
        })),
      });
      // Every reviewed product's rating and count, in one statement.
      await tx.$executeRaw`
        UPDATE "Product" p SET rating = r.rating, "numReviews" = r.n
        FROM (SELECT "productId", avg(rating)::float8 AS rating, count(*)::int AS n FROM "Review" GROUP BY "productId") r
        WHERE p.id = r."productId"`;

      await tx.discount.createMany({
        data: DISCOUNTS.map((d) =>
          "product" in d
            ? { percentage: d.percentage, isActive: d.isActive, productId: productFor(d.product).id }
            : { percentage: d.percentage, isActive: d.isActive, categoryId: categoryId.get(d.category)! },
        ),
      });
      // Order lines record the price the customer paid, i.e. after the best active discount.
      const unitPrice = (p: { id: number; pricePaisa: number; category: string }) => {
        const percent = Math.max(
          0,
          ...DISCOUNTS.filter((d) => d.isActive && ("product" in d ? productFor(d.product).id === p.id : d.category === p.category)).map((d) => d.percentage),
        );
        return Math.round((p.pricePaisa * (100 - percent)) / 100);
      };

      await tx.footerPage.createMany({ data: FOOTER_PAGES });

      for (const o of ORDERS) {
        const lines = o.items.map((it) => {
          const p = productFor(it.product);
          const c = colourOf.get(it.product);
          const colour = c ? { colorId: c.id, color: c.name, colorBn: c.nameBn } : {};
          return {
            productId: p.id,
            name: it.product,
            nameBn: p.nameBn,
            image: p.image,
            pricePaisa: unitPrice(p),
            qty: it.qty,
            selectedSize: it.size,
            ...colour,
          };
        });
        const itemsPaisa = lines.reduce((sum, l) => sum + l.pricePaisa * l.qty, 0);
        const shippingPaisa = itemsPaisa > 10_000 ? 0 : 1_000;
        const taxPaisa = Math.round((itemsPaisa * 15) / 100);
        const createdAt = new Date(started - o.daysAgo * DAY);
        const settledAt = o.paidAndDelivered ? new Date(createdAt.getTime() + 3 * DAY) : null;
        await tx.order.create({
          data: {
            userId: o.userEmail ? userId.get(o.userEmail)! : null,
            placedAsGuest: !o.userEmail,
            shippingName: o.shipping.name,
            shippingEmail: o.shipping.email.toLowerCase(),
            address: o.shipping.address,
            city: o.shipping.city,
            postalCode: o.shipping.postalCode,
            phone: o.shipping.phone,
            deliveryLabel: o.deliveryLabel,
            itemsPaisa,
            shippingPaisa,
            taxPaisa,
            totalPaisa: itemsPaisa + shippingPaisa + taxPaisa,
            isPaid: o.paidAndDelivered,
            paidAt: settledAt,
            isDelivered: o.paidAndDelivered,
            deliveredAt: settledAt,
            createdAt,
            items: { create: lines },
          },
        });
      }
      return { categories: CATEGORIES.length, images: imageUrls.flat().length + colourUrls.flat(2).length };
    },
    // Patient, like the pool: a busy machine is slow, not broken.
    { timeout: 10 * 60_000, maxWait: 2 * 60_000 },
  );

  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${summary.categories} categories, ${PRODUCTS.length} products (${summary.images} images), ` +
      `${USERS.length} users, ${REVIEWS.length} reviews, ${DISCOUNTS.length} discounts, ` +
      `${FOOTER_PAGES.length} footer pages and ${ORDERS.length} orders in ${seconds} s.`,
  );
}

main()
  .catch((error) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => db.$disconnect());
