/** The check mark of feature lists (about block, subscription page). */
export function CheckIcon({ className = "size-5 text-brand-700" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className={className} fill="currentColor">
      <path d="M7.6 13.6 4 10l-1.4 1.4 5 5 10-10L16.2 5z" />
    </svg>
  );
}
