/**
 * Documents exchanged on a quote request (issue 29, decision 043): the insurer's quote (a PDF the
 * desk attaches to a quote) and what the visitor sends their agent (loss runs, a declarations
 * page, a contract's insurance requirements). What a file is comes from its first bytes, never from
 * its name or the type the browser claims. Pure TypeScript.
 */
import { QUOTES_PATH } from "#app/domain/quote/insurer-quotes.ts";
import {
  firstCharacters,
  withoutControlCharacters,
  withoutHiddenFormatting,
} from "#app/domain/values/text.ts";
import { z } from "#app/domain/values/zod.ts";
import { basePath, BASE_LOCALE, type Locale } from "#app/domain/site/locales.ts";
import { hasSpanishPage, matchesPage } from "#app/domain/site/site-pages.ts";
import { m } from "#app/paraglide/messages.js";
import { WIZARD_PATH } from "#app/domain/wizard/wizard-screens.ts";

/** The most one document may hold: 10 MB. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The most documents a visitor may send for one application. */
export const VISITOR_DOCUMENTS_PER_APPLICATION = 20;

/** The longest file name kept (the rest of a longer name is cut, its extension kept). */
export const DOCUMENT_NAME_MAX_LENGTH = 120;

/** The largest post that carries a file: one document and a few short fields. */
export const MAX_UPLOAD_BODY_BYTES = DOCUMENT_MAX_BYTES + 64 * 1024;

/** The lead desk's page of a lead's quote request, as the route table (app/routes.ts) has it. */
export const DESK_QUOTES_PAGE = "/admin/submissions/:id/quotes";

/**
 * The pages whose forms carry a file, as the route table names them: the visitor's quotes page
 * (documents for the agent) and the desk's page of a lead's request (insurer quotes, the bound
 * policy and its documents, certificates). Only posts to these may be larger than a form without
 * one (app/server/http/guards.server.ts).
 */
export const UPLOAD_PAGES: readonly string[] = [QUOTES_PATH, DESK_QUOTES_PAGE];

/**
 * Whether a post to `path` may carry a file: it is an address of one of UPLOAD_PAGES, in English
 * or in a language the page has (`/es/business-wizard/quotes`; the desk has none).
 */
export function takesUploads(path: string): boolean {
  const base = basePath(path);
  if (base !== path && !hasSpanishPage(base)) return false;
  return UPLOAD_PAGES.some((page) => matchesPage(page, base));
}

/** Where the visitor downloads one of their application's documents. */
export function visitorDocumentPath(id: string): string {
  return `${WIZARD_PATH}/documents/${id}`;
}

/** Where an operator downloads a document. */
export function deskDocumentPath(id: string): string {
  return `/admin/documents/${id}`;
}

/** The kinds of file the site takes, each known by the bytes it starts with. */
export const DOCUMENT_TYPES = [
  {
    contentType: "application/pdf",
    extension: "pdf",
    label: "PDF",
    // "%PDF-"
    signature: [0x25, 0x50, 0x44, 0x46, 0x2d],
  },
  { contentType: "image/jpeg", extension: "jpg", label: "JPEG", signature: [0xff, 0xd8, 0xff] },
  {
    contentType: "image/png",
    extension: "png",
    label: "PNG",
    signature: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  },
] as const;
export type DocumentContentType = (typeof DOCUMENT_TYPES)[number]["contentType"];

/** How many of a file's first bytes tell its type. */
export const SIGNATURE_BYTES = Math.max(...DOCUMENT_TYPES.map((type) => type.signature.length));

/** What a visitor may send; the insurer's quote and the policy are PDFs only. */
export const VISITOR_CONTENT_TYPES: readonly DocumentContentType[] = DOCUMENT_TYPES.map(
  (type) => type.contentType,
);
export const PDF_CONTENT_TYPES: readonly DocumentContentType[] = ["application/pdf"];

/** The `accept` of a file input taking these types: a hint to the browser's picker only. */
export function acceptOf(types: readonly DocumentContentType[]): string {
  return DOCUMENT_TYPES.filter((type) => types.includes(type.contentType))
    .flatMap((type) => [
      type.contentType,
      `.${type.extension}`,
      ...(type.extension === "jpg" ? [".jpeg"] : []),
    ])
    .join(",");
}

/** The type a file's first bytes show, if it is one of `allowed`. */
export function documentTypeOf(
  head: Uint8Array,
  allowed: readonly DocumentContentType[],
): DocumentContentType | undefined {
  return DOCUMENT_TYPES.find(
    (type) =>
      allowed.includes(type.contentType) &&
      head.length >= type.signature.length &&
      type.signature.every((byte, index) => head[index] === byte),
  )?.contentType;
}

function typeEntry(contentType: DocumentContentType) {
  return DOCUMENT_TYPES.find((type) => type.contentType === contentType) ?? DOCUMENT_TYPES[0];
}

/** A stored type's word for people ("PDF"); "File" for anything else. */
export function documentTypeLabel(contentType: string): string {
  return DOCUMENT_TYPES.find((type) => type.contentType === contentType)?.label ?? "File";
}

