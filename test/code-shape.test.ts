import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Structural rules a reviewer would otherwise have to remember: small files, one import path per
// name, components that read shared state instead of taking it as a long list of props.

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const PRODUCTION = ["app", "components", "lib", "schemas", "server"];
const isSource = (name: string) => /\.(ts|tsx)$/.test(name) && !/\.(test|spec)\.tsx?$|\.fixture\.ts$/.test(name);

function files(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    if (name === "node_modules" || name.startsWith(".") || name === "test-support") continue;
    const rel = path.join(dir, name);
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...files(rel));
    else if (isSource(name)) out.push(rel);
  }
  return out;
}

const production = PRODUCTION.flatMap(files);
const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** Props a function component declares in its first parameter's type literal, by component name. */
function componentProps(file: string): [string, number][] {
  const source = ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: [string, number][] = [];
  const aliases = new Map<string, ts.TypeNode>();
  const collect = (node: ts.Node) => {
    if (ts.isTypeAliasDeclaration(node)) aliases.set(node.name.text, node.type);
    ts.forEachChild(node, collect);
  };
  collect(source);
  const literal = (type: ts.TypeNode | undefined) =>
    type && ts.isTypeReferenceNode(type) && ts.isIdentifier(type.typeName) ? aliases.get(type.typeName.text) : type;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && /^[A-Z]/.test(node.name.text)) {
      const type = literal(node.parameters[0]?.type);
      if (type && ts.isTypeLiteralNode(type)) out.push([node.name.text, type.members.length]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe("code shape", () => {
  it("reads the production sources", () => {
    expect(production.length).toBeGreaterThan(200);
  });

  it("no production file is longer than 300 lines", () => {
    const long = production.filter((f) => read(f).split("\n").length > 300);
    expect(long).toEqual([]);
  });

  it("each exported name has one import path: no re-exports, except the one lazily loaded parse chunk", () => {
    const reexports = production.filter(
      (f) => f !== path.join("lib", "api", "parse.ts") && /^export (type )?(\*|\{[^}]*\}) from /m.test(read(f)),
    );
    expect(reexports).toEqual([]);
  });

  // A leaf control's props are an <input>'s attributes (id, value, onChange, onBlur, placeholder, …).
  const LEAF_CONTROLS = new Set(["TagInput"]);

  it("no component takes more than 8 props, leaf form controls aside", () => {
    const components = production
      .filter((f) => f.endsWith(".tsx"))
      .flatMap((f) => componentProps(f).map(([name, n]) => ({ f, name, n })));
    expect(components.length).toBeGreaterThan(30);
    expect(components.filter((c) => c.n > 8 && !LEAF_CONTROLS.has(c.name))).toEqual([]);
  });

  it("counts props from a component's parameter type", () => {
    const file = path.join("components", "forms", "fence-panel.tsx");
    expect(componentProps(file)).toContainEqual(["FencePanel", 7]);
  });
});
