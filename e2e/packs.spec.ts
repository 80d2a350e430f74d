import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import yazl from "yazl";
import { ORIGIN, ROOT } from "./support";

/** A pack as a user would zip it: one top-level folder holding the manifest, org files and a prompt. */
function packZip(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  const manifest = {
    id: "e2e-research-pack",
    version: "1.0.0",
    compatVersion: ">=0.1.0",
    specialists: ["cx-e2e-librarian"],
    prompts: { "cx-e2e-librarian": "prompts/librarian.md" },
  };
  const librarian = {
    id: "cx-e2e-librarian",
    name: "e2e-librarian",
    role: "e2e-librarian",
    displayName: "Librarian",
    description: "Finds, weighs and files the sources the research team relies on.",
    modelTier: "standard",
    skills: ["research/evidence-gathering"],
    fence: { allowedPaths: ["docs/research/**"] },
    team: "research-team",
  };
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), "e2e-research-pack/pack.manifest.json");
  zip.addBuffer(
    Buffer.from(JSON.stringify(librarian, null, 2)),
    "e2e-research-pack/org/specialists/cx-e2e-librarian.json",
  );
  zip.addBuffer(
    Buffer.from("---\r\nrole: e2e-librarian\r\n---\r\n# Librarian\r\n\r\nFind the sources.\r\n"),
    "e2e-research-pack/prompts/librarian.md",
  );
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve(Buffer.concat(chunks)));
  });
}

test("install a pack from a zip through the packs page, enable it, and see its specialist and prompt provenance", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(`${ORIGIN}/packs`);
  await expect(page.getByRole("heading", { name: "Packs" })).toBeVisible();

  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "studio-pack-")), "e2e-research-pack.zip");
  writeFileSync(file, await packZip());
  await page.getByTestId("install-zip").setInputFiles(file);
  await expect(page.getByTestId("pack-preview-version-change")).toHaveText("new install");
  await page.getByTestId("pack-preview-confirm").click();
  await expect(page.getByTestId("install-message")).toContainText(
    "Installed e2e-research-pack@1.0.0 into .cx/packs/e2e-research-pack",
  );
  expect(existsSync(path.join(ROOT, ".cx", "packs", "e2e-research-pack", "pack.manifest.json"))).toBe(true);

  const row = page.getByTestId("pack-e2e-research-pack");
  await expect(row.getByTestId("pack-state")).toHaveText("disabled");
  await expect(row.getByTestId("pack-compat")).toHaveText("satisfied");
  await row.getByTestId("toggle-e2e-research-pack").click();
  await page.getByTestId("pack-preview-confirm").click();
  await expect(row.getByTestId("pack-state")).toHaveText("enabled");
  expect(JSON.parse(readFileSync(path.join(ROOT, ".cx", "packs.json"), "utf8")).enabled).toHaveProperty(
    "e2e-research-pack",
  );

  const provenance = page.getByTestId("provenance-cx-e2e-librarian");
  await expect(provenance).toContainText("pack e2e-research-pack");
  await expect(provenance.getByTestId("prompt-source")).toHaveText("e2e-research-pack");
  await expect(provenance).toContainText(".cx/packs/e2e-research-pack/prompts/librarian.md");

  await page.goto(`${ORIGIN}/`);
  const node = page.getByTestId("node-specialist:cx-e2e-librarian");
  await expect(node).toBeAttached();
  await expect(node.getByTestId("node-scope")).toHaveAttribute("data-scope", "pack");
  expect(errors).toEqual([]);
});

test("a zip that escapes its folder installs nothing", async ({ page }) => {
  await page.goto(`${ORIGIN}/packs`);
  const zip = new yazl.ZipFile();
  zip.addBuffer(
    Buffer.from(JSON.stringify({ id: "e2e-evil-pack", version: "1.0.0", compatVersion: "*" })),
    "pack.manifest.json",
  );
  // yazl will not write a "../" name, so the entry is renamed in the written bytes (same length).
  zip.addBuffer(Buffer.from("x"), "zz/escape.txt");
  zip.end();
  const bytes: Buffer = await new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on("data", (c: Buffer) => chunks.push(c)).on("end", () => resolve(Buffer.concat(chunks)));
  });
  const evil = Buffer.from(bytes.toString("latin1").split("zz/escape.txt").join("../escape1"), "latin1");
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), "studio-pack-")), "evil.zip");
  writeFileSync(file, evil);
  await page.getByTestId("install-zip").setInputFiles(file);
  await expect(page.getByTestId("install-message")).toContainText(/relative path|not installed|zip/i);
  expect(existsSync(path.join(ROOT, ".cx", "packs", "e2e-evil-pack"))).toBe(false);
  expect(existsSync(path.join(ROOT, ".cx", "escape1"))).toBe(false);
});

for (const [route, other, name] of [
  ["/packs", "/list", "List"],
  ["/embed", "/packs", "Packs"],
] as const) {
  test(`${route} fetches nothing for its header links until one is pointed at, then only that page`, async ({
    page,
  }) => {
    const prefetches: string[] = [];
    page.on("request", (r) => {
      if (r.headers()["next-router-prefetch"] === "1") prefetches.push(new URL(r.url()).pathname);
    });
    await page.goto(`${ORIGIN}${route}`);
    await page.waitForLoadState("networkidle");
    expect(prefetches).toEqual([]);
    const prefetched = page.waitForRequest(
      (r) => new URL(r.url()).pathname === other && r.headers()["next-router-prefetch"] === "1",
    );
    await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name, exact: true }).hover();
    await prefetched;
    await page.waitForLoadState("networkidle");
    // A prefetch may take more than one request (the route, then its data); all of them for that page.
    expect([...new Set(prefetches)]).toEqual([other]);
  });
}
