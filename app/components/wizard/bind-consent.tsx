import type { refusedFields } from "#app/components/wizard/refused-form.tsx";
import {
  DOCUMENTS_BY,
  TRIA_CHOICES,
  type DocumentsBy,
  type TriaChoice,
} from "#app/domain/quote/bind-requests.ts";
import { useLocale } from "#app/hooks/use-locale.ts";
import { m } from "#app/paraglide/messages.js";

type Refused = ReturnType<typeof refusedFields>;

/**
 * The request to bind's consent to do business and sign electronically (decision 065): the
 * statement read before agreeing, the agreement, and how the documents come (email and the site,
 * or paper), each kept with the signature in these words. Signing on paper instead: a call.
 */
export function EsignConsentFields({
  words,
  paperNote,
  refused,
}: {
  words: { disclosure: string; agreement: string; documents: Record<DocumentsBy, string> };
  paperNote: string;
  refused: Refused;
}) {
  const locale = useLocale();
  const { typed, invalid, describedBy, message } = refused;
  return (
    <fieldset aria-describedby="esign-disclosure">
      <legend className="font-semibold text-ink">{m.bind_esign_legend({}, { locale })}</legend>
      <p id="esign-disclosure" className="mt-2 text-ink">
        {words.disclosure}
      </p>
      <label className="mt-3 flex items-start gap-3 text-ink">
        <input
          type="checkbox"
          name="esign-consent"
          required
          defaultChecked={typed("esign-consent") === "on"}
          aria-invalid={invalid("esign-consent") ? true : undefined}
          aria-describedby={describedBy("esign-consent")}
          className="mt-1 size-5 shrink-0"
        />
        <span>{words.agreement}</span>
      </label>
      {message("esign-consent")}
      <p className="mt-2 text-sm text-muted">{paperNote}</p>
      <fieldset className="mt-4" aria-describedby={describedBy("documents")}>
        <legend className="font-semibold text-ink">
          {m.bind_documents_legend({}, { locale })}
        </legend>
        {DOCUMENTS_BY.map((by) => (
          <label key={by} className="mt-2 flex items-start gap-3 text-ink">
            <input
              type="radio"
              name="documents"
              value={by}
              required
              defaultChecked={typed("documents") === by}
              className="mt-1 size-5 shrink-0"
            />
            <span>{words.documents[by]}</span>
          </label>
        ))}
        {message("documents")}
      </fieldset>
    </fieldset>
  );
}

/** The insurer's terrorism (TRIA) offer, accepted or rejected by the insured. */
export function TriaFields({
  insurer,
  labels,
  refused,
}: {
  insurer: string;
  labels: Record<TriaChoice, string>;
  refused: Refused;
}) {
  const locale = useLocale();
  const { typed, describedBy, message } = refused;
  return (
    <fieldset aria-describedby={["tria-intro", describedBy("tria")].filter(Boolean).join(" ")}>
      <legend className="font-semibold text-ink">{m.bind_tria_legend({}, { locale })}</legend>
      <p id="tria-intro" className="mt-2 text-ink">
        {m.bind_tria_intro({ insurer }, { locale })}
      </p>
      {TRIA_CHOICES.map((choice) => (
        <label key={choice} className="mt-2 flex items-start gap-3 text-ink">
          <input
            type="radio"
            name="tria"
            value={choice}
            required
            defaultChecked={typed("tria") === choice}
            className="mt-1 size-5 shrink-0"
          />
          <span>{labels[choice]}</span>
        </label>
      ))}
      {message("tria")}
    </fieldset>
  );
}
