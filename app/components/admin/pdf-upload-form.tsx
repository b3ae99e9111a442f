import { buttonClasses, FormProblem } from "#app/components/admin/admin-ui.tsx";
import {
  acceptOf,
  DOCUMENT_MAX_BYTES,
  formatBytes,
  PDF_CONTENT_TYPES,
} from "#app/domain/quote/request-documents.ts";

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
      <div>
        <button type="submit" className={buttonClasses("secondary", "sm")}>
          {button}
        </button>
      </div>
    </form>
  );
}
