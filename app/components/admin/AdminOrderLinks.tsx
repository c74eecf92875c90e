import { Link } from "@remix-run/react";

/** An admin's ways off the order page: back to the order list, or on to its packing slip and parcel label. */
export function AdminOrderLinks({ id }: { id: string }) {
  return (
    <nav aria-label="Order administration" className="flex flex-wrap gap-2 text-sm">
      <Link to="/admin/orderlist" className="btn-secondary px-3 py-1.5">
        ← Back to orders
      </Link>
      <Link to={`/admin/order/${id}/slip`} className="btn-secondary px-3 py-1.5">
        Packing slip
      </Link>
      <Link to={`/admin/labels?orderIds=${id}`} className="btn-secondary px-3 py-1.5">
        Parcel label
      </Link>
    </nav>
  );
}
