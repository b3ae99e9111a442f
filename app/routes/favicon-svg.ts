import faviconSvg from "#app/assets/favicon.svg?raw";

/**
 * /favicon.svg: the icon at the address browsers, bookmarks and other sites may ask for. Pages carry
 * it themselves as a `data:` URL (decision 010); this is the same file.
 */
export function loader() {
  return new Response(faviconSvg, {
    headers: {
      "Content-Type": "image/svg+xml",
      "Cache-Control": "public, max-age=86400",
    },
  });
}
