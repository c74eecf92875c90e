import { describe, expect, it } from "vitest";

import { adminDeleteUser, adminUpdateUser, listUsers } from "~/models/accounts/user.server";
import { createCategory, deleteCategory, updateCategory } from "~/models/catalogue/category.server";
import { createDiscount, deleteDiscount, updateDiscount } from "~/models/catalogue/discount.server";
import { uploadImage } from "~/models/catalogue/image.server";
import { createProduct } from "~/models/catalogue/product-admin.server";
import { createSampleProduct, deleteProduct, setProductStatus, updateProduct } from "~/models/catalogue/product.server";
import { decideHeldReview, deleteReview, setReviewHidden } from "~/models/catalogue/review-admin.server";
import { saveSizeGuide } from "~/models/catalogue/size-guide.server";
import { applyStockImport, previewStockImport } from "~/models/catalogue/stock-csv.server";
import { deleteSynonymGroup, saveSynonymGroup } from "~/models/catalogue/synonyms.server";
import { addColor, addSizeToColors, removeColor, saveStockGrid } from "~/models/catalogue/variant-admin.server";
import { createFooterPage, deleteFooterPage, updateFooterPage } from "~/models/content/footer.server";
import { retryAllFailedMail, retryMail } from "~/models/mail/admin-mail.server";
import { blockEmail, setPhone, unblockEmail } from "~/models/customers/phone-admin.server";
import { createCoupon, deleteCoupon, updateCoupon } from "~/models/orders/coupon.server";
import { orderLinesByColour } from "~/models/orders/index.server";
import { recordPartReturn } from "~/models/orders/part-return.server";
import { recordPayout } from "~/models/orders/payouts.server";
import { bookOrder, bookOrders } from "~/models/shipping/booking.server";
import { checkPayoutsNow } from "~/models/shipping/payout-poll.server";

import type { Actor } from "~/models/platform/permissions";
import { DEFAULT_SETTINGS, resetSettings, saveChangedSettings, saveSettings } from "~/models/platform/settings.server";

// Every state-changing service refuses a guest (401) and a shopper (403) on
// its own, whatever the route did (decision 097). The inputs are junk on
// purpose: the refusal must come before anything is read or validated.
const junk = {} as never;
const calls: Record<string, (actor: Actor) => Promise<unknown>> = {
  createProduct: (a) => createProduct(a, junk),
  createSampleProduct: (a) => createSampleProduct(a),
  updateProduct: (a) => updateProduct(a, 1, junk),
  setProductStatus: (a) => setProductStatus(a, 1, "active"),
  deleteProduct: (a) => deleteProduct(a, 1),
  createCategory: (a) => createCategory(a, junk),
  updateCategory: (a) => updateCategory(a, 1, junk),
  deleteCategory: (a) => deleteCategory(a, 2),
  createDiscount: (a) => createDiscount(a, junk),
  updateDiscount: (a) => updateDiscount(a, 1, junk),
  deleteDiscount: (a) => deleteDiscount(a, 1),
  createCoupon: (a) => createCoupon(a, junk),
  updateCoupon: (a) => updateCoupon(a, 1, junk),
  deleteCoupon: (a) => deleteCoupon(a, 1),
  createFooterPage: (a) => createFooterPage(a, junk),
  updateFooterPage: (a) => updateFooterPage(a, 1, junk),
  deleteFooterPage: (a) => deleteFooterPage(a, 1),
  saveSettings: (a) => saveSettings(a, DEFAULT_SETTINGS),
  resetSettings: (a) => resetSettings(a),
  saveChangedSettings: (a) => saveChangedSettings(a, DEFAULT_SETTINGS, null),
  retryMail: (a) => retryMail(a, 1n),
  retryAllFailedMail: (a) => retryAllFailedMail(a),
  uploadImage: (a) => uploadImage(a, Buffer.from("x")),
  bookOrder: (a) => bookOrder("00000000-0000-0000-0000-000000000000", "steadfast", a),
  bookOrders: (a) => bookOrders("steadfast", [], a),
  saveSynonymGroup: (a) => saveSynonymGroup(a, null, junk),
  deleteSynonymGroup: (a) => deleteSynonymGroup(a, 1),
  listUsers: (a) => listUsers(a),
  adminUpdateUser: (a) => adminUpdateUser(a, 1, junk),
  adminDeleteUser: (a) => adminDeleteUser(a, 1),
  setReviewHidden: (a) => setReviewHidden(a, 1, 1, true),
  deleteReview: (a) => deleteReview(a, 1, 1),
  decideHeldReview: (a) => decideHeldReview(a, 1, 1, "approve"),
  recordPayout: (a) => recordPayout(junk, a),
  checkPayoutsNow: (a) => checkPayoutsNow(a),
  recordPartReturn: (a) => recordPartReturn("00000000-0000-0000-0000-000000000000", junk, a),
  setPhone: (a) => setPhone(a, "01711000000", junk),
  blockEmail: (a) => blockEmail(a, "x@example.com", "x"),
  unblockEmail: (a) => unblockEmail(a, "x@example.com"),
  saveStockGrid: (a) => saveStockGrid(a, 1, junk),
  addColor: (a) => addColor(a, 1, junk),
  addSizeToColors: (a) => addSizeToColors(a, 1, "M"),
  removeColor: (a) => removeColor(a, 1, 1, orderLinesByColour),
  previewStockImport: (a) => previewStockImport(a, "SKU,Stock"),
  applyStockImport: (a) => applyStockImport(a, "SKU,Stock"),
  saveSizeGuide: (a) => saveSizeGuide(a, 1, junk),
};

describe("every state-changing service checks the permission map", () => {
  for (const [name, call] of Object.entries(calls)) {
    it(`${name} refuses a guest with 401 and a shopper with 403`, async () => {
      await expect(call(null)).rejects.toMatchObject({ status: 401, message: "Not authorized, please sign in" });
      await expect(call({ id: 1, isAdmin: false })).rejects.toMatchObject({ status: 403, message: "Not authorized as an admin" });
    });
  }
});
