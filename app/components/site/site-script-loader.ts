/**
 * Scripts that wait for the page's first paint (decisions 025 and 027): what the browser fetches or
 * runs for them comes after what a visitor first sees.
 */

/**
 * A JavaScript function expression, `function (start) {…}`, that calls `start` once, as soon as the
 * browser reports the page's largest paint; where it reports none (a browser without the API, a
 * page loading in a background tab), a second after the load event.
 */
export const AFTER_LARGEST_PAINT = [
  "function(start){var started=false;",
  "function once(){if(!started){started=true;start()}}",
  "var types=self.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;",
  'var paints=!!types&&types.indexOf("largest-contentful-paint")>=0;',
  "if(paints)new PerformanceObserver(function(list,observer){observer.disconnect();setTimeout(once)})",
  '.observe({type:"largest-contentful-paint",buffered:true});',
  'addEventListener("load",function(){setTimeout(once,paints?1000:0)})}',
].join("");

/**
 * The site script's tag as React renders it (SiteScript, site-script.tsx): its address is the
 * first group.
 */
export const SITE_SCRIPT_TAG =
  /<script async="" type="module" src="(\/assets\/site-enhancements-[\w-]+\.js)" fetchPriority="low"><\/script>/g;

/**
 * The inline script that takes the place of the site script's tag (SITE_SCRIPT_TAG): it adds the
 * site script (`src`) after the largest paint. Every page works without the site script; it only
 * adds to them (site-enhancements.ts). On a prerendered page it is allowed by its hash in the
 * page's Content-Security-Policy, which server.ts works out from the page itself; on a page the
 * server renders, by the request's nonce. The site script it adds comes from the site (script-src
 * 'self'). It is added `async`, as React adds it: a hydrating page's React finds it there and adds
 * no second one.
 */
export function siteScriptLoader(src: string): string {
  return (
    `(${AFTER_LARGEST_PAINT})(function(){var script=document.createElement("script");` +
    `script.type="module";script.async=true;script.src=${JSON.stringify(src)};` +
    `document.head.appendChild(script)})`
  );
}
