/**
 * After the journeys: drops the PostgreSQL databases their servers ran on (server-process.ts), so
 * that a run leaves none behind; the template stays for the next run's start to replace.
 */
import { dropJourneyPostgres, JOURNEY_POSTGRES_URL } from "./server-process.ts";

export default async function globalTeardown(): Promise<void> {
  if (JOURNEY_POSTGRES_URL) await dropJourneyPostgres({ template: false });
}
