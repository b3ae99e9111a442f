import { redirect } from "react-router";

import { wizardMeta } from "#app/components/wizard/wizard-meta.ts";
import { StepFrame } from "#app/components/wizard/step-frame.tsx";
import { formatUsPhone } from "#app/domain/phone.ts";
import { QUOTE_STEP_PATH, SEE_PLAN_LABEL } from "#app/domain/quote-request.ts";
import {
  aboutYouSchema,
  businessNameSchema,
  draftIndustry,
  emailSchema,
  firstIncompleteStep,
  industryStateSchema,
  primaryLocation,
  stepPath,
} from "#app/domain/wizard.ts";
import { getServices } from "#app/server/services.server.ts";
import { getDraft } from "#app/server/wizard/wizard-drafts.server.ts";

import type { Route } from "./+types/summary";

export const meta: Route.MetaFunction = () => wizardMeta("Your application");

/**
 * A complete application, read only (issue 8): what this browser's draft holds, which is what was
 * sent. An incomplete one goes to its first missing step instead.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { draft } = await getDraft(getServices(context), request);
  const missing = firstIncompleteStep(draft, new Date().getFullYear());
  if (missing) throw redirect(stepPath(missing));
  const { state } = industryStateSchema.parse(draft);
  const about = aboutYouSchema.parse(draft.aboutYou ?? {});
  const answers: Array<[string, string]> = [
    ["Industry", draftIndustry(draft)?.label ?? ""],
    ["State", state],
    ["Business type", (draft.segments ?? []).join(", ")],
    ["Email", emailSchema.parse(draft).email],
    ["Business name", businessNameSchema.parse(draft).businessName],
    ["Name", `${about.firstName} ${about.lastName}`],
    ["Phone number", formatUsPhone(about.phoneNumber)],
    ["Texts about products and services", about.consentToTexts ? "Yes" : "No"],
    ["Legal business name", about.legalBusinessName],
    ["Primary location", primaryLocation(about.streetAddress, about.unit)],
    [
      "Mailing address",
      about.sameAddress === "Yes" ? "Same as the primary location" : (about.mailingAddress ?? ""),
    ],
    ["Ownership structure", draft.ownership?.ownershipStructure ?? ""],
    ["Year the business started", draft.ownership?.startYear ?? ""],
  ];
  return { answers };
}

export default function Summary({ loaderData }: Route.ComponentProps) {
  return (
    <StepFrame
      step="questionnaire-3"
      title="Your application"
      intro={
        <p>This is what you sent us. To change anything, correct your answers and send again.</p>
      }
    >
      <dl className="divide-y divide-slate-200">
        {loaderData.answers.map(([label, value]) => (
          <div key={label} className="grid gap-1 py-3 sm:grid-cols-3 sm:gap-4">
            <dt className="font-semibold text-ink">{label}</dt>
            <dd className="text-ink sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-8 flex flex-wrap gap-3">
        <a
          href={QUOTE_STEP_PATH}
          className="inline-block rounded-lg bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          {SEE_PLAN_LABEL}
        </a>
        <a
          href="/business-wizard"
          className="inline-block rounded-lg border border-slate-300 px-6 py-3 font-semibold text-ink hover:bg-slate-50"
        >
          Correct my answers
        </a>
      </div>
    </StepFrame>
  );
}
