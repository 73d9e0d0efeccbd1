import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigation } from "react-router";

/**
 * After a link takes the reader to another page without a full load, a screen reader would hear
 * nothing and the keyboard focus would stay on the link (or fall to <body>): the new page's title
 * is announced and the focus moves to the start of its main content, as a page load would. Changes
 * within a page (its query: a quiz step, a list's page; its hash) are left to the page itself, and so
 * is what a form's answer shows (the page puts the focus on the field to correct or the message).
 */
export function RouteAnnouncer() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const shown = useRef(pathname);
  // Whether the last navigation was a form's post (kept: it is over when the page changes).
  const submitted = useRef(false);
  useEffect(() => {
    if (navigation.state !== "idle") submitted.current = (navigation.formMethod ?? "GET").toUpperCase() !== "GET";
  }, [navigation.state, navigation.formMethod]);
  const [announcement, setAnnouncement] = useState("");
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    if (submitted.current) return;
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
