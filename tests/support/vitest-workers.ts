/**
 * Set for the test files that share their worker's modules (vitest.config.ts): they share its
 * databases too (tests/support/databases.ts), emptied for each test, and the run's teardown
 * removes them (tests/support/vitest-global-setup.ts).
 */
export const DATABASES_PER_WORKER_ENV = "TEST_DATABASES_PER_WORKER";
