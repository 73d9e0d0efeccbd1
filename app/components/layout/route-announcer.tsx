import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";

/**
 * After a link takes the reader to another page without a full load, a screen reader would hear
 * nothing and the keyboard focus would stay on the link (or fall to <body>): the new page's title
 * is announced and the focus moves to the start of its main content, as a page load would. Changes
 * within a page (its query: a quiz step, a list's page; its hash) are left to the page itself.
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    // The new page's <title> is in place: React Router renders it in the same commit.
    document.getElementById("main")?.focus({ preventScroll: true });
    setAnnouncement(document.title);
  }, [pathname]);
  return (
    <p className="sr-only" role="status" aria-live="polite" data-testid="route-announcer">
      {announcement}
    </p>
  );
}
