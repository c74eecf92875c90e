import type { SubmissionResult } from "@conform-to/react";

import { Form, Link, useNavigation } from "@remix-run/react";
import { Trans } from "~/i18n/Trans";

import { useFormat, useLocalePath, useMessage, useT } from "~/i18n/hooks";
import { checkReview, RATINGS } from "~/utils/form-checks";
import { controlProps, useCheckedForm } from "~/hooks/use-checked-form";

import { FieldErrors, FormAlert } from "../admin/FormErrors";

/** The review form for signed-in shoppers; guests get a sign-in prompt instead. */
export function ReviewForm({
  productId,
  signedIn,
  alreadyReviewed,
  lastResult,
}: {
  productId: number;
  signedIn: boolean;
  alreadyReviewed: boolean;
  lastResult: SubmissionResult<string[]> | null;
}) {
  const t = useT();
  const lp = useLocalePath();
  if (!signedIn) {
    return (
      <p className="rounded-md border border-stone-200 bg-white px-4 py-3 text-sm">
        <Trans
          i18nKey="product.reviewForm.signIn"
          components={{
            // Back to this page in its own language after signing in.
            a: <Link to={lp(`/login?redirect=${lp(`/product/${productId}`)}`)} className="font-semibold text-brand-700 hover:underline" />,
          }}
        />
      </p>
    );
  }
  if (alreadyReviewed) {
    return <p className="rounded-md border border-stone-200 bg-white px-4 py-3 text-sm">{t("product.reviewForm.reviewed")}</p>;
  }
  return <SignedInReviewForm lastResult={lastResult} />;
}

function SignedInReviewForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const t = useT();
  const fmt = useFormat();
  const msg = useMessage();
  const busy = useNavigation().formData?.get("intent") === "review";
  // Checked by a zod-free function in the browser, by the schema on the server (decision 098).
  const { form, field } = useCheckedForm(checkReview, { id: "review-form", lastResult, shouldValidate: "onBlur" });
  const fields = { rating: field("rating"), comment: field("comment") };
  return (
    <Form method="post" {...form.props} preventScrollReset className="space-y-4 rounded-lg border border-stone-200 bg-white p-4">
      <h3 className="font-semibold">{t("product.reviewForm.heading")}</h3>
      <FormAlert id={form.errorId} errors={form.errors?.map(msg)} />
      <div>
        <label htmlFor={fields.rating.id} className="label">
          {t("product.reviewForm.rating")}
        </label>
        <select {...controlProps(fields.rating)} required className="input">
          <option value="">{t("product.reviewForm.select")}</option>
          {RATINGS.map((value) => (
            <option key={value} value={value}>
              {t("product.reviewForm.option", { value: fmt.integer(value), label: t(`product.reviewForm.ratingLabels.${value}`) })}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.rating.errorId} errors={fields.rating.errors?.map(msg)} />
      </div>
      <div>
        <label htmlFor={fields.comment.id} className="label">
          {t("product.reviewForm.comment")}
        </label>
        <textarea {...controlProps(fields.comment)} required minLength={1} maxLength={2000} rows={3} className="input" />
        <FieldErrors id={fields.comment.errorId} errors={fields.comment.errors?.map(msg)} />
      </div>
      <button type="submit" name="intent" value="review" className="btn-primary" disabled={busy}>
        {busy ? t("product.reviewForm.submitting") : t("product.reviewForm.submit")}
      </button>
    </Form>
  );
}
