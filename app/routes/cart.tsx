import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import { z } from "zod";

import { FormAlert } from "~/components/admin/FormErrors";
import { Price, TaxNote } from "~/components/product/Price";
import { ProductImage } from "~/components/product/ProductImage";
import { useFormat, useLocalePath, useMessage, useT } from "~/i18n/hooks";
import { langOf, tOf } from "~/i18n/i18n.server";
import { tFor } from "~/i18n/instance";
import { langFromPath, localePath } from "~/i18n/languages";
import { addToCart, commitWithinLimit, loadCart, removeLine, syncCartQuantities, updateQty, withNotice, type CartItem } from "~/models/orders/cart.server";
import { FREE_SHIPPING_ABOVE_PAISA, SHIPPING_PAISA, toTaka } from "~/models/catalogue/pricing";
import { ServiceError } from "~/models/platform/errors.server";
import { commitSession, getSession, redirectWithToast } from "~/models/accounts/session.server";
import { addToCartSchema } from "~/schemas/cart";
import { numberish } from "~/schemas/numberish";
import { useHydrated } from "~/hooks/use-hydrated";
import { useSubmitChangedBeforeHydration } from "~/hooks/use-live-state";
import { CouponBox } from "~/components/checkout/CouponBox";
import { handleCouponIntent, isCouponIntent, sessionCoupon, type CouponActionData } from "~/web/coupon-form.server";

const lineSchema = z.object({
  productId: z.preprocess(numberish, z.number().int().positive()),
  size: z.string().trim().min(1).max(40),
  // The line's colour (issue 38): which variant of the product the shopper means.
  color: z.string().trim().max(60).optional(),
});
const updateSchema = lineSchema.extend({ qty: z.preprocess(numberish, z.number().int().min(0).max(1000)) });

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getSession(request);
  // Read once: the flash is gone from the committed session.
  const notice = session.get("cartNotice");
  const cart = await loadCart(session, langOf(request));
  // Quantities above the stock left are lowered for good, so the badge agrees.
  const changed = syncCartQuantities(session, cart);
  const headers = changed || notice ? { "Set-Cookie": await commitSession(session) } : undefined;
  // An applied code (issue 41 item 4); the per-buyer limit waits for checkout, where the phone is known.
  const { state: coupon } = await sessionCoupon(session, { itemsPaisa: cart.subtotalPaisa });
  return json({ cart: withNotice(cart, notice), coupon }, { headers });
}

export async function action({ request }: ActionFunctionArgs) {
  const session = await getSession(request);
  const t = tOf(request);
  const cartPath = localePath(langOf(request), "/cart");
  const form = Object.fromEntries(await request.formData());
  try {
    if (isCouponIntent(form.intent)) {
      const refused = await handleCouponIntent(session, form, { itemsPaisa: (await loadCart(session)).subtotalPaisa });
      if (refused) return json<CouponActionData>(refused, { status: 400 });
      return redirect(cartPath, { headers: { "Set-Cookie": await commitWithinLimit(session) } });
    }
    switch (form.intent) {
      case "update": {
        const line = updateSchema.safeParse(form);
        if (!line.success) return json({ error: t("cart.notices.chooseQuantity") }, { status: 400 });
        updateQty(session, line.data);
        break;
      }
      case "remove": {
        const line = lineSchema.safeParse(form);
        if (!line.success) return json({ error: t("cart.notices.unknownLine") }, { status: 400 });
        // Say what went, so the shopper sees the click did something (a flash toast: JavaScript off too).
        const gone = (await loadCart(session, langOf(request))).items.find(
          (i) => i.productId === line.data.productId && i.size === line.data.size && (i.color ?? "") === (line.data.color ?? ""),
        );
        removeLine(session, line.data);
        const message = gone ? t("cart.notices.removedLine", { name: gone.name, size: gone.size }) : t("cart.notices.removed");
        return redirectWithToast(cartPath, message, { session });
      }
      case "addToCart": {
        // The product page posts to itself; this is the same action for other callers.
        const input = addToCartSchema.safeParse(form);
        if (!input.success) return json({ error: input.error.issues[0]?.message ?? t("cart.notices.invalidInput") }, { status: 400 });
        const notice = await addToCart(session, input.data);
        if (notice) session.flash("cartNotice", notice);
        break;
      }
      default:
        return json({ error: t("cart.notices.unknownAction") }, { status: 400 });
    }
    return redirect(cartPath, { headers: { "Set-Cookie": await commitWithinLimit(session) } });
  } catch (error) {
    if (error instanceof ServiceError) return json({ error: error.message }, { status: error.status });
    throw error;
  }
}

