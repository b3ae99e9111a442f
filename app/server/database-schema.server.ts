import type { ColumnType, Generated } from "kysely";

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** A row of business_wizard_submissions: the spec's submission record (SPEC section 3). */
export interface BusinessWizardSubmissionsTable {
  id: Generated<string>;
  industry: string;
  state: string;
  segments: string[];
  email: string;
  business_name: string | null;
  first_name: string | null;
  last_name: string | null;
  phone_number: string | null;
  consent_to_texts: boolean | null;
  legal_business_name: string | null;
  primary_location: string | null;
  same_address: string | null;
  mailing_address: string | null;
  ownership_structure: string | null;
  start_year: string | null;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
}

/** Every table the app reads or writes, for Kysely's types. */
export interface DatabaseSchema {
  business_wizard_submissions: BusinessWizardSubmissionsTable;
}
