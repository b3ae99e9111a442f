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
 * The prerendered pages' one inline script: it adds the site script (`src`) after the largest
 * paint. Every page works without the site script; it only adds to them (site-enhancements.ts).
 * It is allowed by its hash in the page's Content-Security-Policy, which server.ts works out from
 * the page itself; the site script it adds comes from the site (script-src 'self').
 */
export function siteScriptLoader(src: string): string {
  return (
    `(${AFTER_LARGEST_PAINT})(function(){var script=document.createElement("script");` +
    `script.type="module";script.src=${JSON.stringify(src)};document.head.appendChild(script)})`
  );
}
