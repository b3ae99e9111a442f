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
import { FileFormButton, UploadForm } from "#app/components/admin/pdf-upload-form.tsx";
import type { DeskFormReply } from "#app/domain/leads/desk-forms.ts";
import {
  centsAsText,
  formatCents,
  INSURER_MAX_LENGTH,
  insurerQuoteStatusLabel,
  LINE_LIMIT_TEXT_MAX_LENGTH,
  QUOTE_KINDS,
  QUOTE_NOTES_MAX_LENGTH,
  SUBJECTIVITY_FIELDS,
  type InsurerQuote,
} from "#app/domain/quote/insurer-quotes.ts";
import {
  CHARGE_PARTS,
  CLAIMS_MADE_LINES,
  LINE_BASES,
  QUOTE_MARKETS,
  RATING_MAX_LENGTH,
  RATING_SOURCE_MAX_LENGTH,
  SUBJECTIVITY_MAX_LENGTH,
  SUBJECTIVITY_TIMINGS,
  totalCents,
} from "#app/domain/quote/quote-proposal.ts";
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
function startingValues(quote: InsurerQuote | undefined, lines: readonly string[]): Typed {
  const values: Typed = {};
  // Each line starts on the basis it is usually written on; the agent picks the insurer's.
  for (const line of lines) {
    values[line] = { basis: CLAIMS_MADE_LINES.includes(line) ? "claims-made" : "occurrence" };
  }
  if (!quote) return { ...values, payInFull: true, kind: "bindable" };
  Object.assign(values, {
    insurer: quote.insurer,
    kind: quote.kind,
    market: quote.market ?? "",
    premium: centsAsText(quote.premiumCents),
    minimumEarned: centsAsText(quote.minimumEarnedCents),
    payInFull: quote.payInFull,
    monthly: quote.monthlyFeeCents !== null,
    monthlyFee: centsAsText(quote.monthlyFeeCents),
    downPayment: centsAsText(quote.instalments?.downPaymentCents ?? null),
    instalmentCount: quote.instalments ? String(quote.instalments.count) : "",
    instalmentAmount: centsAsText(quote.instalments?.amountCents ?? null),
    termStart: quote.termStart,
    termEnd: quote.termEnd,
    validUntil: quote.validUntil,
    tria: quote.terrorism ? (quote.terrorism.offered ? "offered" : "not-offered") : "",
    triaPremium: centsAsText(quote.terrorism?.premiumCents ?? null),
    rating: quote.rating?.rating ?? "",
    ratingSource: quote.rating?.source ?? "",
    ratingDate: quote.rating?.asOf ?? "",
    notes: quote.notes ?? "",
  });
  for (const part of CHARGE_PARTS) values[part.field] = centsAsText(quote.charges[part.key]);
  quote.subjectivities.forEach((entry, index) => {
    const name = SUBJECTIVITY_FIELDS[index];
    if (name) values[name] = { text: entry.text, timing: entry.timing, due: entry.due };
  });
  for (const line of quote.lines) {
    values[line.line] = {
      included: true,
      occurrence: centsAsText(line.occurrenceCents),
      aggregate: centsAsText(line.aggregateCents),
      limit: line.limitText ?? "",
      deductible: centsAsText(line.deductibleCents),
      basis: line.basis ?? "",
      retroDate: line.retroDate ?? "",
      audit: line.auditable,
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
  const values = mine
    ? mine.typed
    : startingValues(
        quote,
        lines.map((line) => line.slug),
      );
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
      <fieldset>
        <legend className="text-sm font-medium text-ink">
          The insurer&apos;s market in the customer&apos;s state
        </legend>
        {QUOTE_MARKETS.map((market) => (
          <label key={market.id} className="mt-1 flex items-center gap-2 text-ink">
            <input
              type="radio"
              name="market"
              value={market.id}
              defaultChecked={text("market") === market.id}
            />
            {market.label}
          </label>
        ))}
        {message("market")}
      </fieldset>
      <fieldset className="rounded-lg border border-slate-300 p-3">
        <legend className="px-1 font-semibold text-ink">
          The price, part by part, as the insurer&apos;s quote gives it
        </legend>
        <p className="text-sm text-muted">
          In dollars; leave a part empty when the quote has none. The visitor sees the total of the
          parts. The surplus lines tax and stamping fee are a non-admitted quote&apos;s only.
        </p>
        <div className="mt-2 grid gap-4 sm:grid-cols-3">
          {money("premium", "Premium for the term, in dollars")}
          {CHARGE_PARTS.map((part) => (
            <div key={part.field}>{money(part.field, part.label)}</div>
          ))}
          {money("minimumEarned", "Minimum earned premium, if any")}
        </div>
      </fieldset>
      <fieldset className="rounded-lg border border-slate-300 p-3">
        <legend className="px-1 font-semibold text-ink">Ways to pay the insurer offers</legend>
        <label className="mt-1 flex items-center gap-2 text-ink">
          <input type="checkbox" name="payInFull" defaultChecked={ticked("payInFull")} />
          In full
        </label>
        <label className="mt-1 flex items-center gap-2 text-ink">
          <input type="checkbox" name="monthly" defaultChecked={ticked("monthly")} />
          In instalments
        </label>
        {message("payInFull")}
        <div className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {money("downPayment", "Down payment, in dollars (0 if none)")}
          <div>
            {label("instalmentCount", "Number of instalments after it")}
            <input
              type="text"
              inputMode="numeric"
              {...control("instalmentCount", 2)}
              defaultValue={text("instalmentCount")}
            />
            {message("instalmentCount")}
          </div>
          {money("instalmentAmount", "Each instalment, in dollars")}
          {money("monthlyFee", "Fee per instalment, in dollars (0 if none)")}
        </div>
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
      <fieldset>
        <legend className="text-sm font-medium text-ink">Terrorism cover (TRIA)</legend>
        {(
          [
            ["offered", "Offered"],
            ["not-offered", "Not offered"],
          ] as const
        ).map(([value, words]) => (
          <label key={value} className="mt-1 flex items-center gap-2 text-ink">
            <input type="radio" name="tria" value={value} defaultChecked={text("tria") === value} />
            {words}
          </label>
        ))}
        {message("tria")}
        <div className="mt-2 max-w-xs">
          {money("triaPremium", "Its premium, in dollars (0 if at no charge)")}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          {label("rating", "Financial-strength rating, as written (e.g. A- (Excellent))")}
          <input
            type="text"
            {...control("rating", RATING_MAX_LENGTH)}
            defaultValue={text("rating")}
          />
          {message("rating")}
        </div>
        <div>
          {label("ratingSource", "Rated by (e.g. AM Best)")}
          <input
            type="text"
            {...control("ratingSource", RATING_SOURCE_MAX_LENGTH)}
            defaultValue={text("ratingSource")}
          />
          {message("ratingSource")}
        </div>
        <div>
          {label("ratingDate", "Rating read on")}
          <input
            type="date"
            {...control("ratingDate")}
            max={today}
            defaultValue={text("ratingDate")}
          />
          {message("ratingDate")}
        </div>
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
          <fieldset className="mt-2">
            <legend className="text-sm font-medium text-ink">
              Basis (a claims-made line&apos;s limits read per claim)
            </legend>
            {LINE_BASES.map((basis) => (
              <label key={basis.id} className="mt-1 flex items-center gap-2 text-ink">
                <input
                  type="radio"
                  name={`${line.slug}.basis`}
                  value={basis.id}
                  defaultChecked={text("basis", line.slug) === basis.id}
                />
                {basis.label}
              </label>
            ))}
            {message(`${line.slug}.basis`)}
          </fieldset>
          <div className="mt-2 grid gap-3 sm:grid-cols-2">
            <div>
              {label(`${line.slug}.retroDate`, "Retroactive date, if claims-made")}
              <input
                type="date"
                {...control(`${line.slug}.retroDate`)}
                defaultValue={text("retroDate", line.slug)}
              />
              {message(`${line.slug}.retroDate`)}
            </div>
            <label className="flex items-center gap-2 self-end text-ink">
              <input
                type="checkbox"
                name={`${line.slug}.audit`}
                defaultChecked={ticked("audit", line.slug)}
              />
              Premium subject to audit
            </label>
          </div>
        </fieldset>
      ))}
      {message("lines")}
      <fieldset className="rounded-lg border border-slate-300 p-3">
        <legend className="px-1 font-semibold text-ink">Subjectivities</legend>
        <p className="text-sm text-muted">
          What the insurer still needs, before or after binding, each with its due day. Leave a row
          empty when there is nothing more.
        </p>
        {SUBJECTIVITY_FIELDS.map((name, index) => (
          <div key={name} className="mt-2 grid gap-3 sm:grid-cols-[2fr_1fr_1fr]">
            <div>
              {label(`${name}.text`, `Subjectivity ${index + 1}`)}
              <input
                type="text"
                {...control(`${name}.text`, SUBJECTIVITY_MAX_LENGTH)}
                defaultValue={text("text", name)}
              />
              {message(`${name}.text`)}
            </div>
            <div>
              {label(`${name}.timing`, `Subjectivity ${index + 1}: needed`)}
              <select {...control(`${name}.timing`)} defaultValue={text("timing", name)}>
                <option value="">Choose</option>
                {SUBJECTIVITY_TIMINGS.map((timing) => (
                  <option key={timing.id} value={timing.id}>
                    {timing.label}
                  </option>
                ))}
              </select>
              {message(`${name}.timing`)}
            </div>
            <div>
              {label(`${name}.due`, `Subjectivity ${index + 1}: due on`)}
              <input type="date" {...control(`${name}.due`)} defaultValue={text("due", name)} />
              {message(`${name}.due`)}
            </div>
          </div>
        ))}
      </fieldset>
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
      {quote ? (
        <div>
          <button type="submit" className={buttonClasses("primary", "sm")}>
            Save changes
          </button>
        </div>
      ) : (
        <FileFormButton kind="primary">Add quote</FileFormButton>
      )}
    </form>
  );
}

export function quoteColumns(submissionId: string, open: boolean): DeskColumn<InsurerQuote>[] {
  return [
    { label: "Insurer", rowHeader: true, cell: (quote) => quote.insurer },
    { label: "Kind", cell: (quote) => (quote.kind === "estimate" ? "Estimate" : "Bindable") },
    {
      label: "Market",
      cell: (quote) =>
        quote.market === null
          ? "Not recorded"
          : quote.market === "admitted"
            ? "Admitted"
            : "Non-admitted",
    },
    { label: "Premium", nowrap: true, cell: (quote) => formatCents(quote.premiumCents) },
    { label: "Total", nowrap: true, cell: (quote) => formatCents(totalCents(quote)) },
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
