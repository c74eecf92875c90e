import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

export const FETCH_ERROR = "Error fetching data";

/**
 * An admin screen whose data could not be loaded: the server's message (from
 * `loadAdminData`) or the spec's fallback, inside the normal layout.
 */
export function AdminErrorBoundary({ fallback = FETCH_ERROR, back }: { fallback?: string; back?: { to: string; label: string } }) {
  const error = useRouteError();
  let message = fallback;
  if (isRouteErrorResponse(error)) {
    const data = error.data as unknown;
    if (data && typeof data === "object" && "message" in data && typeof data.message === "string") message = data.message;
    else if (typeof data === "string" && data) message = data;
  } else {
    console.error(error);
  }
  return (
    <div className="mx-auto max-w-2xl py-10">
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
        {message}
      </p>
      {back ? (
        <Link to={back.to} className="btn-secondary mt-4">
          {back.label}
        </Link>
      ) : null}
    </div>
  );
}
