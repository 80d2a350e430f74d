import { cpSync, mkdirSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices, type PlaywrightTestConfig } from "@playwright/test";
import { tempProject } from "../test/support/temp-project";

/**
 * What `playwright.config.ts` (npm test) and `playwright.conformance.config.ts` (npm run
 * test:conformance) share: the temporary project, the browser, and how a studio server starts.
 */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const MODEL_PORT = PORT + 2;
const baseURL = `http://127.0.0.1:${PORT}`;

// The config is evaluated in the runner and again in each worker; workers inherit the runner's
// environment, so the temporary project is made once and shared through it.
if (!process.env.E2E_ROOT) {
  const project = tempProject({
    prefix: "studio-e2e-",
    files: {
      ".cx/org/specialists/cx-architect.json": {
        description: "Project override: the architect of this repository, who keeps its module boundaries honest.",
      },
      ".cx/org/teams/broken-team.json": '{ "id": "broken-team", "name": ',
      // Something for the embed capabilities' directory provider to read.
      "incidents/checkout-errors.md":
        "# Checkout errors\n\nSince 14:00, 3% of checkout requests fail with 502 from the payment gateway.\n",
    },
  });
  mkdirSync(project.xdg);
  process.env.E2E_ROOT = project.root;
  process.env.E2E_HOME = project.home;
  process.env.E2E_XDG = project.xdg;
}

export const E2E_ROOT = process.env.E2E_ROOT as string;

/** A project holding a copy of `orgDir` as its project tier (the upstream org, which we did not write). */
export function projectWithOrg(envName: string, orgDir: string): string {
  if (!process.env[envName]) {
    const { root } = tempProject({ prefix: "studio-e2e-upstream-" });
    cpSync(orgDir, path.join(root, ".cx", "org"), { recursive: true });
    process.env[envName] = root;
  }
  return process.env[envName] as string;
}

export const studioServer = (port: number, root: string, extraEnv: Record<string, string> = {}) => ({
  command: "node scripts/start.mjs",
  url: `http://127.0.0.1:${port}/api/health`,
  reuseExistingServer: false,
  timeout: 180_000,
  stdout: "pipe" as const,
  stderr: "pipe" as const,
  // `npm test` builds first; two servers building at once would clobber each other's .next.
  env: {
    PORT: String(port),
    HOST: "127.0.0.1",
    CONSTRUCT_ROOT: root,
    CONSTRUCT_HOME: process.env.E2E_HOME as string,
    XDG_CONFIG_HOME: process.env.E2E_XDG as string,
    NEXT_TELEMETRY_DISABLED: "1",
    CONSTRUCT_SKIP_BUILD: "1",
    ...extraEnv,
  },
});

/** The project of our own making, with a stand-in model provider for embed ticks. */
export const mainServers = [
  {
    command: `node e2e/stand-in-model.mjs ${MODEL_PORT}`,
    url: `http://127.0.0.1:${MODEL_PORT}/requests`,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: "pipe" as const,
  },
  studioServer(PORT, E2E_ROOT, {
    CONSTRUCT_MODEL_BASE_URL: `http://127.0.0.1:${MODEL_PORT}/v1`,
    CONSTRUCT_MODEL: "stand-in",
  }),
];

export function studioConfig(config: PlaywrightTestConfig) {
  return defineConfig({
    testDir: "./e2e",
    timeout: 60_000,
    expect: { timeout: 15_000 },
    workers: 1,
    retries: 0,
    forbidOnly: !!process.env.CI,
    reporter: [["list"]],
    use: { baseURL, trace: "off", screenshot: "only-on-failure" },
    projects: [
      {
        name: "debian-chromium",
        use: {
          ...devices["Desktop Chrome"],
          launchOptions: {
            executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
            args: [
              "--no-sandbox",
              "--disable-gpu",
              "--disable-dev-shm-usage",
              "--disable-quic",
              "--no-first-run",
              "--disable-background-networking",
              "--disable-component-update",
              "--disable-sync",
              "--disable-default-apps",
              "--disable-domain-reliability",
              "--disable-client-side-phishing-detection",
              "--metrics-recording-only",
            ],
          },
        },
      },
    ],
    ...config,
  });
}
