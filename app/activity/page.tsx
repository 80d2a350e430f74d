import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ActivityFilterForm, ActivityPager } from "@/components/activity/activity-filter-form";
import { ChainVerdicts } from "@/components/activity/chain-verdicts";
import { FindingsList } from "@/components/activity/findings-list";
import { LiveActivity } from "@/components/activity/live-activity";
import { OtherAgents, ProfileStats } from "@/components/activity/profile-stats";
import { TimelineTable } from "@/components/activity/timeline-table";
import {
  ACTIVITY_PAGE_SIZE,
  activityHref,
  pageOfTimeline,
  parseActivityFilter,
  profileChoices,
} from "@/lib/activity-view/filter";
import { pageName } from "@/lib/shell/pages";
import type { ActivityFinding, ActivitySummary } from "@/schemas/activity";
import { isAppError } from "@/server/errors";
import { activityService, orgApi } from "@/server/services";
import { PageShell } from "../_shell/page-shell";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: pageName("/activity") };

type Params = Record<string, string | string[] | undefined>;

export default async function ActivityPage({ searchParams }: { searchParams: Promise<Params> }) {
  const params = await searchParams;
  const filter = parseActivityFilter(params);
  if (Object.values(params).some((v) => v === "")) redirect(activityHref(filter));
  const absent = orgApi().paths.adapter.absent.activity;
  let summary: ActivitySummary | null = null;
  let refused: string | null = absent ?? null;
  if (!absent) {
    try {
      summary = await activityService().summary({
        since: filter.since,
        profile: filter.profile,
        tool: filter.tool,
        path: filter.path,
        limit: filter.page * ACTIVITY_PAGE_SIZE,
      });
    } catch (error) {
      // A window or filter the service refuses is said on the page, with the form to fix it.
      if (!isAppError(error) || error.code !== "bad_request") throw error;
      refused = error.message;
    }
  }
  return (
    <PageShell current="/activity">
      <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-6 py-8">
        <header className="mb-4">
          <h1 className="text-2xl font-semibold">{pageName("/activity")}</h1>
          <p className="text-sm text-muted">
            What Construct's agents did, from the records it writes while it works: the hash chain's verdict, breaches
            of a fence, and each worker profile's dispatches and edits.
          </p>
        </header>
        {absent ? (
          <p data-testid="activity-absent" className="text-sm">
            Not in this project's Construct: {absent}.
          </p>
        ) : (
          <>
            <ActivityFilterForm filter={filter} profiles={profileChoices(summary?.profiles ?? [], filter.profile)} />
            {refused && (
              <p role="alert" data-testid="activity-refused" className="mb-4 text-sm text-red-700 dark:text-red-400">
                {refused}
              </p>
            )}
            {summary && <ActivityBody summary={summary} filter={filter} />}
            <LiveActivity since={filter.since} />
          </>
        )}
      </main>
    </PageShell>
  );
}

const of = (findings: ActivityFinding[], id: ActivityFinding["id"]) => findings.filter((f) => f.id === id);

function ActivityBody({
  summary,
  filter,
}: {
  summary: ActivitySummary;
  filter: ReturnType<typeof parseActivityFilter>;
}) {
  const { findings } = summary;
  const shown = pageOfTimeline(summary.timeline, filter.page, summary.matched);
  return (
    <>
      <ChainVerdicts trails={summary.trails} />
      <FindingsList
        title="Breaches of a fence"
        findings={of(findings, "activity-breach")}
        severity="error"
        testId="breaches"
      />
      <FindingsList
        title="Agents the org does not know"
        findings={of(findings, "activity-unknown-agent")}
        severity="warning"
        testId="unknown-agents"
      />
      <section className="mb-8" aria-labelledby="timeline-heading">
        <h2 id="timeline-heading" className="mb-2 text-lg font-semibold">
          Timeline <span className="text-sm font-normal text-muted">since {summary.window.since.slice(0, 10)}</span>
        </h2>
        <ActivityPager filter={filter} pages={shown.pages} from={shown.from} to={shown.to} matched={summary.matched} />
        {shown.rows.length > 0 && <TimelineTable rows={shown.rows} />}
      </section>
      <ProfileStats profiles={summary.profiles} filter={filter} />
      <OtherAgents others={summary.others} />
      <FindingsList
        title="Fence entries never used"
        findings={of(findings, "access-unused")}
        severity="info"
        testId="unused-access"
        folded
      />
      <FindingsList
        title="Idle worker profiles"
        findings={of(findings, "profile-idle")}
        severity="info"
        testId="idle-profiles"
        rest="the worker profiles table above marks each idle one"
      />
      {summary.notes.length > 0 && (
        <FindingsList
          title="Lines read past"
          findings={summary.notes.map((n) => ({
            id: "activity-chain-broken",
            severity: "warning",
            message: n.message,
            profile: null,
            at: n.line === null ? null : { file: n.file, line: n.line },
            rule: null,
            ts: null,
          }))}
          severity="warning"
          testId="activity-notes"
        />
      )}
    </>
  );
}
