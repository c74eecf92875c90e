import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef, useState, type FormEvent } from "react";

import type { CheckErrors } from "~/utils/form-checks";

type Errors = Record<string, string[] | undefined>;

export type CheckedField = {
  id: string;
  name: string;
  errorId: string;
  errors?: string[];
  initialValue?: unknown;
};

/**
 * A form checked in the browser by a small zod-free function, for the pages a
 * phone opens most (issue 42, decision 098). It keeps what useZodForm's
 * conform gave those forms: the same ids (`<form>-<field>`, `…-error`), the
 * server's answer (a conform SubmissionResult from `parseForm`) shown and its
 * values kept, a check on submit (and on leaving a field, if asked) that
 * stops the post and focuses the first field in error, and a field in error
 * checked again on each input. Without JavaScript the server says the same.
 */
export function useCheckedForm<F extends string>(
  check: (data: FormData) => CheckErrors<F>,
  options: { id: string; lastResult: SubmissionResult<string[]> | null; shouldValidate?: "onSubmit" | "onBlur" },
) {
  const { id, lastResult } = options;
  const [errors, setErrors] = useState<Errors>(() => (lastResult?.error ?? {}) as Errors);
  const touched = useRef(new Set<string>());
  // A new answer from the server replaces what the browser said.
  const seen = useRef(lastResult);
  useEffect(() => {
    if (seen.current === lastResult) return;
    seen.current = lastResult;
    setErrors((lastResult?.error ?? {}) as Errors);
  }, [lastResult]);

  const run = (formEl: HTMLFormElement, only?: Set<string>) => {
    const found = check(new FormData(formEl)) as Errors;
    setErrors((now) => {
      if (!only) return found;
      const next = { ...now };
      for (const name of only) next[name] = found[name];
      return next;
    });
    return found;
  };
  const nameOf = (event: { target: EventTarget }) => (event.target as HTMLInputElement).name as string | undefined;

  const form = {
    id,
    errorId: `${id}-error`,
    errors: errors[""],
    props: {
      id,
      noValidate: true,
      "aria-describedby": errors[""]?.length ? `${id}-error` : undefined,
      onSubmit(event: FormEvent<HTMLFormElement>) {
        const found = run(event.currentTarget);
        const first = Object.keys(found).find((name) => found[name]?.length);
        if (first === undefined) return;
        event.preventDefault();
        const control = event.currentTarget.elements.namedItem(first);
        (control instanceof RadioNodeList ? (control[0] as HTMLElement | undefined) : (control as HTMLElement | null))?.focus();
      },
      onBlur(event: FormEvent<HTMLFormElement>) {
        const name = nameOf(event);
        if (options.shouldValidate !== "onBlur" || !name) return;
        touched.current.add(name);
        run(event.currentTarget, touched.current);
      },
      onInput(event: FormEvent<HTMLFormElement>) {
        const name = nameOf(event);
        if (name && errors[name]?.length) run(event.currentTarget, new Set([name]));
      },
    },
  };
  const field = (name: F): CheckedField => ({
    id: `${id}-${name}`,
    name,
    errorId: `${id}-${name}-error`,
    errors: errors[name],
    initialValue: lastResult?.initialValue?.[name],
  });
  return { form, field };
}

/** What a control needs to say it is in error (conform's getInputProps, in short). */
export function controlProps(field: CheckedField) {
  const invalid = Boolean(field.errors?.length);
  const value = field.initialValue;
  return {
    id: field.id,
    name: field.name,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? field.errorId : undefined,
    defaultValue: typeof value === "string" || typeof value === "number" ? String(value) : undefined,
  };
}
