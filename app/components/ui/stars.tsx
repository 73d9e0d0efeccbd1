/** Read-only stars (0–5, halves rounded down to whole for display); the label carries the exact value. */
export function Stars({ rating, label, className = "" }: { rating: number; label: string; className?: string }) {
  const full = Math.round(rating);
  return (
    <span role="img" aria-label={label} className={`inline-flex gap-0.5 text-star ${className}`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          aria-hidden="true"
          viewBox="0 0 20 20"
          className="size-4"
          fill={n <= full ? "currentColor" : "none"}
          stroke="currentColor"
          strokeWidth="1.5"
        >
          <path d="M10 1.8l2.5 5.2 5.7.8-4.1 4 1 5.6L10 14.8l-5.1 2.6 1-5.6-4.1-4 5.7-.8z" strokeLinejoin="round" />
        </svg>
      ))}
    </span>
  );
}
