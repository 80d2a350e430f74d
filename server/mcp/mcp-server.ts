import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { Services } from "../compose";
import { registerActivityTools } from "./activity-tools";
import { registerOrgTools } from "./org-tools";
import { registerResources } from "./resources";
import { registerReviewTools } from "./review-tools";
import { registerServiceTools } from "./service-tools";
import { ToolTable } from "./tool-table";

/** What an agent is told first: the project's org in its generation's words, then how every tool behaves. */
const instructions = (
  org: string,
) => `Construct Studio edits the org of an AI-agent orchestrator, Construct. This project's: ${org}
Read with org_list, org_get, skills_list and graph_neighbours; check drafts with org_validate and the preview_* tools; access_reach says what a task that starts with one specialist can end up doing through handoffs and contracts, access_history which commits widened or narrowed it, and activity_summary and access_unused what Construct's agents really did (from its activity records) and which fence entries they never used.
Every change tool is a dry run unless called with apply: true, and applying needs the etag you read (org_get, or the dry run's result). A stale etag is refused as a conflict carrying the current record: read it again and redo the change.
The builtin and pack tiers are read-only: changes land in the project tier (or the user tier with scope: "user"); changing a builtin record writes a project override.
Nothing invalid is written: a refused call returns { ok: false, code, message, errors } with FieldErrors located by JSON pointer.
JSON Schemas of every file kind are the resources construct://schemas/<kind>; each record is construct://org/<kind>/<id>.`;

/** Element count above which a tool call's arguments are refused before they are parsed. */
const MAX_TOOL_INPUT_ELEMENTS = 200_000;

/** The MCP server over one project's services: tools and resources, no transport. */
export function createMcpServer(services: Services): McpServer {
  const server = new McpServer(
    { name: "construct-studio", version: services.paths.coreVersion },
    {
      capabilities: { tools: {}, resources: {} },
      instructions: instructions(services.paths.adapter.orgSummary),
    },
  );
  const tools = new ToolTable(server, MAX_TOOL_INPUT_ELEMENTS);
  registerOrgTools(tools, services);
  registerServiceTools(tools, services);
  registerReviewTools(tools, services);
  registerActivityTools(tools, services);
  tools.serve();
  registerResources(server, services);
  return server;
}
