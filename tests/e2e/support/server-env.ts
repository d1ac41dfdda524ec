// Where the browser tests' server runs; shared by playwright.config.ts and the specs.
export const E2E_PORT = 3107;
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = ".tmp/e2e-data";
