import { NavLink } from "@remix-run/react";

/** Every admin screen, in the order an owner runs the shop; "View shop" leaves the back office. */
export const ADMIN_SECTIONS = [
  ["Dashboard", "/admin"],
  ["Orders", "/admin/orderlist"],
  ["Courier payouts", "/admin/payouts"],
  ["Products", "/admin/productlist"],
  ["Stock", "/admin/stock"],
  ["Categories", "/admin/categorylist"],
  ["Search synonyms", "/admin/synonyms"],
  ["Discounts", "/admin/discountlist"],
  ["Coupons", "/admin/couponlist"],
  ["Reviews", "/admin/reviewlist"],
  ["Users", "/admin/userlist"],
  ["Customers by phone", "/admin/customers"],
  ["Footer pages", "/admin/footerCreate"],
  ["Mail", "/admin/mail"],
  ["Settings", "/admin/settings"],
] as const;

const item = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-600 text-white" : "text-stone-700 hover:bg-stone-200"}`;

export function AdminNavLinks() {
  return (
    <ul className="space-y-1">
      {ADMIN_SECTIONS.map(([label, to]) => (
        <li key={to}>
          {/* The dashboard is active on /admin only; a list also on its edit pages' paths below it. */}
          <NavLink to={to} end={to === "/admin"} className={item}>
            {label}
          </NavLink>
        </li>
      ))}
      <li className="border-t border-stone-200 pt-1">
        <NavLink to="/" className={item({ isActive: false })}>
          View shop
        </NavLink>
      </li>
    </ul>
  );
}
