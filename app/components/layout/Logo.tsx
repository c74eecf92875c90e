/** The shop's mark: a stylised loom shuttle in the brand colour. */
export function Logo({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <rect width="32" height="32" rx="8" fill="#9a3412" />
      <path d="M6 11h20M6 16h20M6 21h20" stroke="#fdf4f2" strokeWidth="2" strokeLinecap="round" />
      <path d="M11 6v20M21 6v20" stroke="#fbbf24" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
