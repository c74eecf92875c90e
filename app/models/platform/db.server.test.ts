import { describe, expect, it } from "vitest";

import { prisma } from "./db.server";

describe("the database client", () => {
  it("drops NUL characters instead of failing the query", async () => {
    const category = await prisma.category.create({ data: { name: "Ni\0ght\0wear" } });
    expect(category.name).toBe("Nightwear");
    // Reads too: a NUL in a search would otherwise be a 500.
    const found = await prisma.category.findMany({ where: { name: { contains: "ght\0w" } } });
    expect(found.map((c) => c.id)).toEqual([category.id]);
  });

  it("leaves binary data alone", async () => {
    const bytes = Buffer.from([0, 1, 0, 2]);
    const image = await prisma.image.create({
      data: { variants: { create: { width: 10, contentType: "image/webp", data: bytes } } },
      include: { variants: true },
    });
    expect(Buffer.from(image.variants[0]!.data)).toEqual(bytes);
  });
});
