/**
 * A file the lead desk hands out (the submissions CSV, a lead's JSON record): an attachment with
 * its name, never kept by a cache (Cache-Control: no-store) and never indexed by a search engine
 * (X-Robots-Tag: noindex), whichever download it is. Every download answers through this, so a new
 * one cannot forget a header.
 */
export function leadDeskDownload(body: BodyInit, file: { type: string; name: string }): Response {
  return new Response(body, {
    headers: {
      "Content-Type": file.type,
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
