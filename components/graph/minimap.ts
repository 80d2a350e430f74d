import type { OrgNode } from "./graph-types";

/**
 * The minimap's colours, one per node kind, as CSS variables (set in app/globals.css for each
 * theme): boxes read as groups, teams and specialists, not as grey bars.
 */
export const minimapColor = (node: OrgNode) => `var(--minimap-${node.type}, #cbd5e1)`;
export const minimapStroke = (node: OrgNode) => `var(--minimap-${node.type}-stroke, transparent)`;
