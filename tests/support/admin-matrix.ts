import { createUser } from "./auth";
import { createTestCategory, createTestProduct, uniqueTag } from "./catalogue";
import { prisma } from "./db";
import { createTestOrder } from "./orders";

// The admin permission matrices' fixture: one of everything an admin may
// change, made per test, compared before and after, removed after each test.

export type Fixture = Awaited<ReturnType<typeof makeFixture>>;
export type Call = { method: "GET" | "POST" | "PUT" | "DELETE"; path: string; data?: unknown; multipart?: boolean };

export async function makeFixture() {
  const tag = uniqueTag();
  const victim = await createUser();
  const category = await createTestCategory(`Matrix ${tag}`);
  const product = await createTestProduct({ categoryId: category.id, sizes: [{ size: "M", quantity: 3 }] });
  const discount = await prisma.discount.create({ data: { productId: product.id, percentage: 10 } });
  const draft = await createTestProduct({ categoryId: category.id, status: "draft", name: `Matrix draft ${tag}` });
  const footer = await prisma.footerPage.create({ data: { title: `Matrix ${tag}`, description: "<p>Kept</p>" } });
  // A guest's order awaiting its code: every admin step (paid, delivered, confirmed, cancelled) would change it.
  const order = await createTestOrder({ lines: [{ product, size: "M", qty: 1 }], name: "Matrix Guest", awaitingConfirmation: true });
  const review = await prisma.review.create({ data: { productId: product.id, userId: victim.id, name: victim.name, rating: 1, comment: "Kept" } });
  const fixture = { tag, victim, category, product, draft, discount, footer, order, review };
  made.push(fixture);
  return fixture;
}

const made: { order: { id: string }; category: { id: number }; footer: { id: number } }[] = [];

/**
 * For `test.afterEach`: the shop's header and footer list every category and
 * footer page, so leave none of these behind for the pages tested (and
 * photographed) after the matrix.
 */
export async function removeMatrixFixtures() {
  for (const f of made.splice(0)) {
    await prisma.order.deleteMany({ where: { id: f.order.id } });
    await prisma.product.deleteMany({ where: { categoryId: f.category.id } });
    await prisma.category.deleteMany({ where: { id: f.category.id } });
    await prisma.footerPage.deleteMany({ where: { id: f.footer.id } });
  }
}

/** Everything an admin call or page action could change, in comparable form. */
export async function snapshot(f: Fixture) {
  return {
    victim: await prisma.user.findUnique({ where: { id: f.victim.id }, select: { name: true, email: true, isAdmin: true } }),
    product: await prisma.product.findUnique({
      where: { id: f.product.id },
      include: { sizes: { select: { size: true, quantity: true } }, images: { select: { url: true } } },
    }),
    draft: await prisma.product.findUnique({ where: { id: f.draft.id }, select: { name: true, status: true } }),
    category: await prisma.category.findUnique({ where: { id: f.category.id } }),
    discounts: await prisma.discount.findMany({ where: { productId: f.product.id }, orderBy: { id: "asc" } }),
    footer: await prisma.footerPage.findUnique({ where: { id: f.footer.id } }),
    reviews: await prisma.review.findMany({ where: { productId: f.product.id }, orderBy: { id: "asc" } }),
    order: await prisma.order.findUnique({
      where: { id: f.order.id },
      select: {
        isPaid: true,
        paidAt: true,
        isDelivered: true,
        deliveredAt: true,
        cancelledAt: true,
        confirmedAt: true,
        confirmMethod: true,
        shippedAt: true,
        trackingNumber: true,
      },
    }),
    createdCategory: await prisma.category.findFirst({ where: { name: `Created ${f.tag}` } }),
    createdCoupon: await prisma.coupon.findUnique({ where: { code: `MATRIX${f.tag}`.replace(/\W/g, "").slice(0, 30).toUpperCase() } }),
    createdFooter: await prisma.footerPage.findFirst({ where: { title: `Created ${f.tag}` } }),
  };
}
