import type { ReactNode } from "react";
import { statusBadgeClass } from "@/components/org/status-tone";
import { AppHeader } from "@/components/shell/app-header";
import { ConstructBadge, WorkspacePreset } from "@/components/shell/construct-badge";
import { statusText, uniqueProblems } from "@/lib/org/problem-counts";
import type { PageHref } from "@/lib/shell/pages";
import { constructStatus } from "@/server/construct/status";
import { gitIgnoreStatus, orgApi } from "@/server/services";

/** Every page but the editor: the shared header, its badge counting what the editor's badge counts. */
export async function PageShell({ current, children }: { current: PageHref; children: ReactNode }) {
  const api = orgApi();
  const [validation, ignore] = await Promise.all([
    api.validateAll().catch(() => null),
    gitIgnoreStatus().catch(() => null),
  ]);
  const problems = uniqueProblems(
    api.paths.construct.problems,
    validation?.problems ?? [],
    ignore?.problem ? [ignore.problem] : [],
  );
  return (
    <>
      <AppHeader
        current={current}
        root={api.paths.root}
        construct={<ConstructBadge construct={constructStatus(api.paths)} />}
        projectSettings={<WorkspacePreset preset={api.paths.construct.workspacePreset} />}
        status={
          <a
            href="/list?problems=1"
            data-testid="org-status"
            title="List the records with problems"
            className={statusBadgeClass(problems)}
          >
            {validation ? statusText(problems) : "org not validated"}
          </a>
        }
      />
      {children}
    </>
  );
}
