import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A <details> disclosure (the menu and its Pages dropdown, a feedback card's delete question): opens
 * with Enter/Space without any JavaScript; with JavaScript it also closes on Escape (returning focus
 * to its button), on a click elsewhere and after navigating. Escape closes the innermost open one only.
 */
export function useDisclosure() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const lastLocation = useRef(location.key);
  useEffect(() => {
    // Close after a navigation (not on the first render: a visitor may have opened it before hydration).
    if (lastLocation.current === location.key) return;
    lastLocation.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key === "Escape" && details?.open && !event.defaultPrevented) {
        // Handled here: the menu around an open Pages dropdown stays open.
        event.preventDefault();
        details.open = false;
        details.querySelector("summary")?.focus();
      }
    };
    const onClick = (event: MouseEvent) => {
      const details = ref.current;
      const target = event.target as Element;
      const outside = !details?.contains(target) || target.closest("[data-menu-backdrop]") !== null;
      if (details?.open && outside) details.open = false;
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("click", onClick);
    };
  }, []);
  return ref;
}
