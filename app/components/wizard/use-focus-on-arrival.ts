import { useEffect, type RefObject } from "react";

/**
 * Whether the browser has already shown a wizard screen rendered by the server. The first screen
 * arrives with the document, and the browser starts it at the top as it does any page; every
 * screen after it arrives by a client-side navigation, which leaves focus on whatever had it (the
 * button just pressed, now gone, so the body).
 */
let documentScreenShown = false;

/**
 * Moves focus to `target` (the screen's heading) when a screen arrives by a client-side
 * navigation, so that a screen reader announces the new screen and the next Tab goes into its
 * form instead of starting again at the top of the page. The page is not scrolled: the router
 * has put it where it belongs (the top, or where it was on Back in the browser).
 */
export function useFocusOnArrival(
  target: RefObject<HTMLElement | null>,
  /**
   * What a form just confirmed (decision 055): focused on the document's first screen too, and
   * brought to the top of the viewport, since the eye must land on it after a post.
   */
  confirmation = false,
): void {
  useEffect(() => {
    const first = !documentScreenShown;
    documentScreenShown = true;
    const element = target.current;
    if (!element || (first && !confirmation)) return;
    element.focus({ preventScroll: true });
    if (confirmation) element.scrollIntoView({ block: "start" });
  }, [target, confirmation]);
}
