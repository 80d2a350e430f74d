import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { idProblem } from "@/schemas/common";
import { FILE_KIND_SPECS, FILE_KINDS, fileJsonSchema } from "@/schemas/file-kinds";
import { ENTITY_KINDS, type EntityKind } from "@/schemas/kinds";
import type { Services } from "../compose";
import { isAppError } from "../errors";

/** MCP's code for a resource that does not exist (the spec's -32002). */
const RESOURCE_NOT_FOUND = -32002;

/** What a person calls the record: its display name or name, else its id. */
function titleOf(record: Record<string, unknown>, id: string): string {
  for (const key of ["displayName", "name"]) {
    const value = record[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  return id;
}

/** Completions for what was typed: names that start with it first, then names that contain it. */
function matching(names: readonly string[], typed: string): string[] {
  const want = typed.toLowerCase();
  const later = (name: string) => Number(!name.toLowerCase().startsWith(want));
  return names
    .filter((name) => name.toLowerCase().includes(want))
    .sort((a, b) => later(a) - later(b) || a.localeCompare(b));
}

export function registerResources(server: McpServer, services: Services): void {
  for (const kind of FILE_KINDS) {
    const uri = `construct://schemas/${kind}`;
    server.registerResource(
      `schema-${kind}`,
      uri,
      {
        title: FILE_KIND_SPECS[kind].title,
        description: `JSON Schema of a ${kind} file (${FILE_KIND_SPECS[kind].fileMatch.join(", ")})`,
        mimeType: "application/schema+json",
      },
      async () => ({
        contents: [{ uri, mimeType: "application/schema+json", text: JSON.stringify(fileJsonSchema(kind), null, 2) }],
      }),
    );
  }

  server.registerResource(
    "org-entity",
    new ResourceTemplate("construct://org/{kind}/{id}", {
      list: async () => {
        const resources = [];
        for (const kind of services.paths.adapter.kinds) {
          for (const item of (await services.org.listEntities(kind)).items)
            resources.push({
              uri: `construct://org/${kind}/${item.id}`,
              name: `${kind}/${item.id}`,
              title: `${titleOf(item.record, item.id)} (${kind})`,
              mimeType: "application/json",
              description: `${item.scope} ${kind}, ${item.path}`,
            });
        }
        return { resources };
      },
      complete: {
        kind: (typed) => matching(services.paths.adapter.kinds, typed),
        id: async (typed, context) => {
          const asked = context?.arguments?.kind as EntityKind | undefined;
          const own = services.paths.adapter.kinds;
          const kinds = asked && own.includes(asked) ? [asked] : own;
          const ids = [];
          for (const kind of kinds) for (const item of (await services.org.listEntities(kind)).items) ids.push(item.id);
          return matching([...new Set(ids)], typed);
        },
      },
    }),
    {
      title: "An org record",
      description: "One record of the merged org, with its etag, tier and file",
      mimeType: "application/json",
    },
    async (uri, variables) => {
      const kind = String(variables.kind) as EntityKind;
      const id = String(variables.id);
      if (!ENTITY_KINDS.includes(kind))
        throw new McpError(
          ErrorCode.InvalidParams,
          `unknown kind "${kind.slice(0, 40)}": use ${ENTITY_KINDS.join(", ")}`,
        );
      const problem = idProblem(id);
      if (problem) throw new McpError(ErrorCode.InvalidParams, problem);
      // A kind of another generation is not in this one: said as the other surfaces say it.
      const row = await services.org.getEntity(kind, id).catch((error: unknown) => {
        if (isAppError(error)) throw new McpError(ErrorCode.InvalidParams, `${error.code}: ${error.message}`);
        throw error;
      });
      if (!row) throw new McpError(RESOURCE_NOT_FOUND, `${kind} "${id}" does not exist`);
      const body = { record: row.record, etag: row.etag, scope: row.scope, path: row.path, errors: row.errors };
      return { contents: [{ uri: uri.href, mimeType: "application/json", text: JSON.stringify(body, null, 2) }] };
    },
  );
}
