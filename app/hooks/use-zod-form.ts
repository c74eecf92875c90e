import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import type { z } from "zod";

type FormOptions<S extends z.ZodTypeAny> = Omit<Parameters<typeof useForm<z.input<S>, z.output<S>>>[0], "constraint" | "onValidate" | "shouldRevalidate">;

/**
 * conform's useForm for a zod schema, set up the way every form here is: the
 * schema's constraints as HTML attributes (so checks work before hydration
 * and without JavaScript), the same schema validating in the browser as on the
 * server, checks on blur (unless `shouldValidate` says otherwise) and again on
 * each input once a field shows an error.
 */
export function useZodForm<S extends z.ZodTypeAny>(schema: S, options: FormOptions<S> = {}) {
  return useForm<z.input<S>, z.output<S>>({
    shouldValidate: "onBlur",
    ...options,
    constraint: getZodConstraint(schema),
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldRevalidate: "onInput",
  });
}
