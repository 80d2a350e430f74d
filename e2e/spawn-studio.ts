// The bench and scripts/screenshots.ts start their studios from here; the code is the tests' own.
export { APP_DIR, assertPortFree, type Studio, startStudio } from "../test/support/processes";
