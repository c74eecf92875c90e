// The bn message catalogue: one file per area of the shop, so that people
// translating different screens do not edit the same file. Keys must be the
// same in every language (app/i18n/catalogue.test.ts). This is what a page's
// scripts fetch before hydrating; the e-mails' and texts' wording (mail.json)
// is the server's alone and joins it in app/i18n/i18n.server.ts.
import account from "./account.json";
import cart from "./cart.json";
import cash from "./cash.json";
import catalogue from "./catalogue.json";
import checkout from "./checkout.json";
import colour from "./colour.json";
import common from "./common.json";
import confirmcall from "./confirmcall.json";
import coupon from "./coupon.json";
import courier from "./courier.json";
import customers from "./customers.json";
import messages from "./messages.json";
import order from "./order.json";
import payouts from "./payouts.json";
import product from "./product.json";
import reviews from "./reviews.json";
import sizeguide from "./sizeguide.json";

export default {
  translation: { account, cart, cash, catalogue, checkout, colour, common, confirmcall, coupon, courier, customers, order, payouts, product, reviews, sizeguide },
  // Texts that come from the service layer (field errors, notices), keyed by their English wording.
  messages,
};
