// Written by `npm run migrations:index` from the folder's files: do not edit by hand.
import type { Migration } from "kysely/migration";

import * as m0001 from "./0001-create-business-wizard-submissions.ts";
import * as m0002 from "./0002-wizard-drafts-and-consent-evidence.ts";
import * as m0003 from "./0003-create-contact-messages-and-callback-requests.ts";
import * as m0004 from "./0004-create-rate-limit-hits.ts";
import * as m0005 from "./0005-create-outbox.ts";
import * as m0006 from "./0006-create-operators-and-sessions.ts";
import * as m0007 from "./0007-create-wizard-funnel-daily.ts";
import * as m0008 from "./0008-index-submissions-by-creation.ts";
import * as m0009 from "./0009-create-resume-tokens.ts";
import * as m0010 from "./0010-create-mail-recipient-sends.ts";
import * as m0011 from "./0011-create-resume-requests.ts";
import * as m0012 from "./0012-create-submission-revisions.ts";
import * as m0013 from "./0013-create-quote-requests.ts";
import * as m0014 from "./0014-draft-lookup-columns-and-record-unit.ts";
import * as m0015 from "./0015-naics-and-webhook-deliveries.ts";
import * as m0016 from "./0016-keyset-indexes-for-the-lead-desk.ts";
import * as m0017 from "./0017-unproven-copies-and-quote-request-revisions.ts";
import * as m0018 from "./0018-working-owners-and-vehicles.ts";
import * as m0019 from "./0019-state-waitlist.ts";
import * as m0020 from "./0020-outbox-html-and-send-after.ts";
import * as m0021 from "./0021-step-ids-by-what-they-ask.ts";
import * as m0022 from "./0022-primary-location-parts.ts";
import * as m0023 from "./0023-lead-work-and-timeline.ts";
import * as m0024 from "./0024-lookups-for-possible-duplicates.ts";
import * as m0025 from "./0025-desk-email-templates.ts";
import * as m0026 from "./0026-operator-invitations-and-events.ts";
import * as m0027 from "./0027-trigram-search.ts";
import * as m0028 from "./0028-insurer-quotes.ts";
import * as m0029 from "./0029-visitor-declines.ts";
import * as m0030 from "./0030-request-documents.ts";
import * as m0031 from "./0031-request-questions.ts";
import * as m0032 from "./0032-bind-requests.ts";
import * as m0033 from "./0033-certificate-requests.ts";
import * as m0034 from "./0034-renewal-reminders.ts";
import * as m0035 from "./0035-renewal-requests.ts";
import * as m0036 from "./0036-contract-requirements.ts";
import * as m0037 from "./0037-visitor-language.ts";
import * as m0038 from "./0038-application-language.ts";
import * as m0039 from "./0039-waitlist-language.ts";
import * as m0040 from "./0040-login-request-language.ts";
import * as m0041 from "./0041-retirement-plan.ts";
import * as m0042 from "./0042-agency-mail-held-and-counted.ts";
import * as m0043 from "./0043-login-link-requests.ts";
import * as m0044 from "./0044-what-a-quote-proposes.ts";
import * as m0046 from "./0046-operator-roles.ts";
import * as m0047 from "./0047-producer-licenses.ts";
import * as m0048 from "./0048-binders-consent-and-declines.ts";
import * as m0049 from "./0049-customer-messages.ts";
import * as m0051 from "./0051-state-waitlist-told.ts";
import * as m0053 from "./0053-policy-changes.ts";
import * as m0055 from "./0055-certificates-drawn-and-holders.ts";
import * as m0056 from "./0056-template-languages.ts";
import * as m0057 from "./0057-renewal-windows.ts";

/**
 * Every migration, by name, in the order they apply. Never rename or change one that has been
 * applied; a new one is a new file, then `npm run migrations:index`.
 */
export const migrations: Record<string, Migration> = {
  "0001-create-business-wizard-submissions": m0001,
  "0002-wizard-drafts-and-consent-evidence": m0002,
  "0003-create-contact-messages-and-callback-requests": m0003,
  "0004-create-rate-limit-hits": m0004,
  "0005-create-outbox": m0005,
  "0006-create-operators-and-sessions": m0006,
  "0007-create-wizard-funnel-daily": m0007,
  "0008-index-submissions-by-creation": m0008,
  "0009-create-resume-tokens": m0009,
  "0010-create-mail-recipient-sends": m0010,
  "0011-create-resume-requests": m0011,
  "0012-create-submission-revisions": m0012,
  "0013-create-quote-requests": m0013,
  "0014-draft-lookup-columns-and-record-unit": m0014,
  "0015-naics-and-webhook-deliveries": m0015,
  "0016-keyset-indexes-for-the-lead-desk": m0016,
  "0017-unproven-copies-and-quote-request-revisions": m0017,
  "0018-working-owners-and-vehicles": m0018,
  "0019-state-waitlist": m0019,
  "0020-outbox-html-and-send-after": m0020,
  "0021-step-ids-by-what-they-ask": m0021,
  "0022-primary-location-parts": m0022,
  "0023-lead-work-and-timeline": m0023,
  "0024-lookups-for-possible-duplicates": m0024,
  "0025-desk-email-templates": m0025,
  "0026-operator-invitations-and-events": m0026,
  "0027-trigram-search": m0027,
  "0028-insurer-quotes": m0028,
  "0029-visitor-declines": m0029,
  "0030-request-documents": m0030,
  "0031-request-questions": m0031,
  "0032-bind-requests": m0032,
  "0033-certificate-requests": m0033,
  "0034-renewal-reminders": m0034,
  "0035-renewal-requests": m0035,
  "0036-contract-requirements": m0036,
  "0037-visitor-language": m0037,
  "0038-application-language": m0038,
  "0039-waitlist-language": m0039,
  "0040-login-request-language": m0040,
  "0041-retirement-plan": m0041,
  "0042-agency-mail-held-and-counted": m0042,
  "0043-login-link-requests": m0043,
  "0044-what-a-quote-proposes": m0044,
  "0046-operator-roles": m0046,
  "0047-producer-licenses": m0047,
  "0048-binders-consent-and-declines": m0048,
  "0049-customer-messages": m0049,
  "0051-state-waitlist-told": m0051,
  "0053-policy-changes": m0053,
  "0055-certificates-drawn-and-holders": m0055,
  "0056-template-languages": m0056,
  "0057-renewal-windows": m0057,
};