export default function Cart() {
  const { cart, coupon } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const refused = actionData && "coupon" in actionData ? actionData.coupon : null;
  const t = useT();
  const lp = useLocalePath();
  const fmt = useFormat();
  const msg = useMessage();
  const empty = cart.items.length === 0;
  const canCheckout = cart.itemCount > 0 && !cart.hasUnavailable;

  return (
    <div>
      <h1 className="mb-6 text-2xl font-semibold tracking-tight">{t("cart.page.title")}</h1>
      <div className="mb-4">
        <FormAlert errors={[msg(actionData && "error" in actionData ? actionData.error : null)]} />
      </div>
      {/* An empty cart has nothing to total or check out: just the way back to the shop. */}
      {empty ? (
        <div role="status" className="card flex flex-col items-center gap-4 p-10 text-center">
          <p className="text-lg font-semibold text-stone-700">{t("cart.page.empty")}</p>
          <Link to={lp("/")} className="btn-primary">
            {t("cart.page.continueShopping")}
          </Link>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
          <ul aria-label={t("cart.page.items")} className="card divide-y divide-stone-100">
            {cart.items.map((item) => (
              <CartRow key={`${item.productId}-${item.size}-${item.color ?? ""}`} item={item} />
            ))}
          </ul>
          <section aria-labelledby="cart-summary" className="card h-fit space-y-4 p-5">
            <h2 id="cart-summary" className="text-lg font-semibold">
              {t("cart.page.subtotal", { count: cart.itemCount, n: fmt.integer(cart.itemCount) })}
            </h2>
            <div className="space-y-1">
              <p className="text-2xl font-semibold" data-testid="cart-subtotal">
                {fmt.money(cart.subtotal)}
              </p>
              {/* What checkout adds to it, said before the shopper gets there (issue 28 item 7). */}
              <TaxNote />
              <p className="text-sm text-stone-600" data-testid="delivery-note">
                {t("cart.page.delivery", { fee: fmt.money(toTaka(SHIPPING_PAISA)), free: fmt.money(toTaka(FREE_SHIPPING_ABOVE_PAISA)) })}
              </p>
            </div>
            {coupon && !coupon.refusal ? (
              <p className="flex justify-between text-sm text-green-800" data-testid="cart-coupon">
                <span>{t("coupon.line", { code: coupon.code })}</span>
                <span>−{fmt.money(coupon.off)}</span>
              </p>
            ) : null}
            <CouponBox state={coupon} refused={refused} />
            {cart.hasUnavailable ? <p className="text-sm text-red-700">{t("cart.page.removeUnavailable")}</p> : null}
            {canCheckout ? (
              <Link to={lp("/shipping")} className="btn-primary w-full">
                {t("cart.page.checkout")}
              </Link>
            ) : (
              <button type="button" className="btn-primary w-full" disabled>
                {t("cart.page.checkout")}
              </button>
            )}
          </section>
        </div>
      )}
    </div>
  );
}

