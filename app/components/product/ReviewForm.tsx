import { getFormProps, getSelectProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";

import { Form, Link, useNavigation } from "@remix-run/react";

import { RATING_LABELS, reviewSchema } from "~/schemas/review";
import { useZodForm } from "~/utils/use-zod-form";

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
  if (!signedIn) {
    return (
      <p className="rounded-md border border-stone-200 bg-white px-4 py-3 text-sm">
        Please{" "}
        <Link to={`/login?redirect=/product/${productId}`} className="font-semibold text-brand-700 hover:underline">
          sign in
        </Link>{" "}
        to write a review.
      </p>
    );
  }
  if (alreadyReviewed) {
    return <p className="rounded-md border border-stone-200 bg-white px-4 py-3 text-sm">Thank you: you have reviewed this product.</p>;
  }
  return <SignedInReviewForm lastResult={lastResult} />;
}

function SignedInReviewForm({ lastResult }: { lastResult: SubmissionResult<string[]> | null }) {
  const busy = useNavigation().formData?.get("intent") === "review";
  const [form, fields] = useZodForm(reviewSchema, {
    id: "review-form",
    lastResult,
  });
  return (
    <Form method="post" {...getFormProps(form)} preventScrollReset className="space-y-4 rounded-lg border border-stone-200 bg-white p-4">
      <h3 className="font-semibold">Write a Customer Review</h3>
      <FormAlert id={form.errorId} errors={form.errors} />
      <div>
        <label htmlFor={fields.rating.id} className="label">
          Rating
        </label>
        <select {...getSelectProps(fields.rating)} className="input">
          <option value="">Select...</option>
          {RATING_LABELS.map(([value, label]) => (
            <option key={value} value={value}>
              {value} - {label}
            </option>
          ))}
        </select>
        <FieldErrors id={fields.rating.errorId} errors={fields.rating.errors} />
      </div>
      <div>
        <label htmlFor={fields.comment.id} className="label">
          Comment
        </label>
        <textarea
          {...getTextareaProps(fields.comment)}
          rows={3}
          className="input"
        />
        <FieldErrors id={fields.comment.errorId} errors={fields.comment.errors} />
      </div>
      <button type="submit" name="intent" value="review" className="btn-primary" disabled={busy}>
        {busy ? "Submitting…" : "Submit"}
      </button>
    </Form>
  );
}
