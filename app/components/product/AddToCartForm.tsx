import type { SubmissionResult } from "@conform-to/react";

import { Form, useNavigation } from "@remix-run/react";
import { useState } from "react";

import { useFormat, useMessage, useT } from "~/i18n/hooks";
import { checkAddToCart } from "~/utils/form-checks";
import { useHydrated } from "~/hooks/use-hydrated";
import { useCheckedForm } from "~/hooks/use-checked-form";

import { FormAlert } from "../admin/FormErrors";

import { QuantityStepper } from "./QuantityStepper";
import { SizePicker } from "./SizePicker";
import { ColourPicker, type Colour } from "./ColourPicker";

type Size = { size: string; quantity: number };
type Variant = Size & { color: string | null };

/**
 * Size, quantity and Add To Cart, posted to the product page's own action.
 * With JavaScript the button waits for a size; without it the server answers
 * "Please select a size" next to the sizes.
 */
export function AddToCartForm({
  productId,
  sizes,
  countInStock,
  lastResult,
  lineCap = Infinity,
  colours = [],
  variants = [],
  colour,
  onColour,
}: {
  /** The product's colours (issue 38); [] for a product without colours. */
  colours?: Colour[];
  variants?: Variant[];
  /** The chosen colour's name (from `?color=`), and what to do when another is chosen. */
  colour?: string;
  onColour?: (name: string) => void;
  productId: number;
  /** The most of one size an order may hold (the shop's setting, issue 26). */
  lineCap?: number;
  sizes: Size[];
  countInStock: number;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const t = useT();
  const fmt = useFormat();
  const msg = useMessage();
  const hydrated = useHydrated();
  const busy = useNavigation().formData?.get("intent") === "addToCart";
  // Checked by a zod-free function in the browser, by the schema on the server (decision 098).
  const { form, field } = useCheckedForm(checkAddToCart, { id: "add-to-cart", lastResult });
  const fields = { size: field("size"), qty: field("qty") };
  // With colours, the sizes and their stock are the chosen colour's.
  if (colours.length > 0) sizes = variants.filter((v) => v.color === colour).map(({ size, quantity }) => ({ size, quantity }));
  const inStock = sizes.filter((s) => s.quantity > 0);
  // What the shopper chose last time (a failed submit), else the only size there is to choose.
  const initialSize = typeof fields.size.initialValue === "string" ? fields.size.initialValue : inStock.length === 1 ? inStock[0]!.size : undefined;
  const [picked, setSize] = useState<string | undefined>(() => sizes.find((s) => s.size === initialSize && s.quantity > 0)?.size);
  // Another colour keeps the chosen size only where that colour has it in stock.
  const size = sizes.some((s) => s.size === picked && s.quantity > 0) ? picked : undefined;
  const [qty, setQty] = useState(1);

  const maxAll = sizes.reduce((m, s) => Math.max(m, s.quantity), 0);
  const left = size ? (sizes.find((s) => s.size === size)?.quantity ?? 1) : maxAll;
  const max = Math.min(left, lineCap);
  const soldOut = countInStock === 0;

  return (
    // noValidate: the server (or conform) explains a missing size; the browser's own bubble would hide that text.
    <Form method="post" {...form.props} preventScrollReset className="space-y-4">
      <FormAlert id={form.errorId} errors={form.errors?.map(msg)} />
      <ColourPicker colours={colours} value={colour} onSelect={(next) => onColour?.(next)} hydrated={hydrated} errors={lastResult?.error?.color?.map(msg)} />
      <SizePicker
        key={colour}
        name={fields.size.name}
        sizes={sizes}
        defaultValue={size ?? initialSize}
        onSelect={(next) => {
          // The quantity stays as typed: above the stock, the note under it says so.
          setSize(next);
        }}
        errorId={fields.size.errorId}
        errors={fields.size.errors}
      />
      {!soldOut ? (
        <QuantityStepper
          id={fields.qty.id}
          name={fields.qty.name}
          value={qty}
          max={max}
          onChange={setQty}
          enhanced={hydrated}
          limitNote={
            lineCap < left
              ? t("product.addToCart.cap", { max: fmt.integer(max) })
              : size
                ? t("product.addToCart.limit", { max: fmt.integer(max), size })
                : undefined
          }
        />
      ) : null}
      {fields.qty.errors?.length ? (
        <p id={fields.qty.errorId} className="text-sm text-red-700">
          {fields.qty.errors.map(msg).join(" ")}
        </p>
      ) : null}
      <button
        type="submit"
        name="intent"
        value="addToCart"
        className="btn-primary w-full sm:w-auto"
        // Without JavaScript the button stays enabled so the server can explain a missing size.
        disabled={soldOut || busy || (hydrated && !size)}
      >
        {busy ? t("product.addToCart.adding") : t("product.addToCart.submit")}
      </button>
      {hydrated && !size && !soldOut ? <p className="text-xs text-stone-500">{t("product.addToCart.chooseSize")}</p> : null}
      {/* Last, so the space-y margins start at the first visible field. */}
      <input type="hidden" name="productId" value={productId} />
    </Form>
  );
}