function CartRow({ item }: { item: CartItem }) {
  const submit = useSubmit();
  const hydrated = useHydrated();
  const t = useT();
  const lp = useLocalePath();
  const fmt = useFormat();
  const msg = useMessage();
  const selectId = `qty-${item.productId}-${item.size}${item.color ? `-${item.color}` : ""}`.replace(/\s+/g, "-");
  const qtySelect = useSubmitChangedBeforeHydration();
  return (
    <li className="flex gap-4 p-4">
      {item.image ? (
        <ProductImage url={item.image} alt={item.name} sizes="96px" className="h-20 w-20 flex-none rounded-md bg-stone-50 object-contain" />
      ) : (
        <div className="h-20 w-20 flex-none rounded-md bg-stone-200" aria-hidden="true" />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 space-y-1">
          {item.image ? (
            <Link to={lp(`/product/${item.productId}`)} className="font-semibold hover:text-brand-700 hover:underline">
              {item.name}
            </Link>
          ) : (
            <span className="font-semibold text-stone-500">{item.name}</span>
          )}
          {item.color ? <p className="text-sm text-stone-500">{t("colour.line", { name: item.colorLabel ?? item.color })}</p> : null}
          <p className="text-sm text-stone-500">{t("cart.row.size", { size: item.size })}</p>
          {item.available || item.image ? <Price price={item.price} originalPrice={item.originalPrice} discountPercentage={item.discountPercentage} /> : null}
          {item.note ? (
            <p role="status" className={`text-sm font-semibold ${item.available ? "text-amber-700" : "text-red-700"}`}>
              {msg({ text: item.note, said: item.noteKey })}
            </p>
          ) : item.available && item.qty >= item.maxQty && item.maxQty < item.stock ? (
            // The shop's cap per line (issue 26), said where the quantity list stops.
            <p className="text-sm text-stone-600">{t("cart.row.cap", { max: fmt.integer(item.maxQty) })}</p>
          ) : null}
        </div>
        {/* Wraps so the no-JS Update button never pushes the line past a phone's edge. */}
        <div className="flex flex-wrap items-center gap-2">
          {item.available ? (
            <Form method="post" className="flex items-center gap-2">
              <input type="hidden" name="intent" value="update" />
              <input type="hidden" name="productId" value={item.productId} />
              <input type="hidden" name="size" value={item.size} />
              {item.color ? <input type="hidden" name="color" value={item.color} /> : null}
              <label htmlFor={selectId} className="sr-only">
                {t("cart.row.quantityOf", { name: item.name, size: item.size })}
              </label>
              <select
                ref={qtySelect}
                id={selectId}
                name="qty"
                defaultValue={item.qty}
                key={item.qty}
                className="input w-20"
                onChange={(e) => {
                  if (e.currentTarget.form) submit(e.currentTarget.form);
                }}
              >
                {Array.from({ length: item.maxQty }, (_, i) => i + 1).map((n) => (
                  <option key={n} value={n}>
                    {fmt.integer(n)}
                  </option>
                ))}
              </select>
              {/* Without JavaScript nothing submits on change: this button does. */}
              {hydrated ? null : (
                <button type="submit" className="btn-secondary px-3 py-2 text-xs">
                  {t("cart.row.update")}
                </button>
              )}
            </Form>
          ) : (
            <span className="text-sm text-stone-500">{t("cart.row.qty", { n: fmt.integer(item.qty) })}</span>
          )}
          <Form method="post">
            <input type="hidden" name="intent" value="remove" />
            <input type="hidden" name="productId" value={item.productId} />
            <input type="hidden" name="size" value={item.size} />
            {item.color ? <input type="hidden" name="color" value={item.color} /> : null}
            <button type="submit" className="btn-secondary px-3 py-2 text-xs" aria-label={t("cart.row.removeLine", { name: item.name, size: item.size })}>
              {t("cart.row.remove")}
            </button>
          </Form>
          {item.available ? (
            // The line's total (issue 28 item 8): the unit price times the quantity, in exact paisa.
            <p className="basis-full whitespace-nowrap text-right sm:ml-2 sm:basis-auto sm:min-w-24" data-testid="cart-line-total">
              <span className="sr-only">{t("cart.row.lineTotal")}: </span>
              <span className="font-semibold text-stone-900">{fmt.money(toTaka(item.unitPaisa * item.qty))}</span>
            </p>
          ) : null}
        </div>
      </div>
    </li>
  );
}

export const meta: MetaFunction = ({ location }) => {
  const t = tFor(langFromPath(location.pathname));
  return [{ title: t("common.pageTitle", { title: t("cart.page.title") }) }];
};
