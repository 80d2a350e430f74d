import type { NodeProps } from "@xyflow/react";
import { memo } from "react";
import { nodeSpec } from "@/schemas/node-kinds";
import type { OrgNode } from "../graph-types";
import { FoldButton } from "./fold-button";
import { NodeChrome } from "./node-chrome";
import { NodeLines, nodeSecondLine, nodeSkin } from "./node-look";

/**
 * A team, a group or a tier: a box holding its members (specialists, teams, worker profiles), or folded
 * to a card with what it holds. They differ only in colours and wording, all in their specs.
 */
function BoxNodeView({ data, selected }: NodeProps<OrgNode>) {
  const { kind } = data;
  return (
    <NodeChrome
      data={data}
      selected={selected}
      connectable={false}
      className={nodeSkin(kind, !!data.members && !data.collapsed)}
    >
      <FoldButton data={data} />
      <NodeLines
        kind={kind}
        name={data.label}
        line={nodeSecondLine(data, data.memberText)}
        chevron={!!data.members}
        lineTestId="member-count"
        nameTitle={nodeSpec(kind).help?.[data.entityId]}
      />
    </NodeChrome>
  );
}

export const BoxNode = memo(BoxNodeView);
