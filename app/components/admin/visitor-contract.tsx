/**
 * What the visitor's contract asks for (decision 048), as the desk reads it beside the quotes:
 * whose contract, the lines, general liability's limits, the endorsements, the day proof is needed
 * by and anything else, in the visitor's words, with when they gave it.
 */
import { DateTime } from "#app/components/admin/admin-ui.tsx";
import {
  contractEndorsementsText,
  limitsText,
  type ContractRequirements,
} from "#app/domain/quote/contract-requirements.ts";
import { dayText } from "#app/domain/quote/insurer-quotes.ts";
import { lineName } from "#app/domain/quote/quote-request.ts";

export function ContractRequirementsSection({
  requirements,
}: {
  requirements: ContractRequirements & { givenAt: Date };
}) {
  const rows: [string, string][] = [
    ["Whose contract", requirements.party],
    ["Lines it asks for", requirements.lines.map((slug) => lineName(slug)).join(", ")],
    ["General liability limits, at least", limitsText(requirements) ?? "Not stated"],
    ["Endorsements", contractEndorsementsText(requirements)],
    ["Proof needed by", requirements.neededBy ? dayText(requirements.neededBy) : "Not stated"],
    ["Anything else", requirements.other ?? "Nothing"],
  ];
  return (
    <section aria-labelledby="contract-heading" className="mt-8">
      <h2 id="contract-heading" className="text-lg font-semibold text-ink">
        What the visitor&apos;s contract asks for
      </h2>
      <p className="mt-1 text-sm text-muted">
        In the visitor&apos;s words, given <DateTime value={requirements.givenAt} />: quote to it,
        and check it against the contract itself.
      </p>
      <dl className="mt-2 divide-y divide-slate-200">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-2 sm:grid-cols-3">
            <dt className="font-semibold text-ink">{label}</dt>
            <dd className="whitespace-pre-line break-words text-ink sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
