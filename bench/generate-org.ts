import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { bySection, type EntityRecord, type Section } from "@/schemas/kinds";

/**
 * A synthetic org of `specialists` specialists for the benchmark, written as one file per entity
 * into a project tier. Deterministic (no randomness: the same size gives the same bytes), and
 * valid against the app's validator: every team, group, role, skill and policy it names exists.
 *
 * Shape: teams of TEAM_SIZE specialists, groups of GROUP_SIZE teams; each specialist produces
 * CONTRACTS_EACH contracts for specialists of its own or the next team, hands off to two
 * teammates and one specialist of the next team; each team escalates to its own owner, then its
 * group's owner, then the orchestrator.
 */

export const TEAM_SIZE = 10;
export const GROUP_SIZE = 10;
export const CONTRACTS_EACH = 3;

/** Skills and policies of the built-in tier, so the synthetic records reference real ones. */
const SKILLS = [
  "development/refactoring",
  "development/testing-strategy",
  "architecture/api-design",
  "quality/code-review",
  "operations/runbook-writing",
  "research/evidence-gathering",
];
const DECISIONS = ["implementation-approach", "architecture", "code-review"];
const FORBIDDEN = ["deployment-timing", "product-scope"];

const pad = (n: number, width: number) => String(n).padStart(width, "0");
export const specialistId = (i: number) => `cx-s${pad(i, 5)}`;
const roleOf = (i: number) => `s${pad(i, 5)}`;
const teamId = (t: number) => `team-${pad(t, 4)}`;
const groupId = (g: number) => `group-${pad(g, 3)}`;

export type SyntheticOrg = Record<Section, EntityRecord[]>;

/** The records of the synthetic org, in memory. Specialists are numbered from 1. */
export function syntheticOrg(specialists: number): SyntheticOrg {
  const teams = Math.ceil(specialists / TEAM_SIZE);
  const groups = Math.ceil(teams / GROUP_SIZE);
  const teamOf = (i: number) => Math.floor((i - 1) / TEAM_SIZE) + 1;
  const groupOf = (t: number) => Math.floor((t - 1) / GROUP_SIZE) + 1;
  const firstOf = (t: number) => (t - 1) * TEAM_SIZE + 1;
  const lastOf = (t: number) => Math.min(t * TEAM_SIZE, specialists);
  /** The specialist `k` places after `i` inside its own team, wrapping around. */
  const teammate = (i: number, k: number) => {
    const t = teamOf(i);
    const size = lastOf(t) - firstOf(t) + 1;
    return firstOf(t) + ((i - firstOf(t) + k) % size);
  };
  /** The specialist at the same place in the next team (the first team follows the last). */
  const neighbour = (i: number) => {
    const t = (teamOf(i) % teams) + 1;
    return Math.min(firstOf(t) + (i - firstOf(teamOf(i))), lastOf(t));
  };
  const teamOwner = (t: number) => roleOf(firstOf(t));
  const groupOwner = (g: number) => teamOwner((g - 1) * GROUP_SIZE + 1);

  const org: SyntheticOrg = bySection(() => []);

  for (let g = 1; g <= groups; g++) {
    const squads = Array.from(
      { length: Math.min(GROUP_SIZE, teams - (g - 1) * GROUP_SIZE) },
      (_, k) => (g - 1) * GROUP_SIZE + k + 1,
    );
    org.groups.push({
      id: groupId(g),
      kind: "group",
      name: `Group ${g}`,
      owner: groupOwner(g),
      roles: squads.map(teamOwner),
      squads: squads.map(teamId),
      decisionRights: DECISIONS,
      forbiddenDecisions: FORBIDDEN,
      escalationPath: [groupOwner(g), "orchestrator"],
      charter: `Synthetic group ${g}: ${squads.length} teams that share an owner and a release train.`,
    });
  }

  for (let t = 1; t <= teams; t++) {
    const members = Array.from({ length: lastOf(t) - firstOf(t) + 1 }, (_, k) => firstOf(t) + k);
    const owner = teamOwner(t);
    const up = groupOwner(groupOf(t));
    org.teams.push({
      id: teamId(t),
      kind: "squad",
      groupId: groupId(groupOf(t)),
      name: `Team ${t}`,
      owner,
      roles: members.map(roleOf),
      specialists: members.map(specialistId),
      decisionRights: DECISIONS,
      forbiddenDecisions: FORBIDDEN,
      escalationPath: up === owner ? [owner, "orchestrator"] : [owner, up, "orchestrator"],
      charter: `Synthetic team ${t}: builds and owns the services of area ${t}, with ${members.length} specialists.`,
      contact: { slack: `#team-${t}`, email: `team-${t}@example.com`, owner },
    });
  }

  for (let i = 1; i <= specialists; i++) {
    const t = teamOf(i);
    const handoffs = [...new Set([teammate(i, 1), teammate(i, 2), neighbour(i)])].filter((j) => j !== i).map(roleOf);
    org.specialists.push({
      id: specialistId(i),
      name: roleOf(i),
      role: roleOf(i),
      displayName: `Specialist ${i}`,
      description: `Synthetic specialist ${i} of team ${t}: implements, tests and documents the changes its team owns.`,
      when_to_use: `Route here for work on area ${t}: features, fixes and reviews of the services that team ${t} owns.`,
      modelTier: (["fast", "standard", "reasoning"] as const)[i % 3],
      reasoningEffort: "medium",
      skills: [SKILLS[i % SKILLS.length], SKILLS[(i + 1) % SKILLS.length]],
      events: [`area-${t}.requested`, `area-${t}.fix.requested`],
      fence: {
        allowedPaths: [`src/area-${t}/**`, `test/area-${t}/**`, "docs/**"],
        allowedCommands: ["npm test", "npm run build", "git status", "git diff"],
        approvalRequired: ["commit", "push", "edit:package.json"],
      },
      handoffCandidates: handoffs,
      team: teamId(t),
      groupId: groupId(groupOf(t)),
    });
    const consumers = [teammate(i, 1), neighbour(i), teammate(i, 3)];
    consumers.slice(0, CONTRACTS_EACH).forEach((j, k) => {
      const from = teamId(t);
      const to = teamId(teamOf(j));
      org.contracts.push({
        id: `c-${roleOf(i)}-${k + 1}`,
        description: `Specialist ${i} hands specialist ${j} a change of area ${t} to build on.`,
        producer: specialistId(i),
        consumer: specialistId(j),
        trigger: { always: true },
        input: { mustContain: ["summary", "filesChanged", "acceptanceCriteria"] },
        output: { type: "report", mustContain: ["verdict", "notes"], mustMatchEnum: { verdict: ["PASS", "FAIL"] } },
        preconditions: ["The change builds and its own tests pass"],
        postconditions: [
          {
            id: `c-${roleOf(i)}-${k + 1}-pc-0`,
            description: "The report lists each checked case.",
            postconditionType: "executable",
            check: "artifact-has-table",
          },
          {
            id: `c-${roleOf(i)}-${k + 1}-pc-1`,
            description: "A FAIL verdict blocks the change.",
            postconditionType: "advisory",
          },
        ],
        teamBoundary:
          from === to
            ? { crosses: false }
            : { crosses: true, producerTeam: from, consumerTeam: to, requiresApprovalFrom: [] },
      });
    });
  }
  return org;
}

