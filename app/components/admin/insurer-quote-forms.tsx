import { possessive } from "#app/domain/site/possessive.ts";
import { BASE_LOCALE } from "#app/domain/site/locales.ts";
import type { DeskColumn } from "#app/components/admin/desk-table.tsx";
import {
  adminControlClasses,
  buttonClasses,
  DateTime,
  FieldMessage,
  FormProblem,
} from "#app/components/admin/admin-ui.tsx";
import { UploadForm } from "#app/components/admin/pdf-upload-form.tsx";
import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import {
  centsAsText,
  formatCents,
  INSURER_MAX_LENGTH,
  insurerQuoteStatusLabel,
  LINE_LIMIT_TEXT_MAX_LENGTH,
  QUOTE_KINDS,
  QUOTE_NOTES_MAX_LENGTH,
  type InsurerQuote,
} from "#app/domain/quote/insurer-quotes.ts";
import {
  acceptOf,
  deskDocumentPath,
  DOCUMENT_MAX_BYTES,
  formatBytes,
  PDF_CONTENT_TYPES,
  type RequestDocument,
} from "#app/domain/quote/request-documents.ts";

/**
 * The desk's forms for an insurer's quote (routes/admin/submission-quotes.tsx, decision 042): the
 * quote's figures as the insurer gave them, the list of a request's quotes, and the insurer's PDF.
 */

/** What the form showed, to show again after a refusal: every field as typed. */
type Typed = DeskFormReply["typed"];

/** The form's values: what was typed after a refusal, else the quote being changed, else empty. */
function startingValues(quote: InsurerQuote | undefined): Typed {
  if (!quote) return { payInFull: true, kind: "bindable" };
  const values: Typed = {
    insurer: quote.insurer,
    kind: quote.kind,
    premium: centsAsText(quote.premiumCents),
    payInFull: quote.payInFull,
    monthly: quote.monthlyFeeCents !== null,
    monthlyFee: centsAsText(quote.monthlyFeeCents),
    termStart: quote.termStart,
    termEnd: quote.termEnd,
    validUntil: quote.validUntil,
    notes: quote.notes ?? "",
  };
  for (const line of quote.lines) {
    values[line.line] = {
      included: true,
      occurrence: centsAsText(line.occurrenceCents),
      aggregate: centsAsText(line.aggregateCents),
      limit: line.limitText ?? "",
      deductible: centsAsText(line.deductibleCents),
    };
  }
  return values;
}

export function QuoteForm({
  formId,
  quote,
  lines,
  today,
  action,
}: {
  formId: string;
  quote: InsurerQuote | undefined;
  lines: { slug: string; name: string }[];
  today: string;
  action: DeskFormReply | undefined;
}) {
  const mine = action?.formId === formId ? action : undefined;
  const values = mine ? mine.typed : startingValues(quote);
  /** A field's value as typed or kept: `name` of the form, or of a line's part (`inside`). */
  const valueOf = (name: string, inside?: string): unknown => {
    const holder: unknown = inside ? values[inside] : values;
    if (typeof holder !== "object" || holder === null) return undefined;
    return Object.entries(holder).find(([key]) => key === name)?.[1];
  };
  const text = (name: string, inside?: string): string => {
    const value = valueOf(name, inside);
    return typeof value === "string" ? value : "";
  };
  const ticked = (name: string, inside?: string): boolean => {
    const value = valueOf(name, inside);
    return value === true || value === "on";
  };
  const control = (name: string, max?: number) => {
    const messages = mine?.fields[name];
    const invalid = messages && messages.length > 0;
    return {
      id: `${formId}-${name}`,
      name,
      maxLength: max,
      "aria-invalid": invalid ? true : undefined,
      "aria-describedby": invalid ? `${formId}-${name}-error` : undefined,
      className: adminControlClasses,
    } as const;
  };
  const label = (name: string, words: string) => (
    <label htmlFor={`${formId}-${name}`} className="block text-sm font-medium text-ink">
      {words}
    </label>
  );
  const message = (name: string) => (
    <FieldMessage id={`${formId}-${name}-error`} messages={mine?.fields[name]} />
  );
  const money = (name: string, words: string, inside?: string) => {
    const full = inside ? `${inside}.${name}` : name;
    return (
      <div>
        {label(full, words)}
        <input
          type="text"
          inputMode="decimal"
          {...control(full, 20)}
          defaultValue={text(name, inside)}
        />
        {message(full)}
      </div>
    );
  };
  return (
    <form
      method="post"
      // A new quote comes with the insurer's PDF (issue 56); a quote's own PDF form is beside it.
      encType={quote ? undefined : "multipart/form-data"}
      className="mt-3 grid gap-4"
      noValidate
    >
      <input type="hidden" name="intent" value={quote ? "update" : "add"} />
      {quote ? <input type="hidden" name="id" value={quote.id} /> : null}
      <div>
        {label("insurer", "Insurer")}
        <input
          type="text"
          {...control("insurer", INSURER_MAX_LENGTH)}
          defaultValue={text("insurer")}
        />
        {message("insurer")}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-ink">What the insurer gave</legend>
        {QUOTE_KINDS.map((kind) => (
          <label key={kind.id} className="mt-1 flex items-center gap-2 text-ink">
            <input
              type="radio"
              name="kind"
              value={kind.id}
              defaultChecked={text("kind") === kind.id}
            />
            {kind.words({}, { locale: BASE_LOCALE })}
          </label>
        ))}
        {message("kind")}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        {money("premium", "Premium for the term, in dollars")}
        {money("monthlyFee", "Fee for paying monthly, in dollars (0 if none)")}
      </div>
      <fieldset>
        <legend className="text-sm font-medium text-ink">Ways to pay the insurer offers</legend>
        <label className="mt-1 flex items-center gap-2 text-ink">
          <input type="checkbox" name="payInFull" defaultChecked={ticked("payInFull")} />
          In full
        </label>
        <label className="mt-1 flex items-center gap-2 text-ink">
          <input type="checkbox" name="monthly" defaultChecked={ticked("monthly")} />
          Monthly
        </label>
        {message("payInFull")}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {(
          [
            ["termStart", "Term starts"],
            ["termEnd", "Term ends"],
            ["validUntil", "Quote valid until"],
          ] as const
        ).map(([name, words]) => (
          <div key={name}>
            {label(name, words)}
            <input
              type="date"
              {...control(name)}
              min={name === "validUntil" ? today : undefined}
              defaultValue={text(name)}
            />
            {message(name)}
          </div>
        ))}
      </div>
      {lines.map((line) => (
        <fieldset key={line.slug} className="rounded-lg border border-slate-300 p-3">
          <legend className="px-1 font-semibold text-ink">{line.name}</legend>
          <label className="flex items-center gap-2 text-ink">
            <input
              type="checkbox"
              name={`${line.slug}.included`}
              defaultChecked={ticked("included", line.slug)}
            />
            This quote covers {line.name}
          </label>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            {money("occurrence", "Per occurrence limit, in dollars", line.slug)}
            {money("aggregate", "Aggregate limit, in dollars", line.slug)}
            <div>
              {label(`${line.slug}.limit`, "Or the line's own limit, in words")}
              <input
                type="text"
                {...control(`${line.slug}.limit`, LINE_LIMIT_TEXT_MAX_LENGTH)}
                defaultValue={text("limit", line.slug)}
              />
              {message(`${line.slug}.limit`)}
            </div>
            {money("deductible", "Deductible, in dollars", line.slug)}
          </div>
        </fieldset>
      ))}
      {message("lines")}
      <div>
        {label("notes", "Exclusions and notes worth reading (the visitor sees these)")}
        <textarea
          rows={4}
          {...control("notes", QUOTE_NOTES_MAX_LENGTH)}
          defaultValue={text("notes")}
        />
        {message("notes")}
      </div>
      {quote ? null : (
        <div>
          <label htmlFor={`${formId}-file`} className="block text-sm font-medium text-ink">
            The insurer&apos;s quote document, a PDF of at most {formatBytes(DOCUMENT_MAX_BYTES)}{" "}
            (optional; the visitor can download it once the quote is published)
          </label>
          <input
            id={`${formId}-file`}
            type="file"
            name="file"
            accept={acceptOf(PDF_CONTENT_TYPES)}
            className="block w-full text-ink"
          />
        </div>
      )}
      <FormProblem problem={mine?.problem} />
      <div>
        <button type="submit" className={buttonClasses("primary", "sm")}>
          {quote ? "Save changes" : "Add quote"}
        </button>
      </div>
    </form>
  );
}

