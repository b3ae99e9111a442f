// Vite bundles the site script as a file of its own (the `?worker&url` query: a separate bundle
// and its URL) rather than into React's client build: marketing pages load this and nothing else.
import siteScriptUrl from "#app/components/site/site-enhancements.ts?worker&url";

/**
 * The site's one script: focus trap and close-on-choose for the side menu, the carousel's buttons,
 * keys and drag, the Talk to an Expert dialog and tooltip dismissal. Every page works without it.
 * Async and external, so it needs no CSP nonce and blocks nothing; React renders it once in <head>.
 * Low priority: the page's stylesheet and images come first (Chromium fetches an async module script
 * at high priority otherwise, beside the stylesheet that the first paint waits for).
 */
export function SiteScript() {
  return <script async type="module" src={siteScriptUrl} fetchPriority="low" />;
}
