/**
 * The prerendered pages' one inline script (decision 025): it asks for the site script only once
 * the page's largest content has painted, so that nothing the browser fetches or runs for it comes
 * before what a visitor first sees. Where the browser does not report the largest paint (or the page
 * loads in a background tab, where none is reported), it asks a second after the load event.
 * Every page works without the site script; it only adds to them (site-enhancements.ts).
 *
 * It is allowed by its hash in the page's Content-Security-Policy, which server.ts works out from
 * the page itself; the site script it adds comes from the site (script-src 'self').
 */
export function siteScriptLoader(src: string): string {
  return [
    "(function(){var started=false;",
    "function start(){if(started)return;started=true;",
    'var script=document.createElement("script");script.type="module";',
    `script.src=${JSON.stringify(src)};document.head.appendChild(script)}`,
    "var types=self.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;",
    'var paints=!!types&&types.indexOf("largest-contentful-paint")>=0;',
    "if(paints)new PerformanceObserver(function(list,observer){observer.disconnect();setTimeout(start)})",
    '.observe({type:"largest-contentful-paint",buffered:true});',
    'addEventListener("load",function(){setTimeout(start,paints?1000:0)})})()',
  ].join("");
}
