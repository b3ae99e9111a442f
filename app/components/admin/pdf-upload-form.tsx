import { buttonClasses, FormProblem } from "#app/components/admin/admin-ui.tsx";
import {
  acceptOf,
  DOCUMENT_MAX_BYTES,
  formatBytes,
  PDF_CONTENT_TYPES,
} from "#app/domain/quote/request-documents.ts";
import { SiteScript } from "#app/components/site/site-script.tsx";
import { BASE_LOCALE } from "#app/domain/site/locales.ts";
import { m } from "#app/paraglide/messages.js";

/**
 * The button of a desk form that sends a file, with the note under it: once the form goes, the site
 * script (showSending) makes the button say "Sending…" and take no second press, and the note say
 * that a large file takes a while (decision 082). It brings the site script to its page (React puts
 * it in the head once, however many such forms the page has); the desk's other pages have none.
 * Without scripts, the browser's own progress shows.
 */
export function FileFormButton({
  kind,
  children,
}: {
  kind: "primary" | "secondary";
  children: React.ReactNode;
}) {
  const words = { locale: BASE_LOCALE };
  return (
    <div>
      <SiteScript />
      <button
        type="submit"
        data-sending-label={m.form_sending({}, words)}
        className={buttonClasses(kind, "sm")}
      >
        {children}
      </button>
      <p
        aria-live="polite"
        data-sending-note={m.documents_sending_note({}, words)}
        className="mt-1 text-sm text-muted"
      />
    </div>
  );
}

/** A form that sends one PDF with an intent (and the quote it is for, if any). */
export function UploadForm({
  intent,
  id,
  label,
  button,
  problem,
}: {
  intent: string;
  id?: string;
  label: string;
  button: string;
  problem: string | undefined;
}) {
  // One page may hold several forms of one intent (a certificate's each): the id tells them apart.
  const control = id ? `${intent}-${id}` : intent;
  return (
    <form method="post" encType="multipart/form-data" className="mt-3 grid gap-2">
      <input type="hidden" name="intent" value={intent} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <label htmlFor={`${control}-file`} className="block text-sm font-medium text-ink">
        {label} (at most {formatBytes(DOCUMENT_MAX_BYTES)})
      </label>
      <input
        id={`${control}-file`}
        type="file"
        name="file"
        required
        accept={acceptOf(PDF_CONTENT_TYPES)}
        aria-describedby={problem ? `${control}-problem` : undefined}
        className="block w-full text-ink"
      />
      <FormProblem problem={problem} id={`${control}-problem`} />
      <FileFormButton kind="secondary">{button}</FileFormButton>
    </form>
  );
}