/**
 * The name a document is kept and downloaded under: the last part of the name the browser sent,
 * without control characters (C0, DEL, C1), invisible formatting (bidirectional overrides and
 * isolates, zero-width characters: app/domain/values/text.ts), quotes or path separators, cut to
 * DOCUMENT_NAME_MAX_LENGTH characters, ending in the extension of what the file is.
 */
export function documentFileName(claimed: string, contentType: DocumentContentType): string {
  const { extension } = typeEntry(contentType);
  const base = withoutHiddenFormatting(
    withoutControlCharacters(
      // The name's last part, as a path's (the multipart parser bounds the header it is in).
      claimed.split(/[\\/]/).pop() ?? "",
    ),
  )
    // Quotes and characters that mean something in a header or a path.
    .replace(/["*:<>?|;]/g, "")
    .trim();
  const claimedExtension = /\.([A-Za-z0-9]{1,5})$/.exec(base);
  const stem = firstCharacters(
    claimedExtension ? base.slice(0, claimedExtension.index) : base,
    DOCUMENT_NAME_MAX_LENGTH - 5,
  ).trim();
  const said = claimedExtension?.[1]?.toLowerCase();
  const kept = said === extension || (extension === "jpg" && said === "jpeg") ? said : extension;
  return `${stem === "" ? "document" : stem}.${kept}`;
}

/**
 * The Content-Disposition of a document's download: always an attachment (never shown inline), its
 * name in plain ASCII for old clients and in full as RFC 8187 UTF-8.
 */
export function attachmentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  // encodeURIComponent leaves these four as they are; RFC 8187 wants them encoded too.
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** A size as people read it, in `locale`: "980 bytes", "240 KB", "3.4 MB". */
export function formatBytes(bytes: number, locale: Locale = BASE_LOCALE): string {
  if (bytes < 1024) return m.size_bytes({ count: bytes }, { locale });
  if (bytes < 1024 * 1024) {
    return m.size_kilobytes({ count: Math.round(bytes / 1024) }, { locale });
  }
  const megabytes = (bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, "");
  return m.size_megabytes({ count: megabytes }, { locale });
}

/** What a visitor's document is, in their words (optional detail for the agent). */
export const VISITOR_DOCUMENT_KINDS = [
  { id: "declarations", term: m.doc_kind_declarations },
  { id: "loss-runs", term: m.doc_kind_loss_runs },
  { id: "contract-requirements", term: m.doc_kind_contract },
  { id: "other", term: m.doc_kind_other },
] as const;
export type VisitorDocumentKind = (typeof VISITOR_DOCUMENT_KINDS)[number]["id"];

/** A document's kind in words, in `locale` (the desk's in English). */
export function visitorDocumentKindLabel(kind: string | null, locale: Locale = BASE_LOCALE) {
  const term = VISITOR_DOCUMENT_KINDS.find((entry) => entry.id === kind)?.term;
  return (term ?? m.doc_kind_unknown)({}, { locale });
}

/**
 * The fields that go with a visitor's file (the file itself is read apart, as it streams), its
 * message in `locale`.
 */
export function visitorDocumentFormSchema(locale: Locale = BASE_LOCALE) {
  return z.object({
    kind: z.enum(
      VISITOR_DOCUMENT_KINDS.map((entry) => entry.id) as [
        VisitorDocumentKind,
        ...VisitorDocumentKind[],
      ],
      { error: m.doc_kind_required({}, { locale }) },
    ),
  });
}

/** Why a document was not taken, in words for the person who sent it, in `locale`. */
export function documentMessages(locale: Locale = BASE_LOCALE) {
  const words = { locale };
  return {
    noFile: m.doc_no_file({}, words),
    tooLarge: m.doc_too_large({ max: formatBytes(DOCUMENT_MAX_BYTES, locale) }, words),
    notVisitorType: m.doc_not_visitor_type({}, words),
    notPdf: m.doc_not_pdf({}, words),
    tooMany: m.doc_too_many({ count: VISITOR_DOCUMENTS_PER_APPLICATION }, words),
    unreadable: m.doc_unreadable({}, words),
    closed: m.doc_closed({}, words),
  };
}

/**
 * Why an upload the server could not take in is refused, with its status: too large, or broken,
 * in `locale`.
 */
export function unreadUploadRefusal(
  outcome: "too-large" | "unreadable",
  locale: Locale = BASE_LOCALE,
) {
  const messages = documentMessages(locale);
  return outcome === "too-large"
    ? { problem: messages.tooLarge, status: 413 }
    : { problem: messages.unreadable, status: 400 };
}

/** Whose a document is and what for: the visitor's, an insurer quote's PDF, the policy's, a certificate. */
export const DOCUMENT_PURPOSES = ["visitor", "insurer-quote", "policy", "certificate"] as const;
export type DocumentPurpose = (typeof DOCUMENT_PURPOSES)[number];

/** A document as the pages list it (never its bytes). */
export interface RequestDocument {
  id: string;
  purpose: DocumentPurpose;
  kind: string | null;
  insurerQuoteId: string | null;
  fileName: string;
  contentType: string;
  byteSize: number;
  sha256: string;
  /** The operator's email; null: the visitor sent it. */
  uploadedBy: string | null;
  createdAt: Date;
}
