import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// The server's page is whole and works without JavaScript: the browser shows it first, and React
// takes it over after that first frame, so no visitor waits for hydration to see the page
// (decision 010). The timeout runs after the frame that the animation frame callback precedes.
requestAnimationFrame(() => {
  setTimeout(() => {
    startTransition(() => {
      hydrateRoot(document, <HydratedRouter />);
    });
  }, 0);
});
