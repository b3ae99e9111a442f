import { attachmentDisposition } from "#app/domain/quote/request-documents.ts";

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

/**
 * A document of a quote request (decision 043), to its operator or its visitor: always an
 * attachment, never shown in the browser (X-Content-Type-Options: nosniff comes with every response
 * of the app, from server.ts), of the type its first bytes showed and the size stored.
 */
export function documentDownload(
  body: ReadableStream<Uint8Array>,
  document: { contentType: string; fileName: string; byteSize: number },
): Response {
  return new Response(body, {
    headers: {
      "Content-Type": document.contentType,
      "Content-Length": String(document.byteSize),
      "Content-Disposition": attachmentDisposition(document.fileName),
      "X-Robots-Tag": "noindex",
    },
  });
}
