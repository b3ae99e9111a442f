/**
 * A file the lead desk hands out (the submissions CSV, a lead's JSON record): an attachment with
 * its name, never indexed by a search engine (X-Robots-Tag: noindex), whichever download it is.
 * Every download answers through this, so a new one cannot forget a header. (No cache keeps it:
 * server.ts sends Cache-Control: no-store with every response of the app, downloads included; set
 * here too, the header would go out twice.)
 */
export function leadDeskDownload(body: BodyInit, file: { type: string; name: string }): Response {
  return new Response(body, {
    headers: {
      "Content-Type": file.type,
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "X-Robots-Tag": "noindex",
    },
  });
}
