import { describe, expect, it } from "vitest";

import { footerSchema } from "~/schemas/footer";

import { createFooterPage, deleteFooterPage, getFooterPage, listFooterPages, updateFooterPage } from "./footer.server";
import { testAdmin } from "../../../tests/support/actors";

describe("footer pages", () => {
  it("creates, lists, updates and deletes, sanitizing the description on every save", async () => {
    const page = await createFooterPage(testAdmin, {
      title: "About us",
      description: '<h2>Who we are</h2><p onmouseover="x()">Makers</p><script>alert(1)</script>',
    });
    expect(page).toEqual({ id: page.id, title: "About us", titleBn: null, description: "<h2>Who we are</h2><p>Makers</p>", descriptionBn: null });
    expect(await listFooterPages()).toEqual([page]);

    const updated = await updateFooterPage(testAdmin, page.id, {
      title: "About TanaBana",
      description: '<p><a href="javascript:alert(1)">x</a><iframe src="https://e.example"></iframe></p>',
    });
    expect(updated).toEqual({ id: page.id, title: "About TanaBana", titleBn: null, description: "<p><a>x</a></p>", descriptionBn: null });
    expect(await getFooterPage(page.id)).toEqual(updated);

    expect(await deleteFooterPage(testAdmin, page.id)).toEqual({ message: "Footer page deleted" });
    await expect(getFooterPage(page.id)).rejects.toMatchObject({ status: 404, message: "Footer page not found" });
  });

  it("404s unknown ids on update and delete", async () => {
    await expect(updateFooterPage(testAdmin, 999_999, { title: "x", description: "" })).rejects.toMatchObject({ status: 404 });
    await expect(deleteFooterPage(testAdmin, 999_999)).rejects.toMatchObject({ status: 404 });
  });

  it("requires a title", () => {
    expect(footerSchema.safeParse({ title: "  ", description: "x" }).success).toBe(false);
    expect(footerSchema.safeParse({ description: "x" }).success).toBe(false);
    expect(footerSchema.parse({ title: "Returns" })).toEqual({ title: "Returns", titleBn: null, description: "", descriptionBn: null });
  });
});
