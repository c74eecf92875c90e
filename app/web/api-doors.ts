import type { Permission } from "~/models/platform/permissions";

/*
 * Every door of the JSON API and the permission it needs (decision 097): the
 * same map the services check, read by the admin API matrix test, which calls
 * each admin door as a guest and as a shopper. A door that needs a sign-in
 * checks the map before it reads the body (`apiActor`), so a refusal is the
 * same 401/403 whatever was sent; the service checks again before it changes
 * anything. "public" doors are anyone's; the service still decides (an order
 * is found by its link, a review needs a purchase).
 * Keys are "METHOD pattern", patterns as the route manifest writes them.
 */
export const API_DOORS = {
  "GET /api/users": "read:user:any",
  "POST /api/users": "public",
  "GET /api/users/:id": "read:user:any",
  "PUT /api/users/:id": "update:user:any",
  "DELETE /api/users/:id": "delete:user:any",
  "POST /api/users/auth": "public",
  "POST /api/users/logout": "public",
  "GET /api/users/profile": "update:user:own",
  "PUT /api/users/profile": "update:user:own",
  "POST /api/users/forgot-password": "public",
  "POST /api/users/reset-password": "public",
  "POST /api/users/confirm-email": "public",
  "GET /api/products": "public",
  "POST /api/products": "create:product:any",
  "GET /api/products/:id": "public",
  "PUT /api/products/:id": "update:product:any",
  "DELETE /api/products/:id": "delete:product:any",
  "GET /api/products/top": "public",
  "GET /api/products/suggest": "public",
  "GET /api/products/category/:categoryId": "public",
  "POST /api/products/:id/reviews": "create:review:own",
  "PUT /api/products/:id/reviews/:reviewId": "update:review:any",
  "DELETE /api/products/:id/reviews/:reviewId": "delete:review:any",
  "POST /api/upload": "create:image:any",
  "GET /api/categories": "public",
  "POST /api/categories": "create:category:any",
  "GET /api/categories/:id": "public",
  "PUT /api/categories/:id": "update:category:any",
  "DELETE /api/categories/:id": "delete:category:any",
  "GET /api/discounts": "read:discount:any",
  "POST /api/discounts": "create:discount:any",
  "GET /api/discounts/options": "read:discount:any",
  "GET /api/discounts/:id": "read:discount:any",
  "PUT /api/discounts/:id": "update:discount:any",
  "DELETE /api/discounts/:id": "delete:discount:any",
  "GET /api/coupons": "read:coupon:any",
  "POST /api/coupons": "create:coupon:any",
  "GET /api/coupons/:id": "read:coupon:any",
  "PUT /api/coupons/:id": "update:coupon:any",
  "DELETE /api/coupons/:id": "delete:coupon:any",
  "GET /api/footer": "public",
  "POST /api/footer": "create:footer:any",
  "GET /api/footer/:id": "public",
  "PUT /api/footer/:id": "update:footer:any",
  "DELETE /api/footer/:id": "delete:footer:any",
  "GET /api/admin/stats": "read:stats:any",
  "GET /api/orders": "read:order:any",
  "POST /api/orders": "public",
  "GET /api/orders/mine": "read:order:own",
  "POST /api/orders/find": "public",
  "GET /api/orders/:id": "public",
  "PUT /api/orders/:id/pay": "pay:order:any",
  "PUT /api/orders/:id/deliver": "deliver:order:any",
  "PUT /api/orders/:id/ship": "ship:order:any",
  "POST /api/orders/:id/book": "book:order:any",
  "POST /api/orders/book": "book:order:any",
  "PUT /api/orders/:id/confirm": "confirm-call:order:any",
  "POST /api/orders/:id/confirm": "public",
  "PUT /api/orders/:id/received-back": "receive-back:order:any",
  "PUT /api/orders/:id/cancel": "cancel:order:own",
  "PUT /api/orders/:id/returned-items": "receive-back:order:any",
  "GET /api/payouts": "read:payout:any",
  "POST /api/payouts": "record:payout:any",
  "GET /api/payouts/cash": "read:payout:any",
  "GET /api/payouts/:id": "read:payout:any",
  "GET /api/customers/phone/:phone": "read:phone:any",
  "PUT /api/customers/phone/:phone": "update:phone:any",
  "POST /api/orders/:id/resend-code": "public",
  "GET /api/config/paypal": "public",
  "GET /api/*": "public",
} as const satisfies Record<string, Permission | "public">;

export type ApiDoor = keyof typeof API_DOORS;
/** A door's URL pattern, without its method. */
export type ApiPattern = ApiDoor extends `${string} ${infer P}` ? P : never;
