import { initialsOf } from "~/components/feedback/initials";
import { DEFAULT_COVER } from "~/models/cover";

/**
 * A course's (or a catalogue's) cover picture, decorative (the title is beside it). The default cover
 * is a plain brand pattern; over it go the title's initials, so courses without a cover of their own
 * still tell apart, and nothing on it looks like a video player that could be clicked.
 */
export function CourseCover({
  src,
  title,
  className,
  loading,
  fetchPriority,
}: {
  src: string;
  title: string;
  className: string;
  loading?: "eager" | "lazy";
  fetchPriority?: "high";
}) {
  const picture = (
    <img
      src={src}
      alt=""
      width={640}
      height={400}
      loading={loading}
      fetchPriority={fetchPriority}
      className={className}
    />
  );
  if (src !== DEFAULT_COVER) return picture;
  return (
    <div className="relative" data-testid="default-cover">
      {picture}
      <span
        aria-hidden="true"
        className="absolute inset-0 flex items-center justify-center text-6xl font-extrabold tracking-wider text-white/90 select-none"
      >
        {initialsOf(title)}
      </span>
    </div>
  );
}
