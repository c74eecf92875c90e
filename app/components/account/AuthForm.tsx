import { getInputProps, type FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

import { useMessage, useT } from "~/i18n/hooks";

// Form pieces of the account pages (login, register, profile, admin user
// edit). Errors are rendered by the server too, so they show with JavaScript off;
// they arrive in English and show in the page's language (useMessage).

type TextFieldProps = {
  meta: FieldMetadata<string | undefined>;
  label: string;
  type?: "text" | "email" | "password";
  autoComplete?: string;
  hint?: string;
};

export function TextField({ meta, label, type = "text", autoComplete, hint }: TextFieldProps) {
  const hintId = hint ? `${meta.id}-hint` : undefined;
  const props = getInputProps(meta, { type, ariaDescribedBy: hintId });
  return (
    <div>
      <label htmlFor={meta.id} className="label">
        {label}
      </label>
      <input
        {...props}
        key={props.key}
        autoComplete={autoComplete}
        // Passwords are never sent back to the page (hideFields); do not re-fill them either.
        defaultValue={type === "password" ? undefined : props.defaultValue}
        className="input"
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

type Meta = FieldMetadata<string | undefined>;

/**
 * The account's own fields, as register and profile ask them: name, e-mail,
 * then a new password twice. The profile asks for the password in use
 * between them (decision 048).
 */
export function AccountFields({
  fields,
  passwordHint,
  currentPassword,
}: {
  fields: { name: Meta; email: Meta; password: Meta; confirmPassword: Meta };
  passwordHint: string;
  currentPassword?: { meta: Meta; hint: string };
}) {
  const t = useT();
  return (
    <>
      <TextField meta={fields.name} label={t("account.fields.name")} autoComplete="name" />
      <TextField meta={fields.email} label={t("account.fields.email")} type="email" autoComplete="email" />
      {currentPassword ? (
        <TextField
          meta={currentPassword.meta}
          label={t("account.profile.currentPassword")}
          type="password"
          autoComplete="current-password"
          hint={currentPassword.hint}
        />
      ) : null}
      <TextField meta={fields.password} label={t("account.fields.password")} type="password" autoComplete="new-password" hint={passwordHint} />
      <TextField meta={fields.confirmPassword} label={t("account.fields.confirmPassword")} type="password" autoComplete="new-password" />
    </>
  );
}

export function CheckboxField({ meta, label }: { meta: FieldMetadata<boolean | undefined>; label: string }) {
  const props = getInputProps(meta, { type: "checkbox" });
  return (
    <div>
      <label htmlFor={meta.id} className="inline-flex items-center gap-2 text-sm font-semibold text-stone-700">
        <input {...props} key={props.key} className="h-4 w-4 rounded border-stone-300 text-brand-600 focus:ring-brand-500" />
        {label}
      </label>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  const msg = useMessage();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700">
      {errors.map((e) => (
        <li key={e}>{msg(e)}</li>
      ))}
    </ul>
  );
}

/** Form-level errors (bad credentials, too many attempts) in a red alert. */
export function FormAlert({ id, errors }: { id?: string; errors?: string[] }) {
  const msg = useMessage();
  if (!errors?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
      {errors.map((e) => (
        <p key={e}>{msg(e)}</p>
      ))}
    </div>
  );
}

export function FormCard({ title, children, footer }: { title: string; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-md">
      <div className="card p-6 sm:p-8">
        <h1 className="mb-6 text-2xl font-semibold tracking-tight">{title}</h1>
        {children}
      </div>
      {footer ? <div className="mt-4 text-center text-sm text-stone-600">{footer}</div> : null}
    </div>
  );
}
