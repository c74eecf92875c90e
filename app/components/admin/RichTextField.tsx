import { RichTextEditor } from "~/components/admin/RichTextEditor";

import { FieldErrors } from "./FormErrors";

/**
 * A labelled rich-text field with its errors, as the back office's editors
 * use it for each description (English, and Bangla with `lang="bn"`).
 */
export function RichTextField({
  id,
  name,
  label,
  lang,
  defaultValue,
  errors,
  errorId,
  className,
}: {
  id: string;
  name: string;
  label: string;
  lang?: string;
  defaultValue: string;
  errors?: string[] | null;
  errorId: string;
  className?: string;
}) {
  const invalid = Boolean(errors?.length);
  return (
    <div className={className}>
      <label id={`${id}-label`} htmlFor={id} className="label">
        {label}
      </label>
      <RichTextEditor
        name={name}
        lang={lang}
        id={id}
        labelId={`${id}-label`}
        defaultValue={defaultValue}
        invalid={invalid}
        describedBy={invalid ? errorId : undefined}
      />
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}

/** Under each Bangla field: what it is for, and what an empty one does. */
export function BanglaHint({ id }: { id?: string }) {
  return (
    <p id={id} className="mt-1 text-xs text-stone-500">
      Shown on the Bangla pages (/bn). Leave empty to show the English there.
    </p>
  );
}