export type WrittenOrg = { root: string; files: number; bytes: number; counts: Record<Section, number> };

/** Writes the synthetic org into `<root>/.cx/org/<section>/<id>.json`, formatted as the app writes files. */
export function writeSyntheticOrg(root: string, specialists: number): WrittenOrg {
  const org = syntheticOrg(specialists);
  let files = 0;
  let bytes = 0;
  const counts = {} as Record<Section, number>;
  for (const section of Object.keys(org) as Section[]) {
    const dir = path.join(root, ".cx", "org", section);
    counts[section] = org[section].length;
    // An empty folder still says which Construct the project runs on (worker-profiles/ means 2.x).
    if (org[section].length > 0) mkdirSync(dir, { recursive: true });
    for (const record of org[section]) {
      const text = `${JSON.stringify(record, null, 2)}\n`;
      writeFileSync(path.join(dir, `${record.id as string}.json`), text);
      files++;
      bytes += Buffer.byteLength(text);
    }
  }
  return { root, files, bytes, counts };
}

/**
 * A synthetic Construct 2.x project tier: `profiles` custom worker profiles written as Construct
 * 2.1.1's `worker-profile create` writes them, each with its prompt, handing off to the next two.
 * The project needs the package installed beside it (its registry is the built-in tier).
 */
export function writeSyntheticProfiles(root: string, profiles: number): WrittenOrg {
  const org = path.join(root, ".construct", "org");
  const dir = path.join(org, "worker-profiles");
  mkdirSync(dir, { recursive: true });
  mkdirSync(path.join(org, "prompts"), { recursive: true });
  const id = (i: number) => `worker-${pad(((i - 1) % profiles) + 1, 5)}`;
  let bytes = 0;
  for (let i = 1; i <= profiles; i++) {
    const record = {
      name: id(i),
      displayName: `Worker ${i}`,
      description: `Synthetic worker ${i}: implements, tests and documents the changes of area ${i}.`,
      role: id(i),
      modelTier: (["fast", "standard", "strong"] as const)[i % 3],
      skills: [SKILLS[i % SKILLS.length]],
      fence: { allowedPaths: [`src/area-${i}/**`, "docs/**"], approvalRequired: ["commit", "push"] },
      claudeTools: "Read,Grep,Glob,LS",
      promptFile: `.construct/org/prompts/${id(i)}.md`,
      handoffCandidates: profiles > 2 ? [id(i + 1), id(i + 2)] : [],
      internal: true,
      custom: true,
    };
    const text = `${JSON.stringify(record, null, 2)}\n`;
    writeFileSync(path.join(dir, `${id(i)}.json`), text);
    writeFileSync(path.join(org, "prompts", `${id(i)}.md`), `# ${id(i)}\n\nRole: ${id(i)}\n`);
    bytes += Buffer.byteLength(text);
  }
  const counts = bySection(() => 0);
  counts["worker-profiles"] = profiles;
  return { root, files: profiles, bytes, counts };
}