export function quoteColumns(submissionId: string, open: boolean): DeskColumn<InsurerQuote>[] {
  return [
    { label: "Insurer", rowHeader: true, cell: (quote) => quote.insurer },
    { label: "Kind", cell: (quote) => (quote.kind === "estimate" ? "Estimate" : "Bindable") },
    { label: "Premium", nowrap: true, cell: (quote) => formatCents(quote.premiumCents) },
    { label: "Valid until", nowrap: true, cell: (quote) => quote.validUntil },
    {
      label: "Where it stands",
      cell: (quote) => (
        <>
          {insurerQuoteStatusLabel(quote.status)}
          {quote.publishedAt ? (
            <>
              {" "}
              <DateTime value={quote.publishedAt} />
            </>
          ) : null}
        </>
      ),
    },
    {
      label: "Action",
      cell: (quote) =>
        open && quote.status !== "withdrawn" ? (
          <div className="flex flex-wrap gap-2">
            <a
              href={`/admin/submissions/${submissionId}/quotes?edit=${quote.id}`}
              className={buttonClasses("secondary", "sm")}
            >
              Change<span className="sr-only"> {possessive(quote.insurer)} quote</span>
            </a>
            <form method="post">
              <input type="hidden" name="id" value={quote.id} />
              <button
                type="submit"
                name="intent"
                value="withdraw"
                className={buttonClasses("secondary", "sm")}
              >
                Withdraw<span className="sr-only"> {possessive(quote.insurer)} quote</span>
              </button>
            </form>
          </div>
        ) : null,
    },
  ];
}

/** The insurer's PDF of the quote being changed, and the form that attaches or replaces it. */
export function InsurerPdfForm({
  quote,
  pdf,
  problem,
}: {
  quote: InsurerQuote;
  pdf: RequestDocument | undefined;
  problem: string | undefined;
}) {
  return (
    <section aria-labelledby="insurer-pdf-heading" className="mt-8">
      <h3 id="insurer-pdf-heading" className="font-semibold text-ink">
        {possessive(quote.insurer)} quote document
      </h3>
      <p className="mt-1 text-ink">
        {pdf ? (
          <>
            <a href={deskDocumentPath(pdf.id)} className="font-semibold text-brand-700 underline">
              {pdf.fileName}
            </a>{" "}
            ({formatBytes(pdf.byteSize)}, attached <DateTime value={pdf.createdAt} />
            {pdf.uploadedBy ? ` by ${pdf.uploadedBy}` : ""}). The visitor can download it once the
            quote is published.
          </>
        ) : (
          "None attached yet. The visitor can download it once the quote is published."
        )}
      </p>
      <UploadForm
        intent="document"
        id={quote.id}
        label={`${pdf ? "Replace it with" : "Attach"} the insurer's PDF`}
        button={pdf ? "Replace the PDF" : "Attach the PDF"}
        problem={problem}
      />
    </section>
  );
}
