import { type OrgRecords, SECTIONS, type Section } from "@/schemas/kinds";
import { isObject, type SpecialistView } from "@/schemas/views";

// `withDraft` layers changed buckets over the base, so checking an edit costs what it touches.

const BUCKETS = [
  "membersByTeam", // team id → specialists whose `team` is it
  "holdersByRole", // role → specialists with that role
  "claimsByRole", // role → teams/groups listing it in `roles`
  "specialistsByName",
  "handoffsByRole", // role → specialists naming it in `handoffCandidates`
  "handoffsByBaseRole", // role → specialists handing off to a flavor of it (`product-manager.platform`)
  "escalationsByRole", // role → teams/groups naming it in `escalationPath`
  "contractsByParty", // party → contracts naming it as producer or consumer
  "contractsByTeam", // team id → contracts naming it in `teamBoundary`
  "teamsByPolicy", // policy id → teams/groups naming it in decision rights or forbidden decisions
  "policiesByRef", // team/policy id → policies naming it as owner or approver
  "groupsBySquad", // team id → groups listing it in `squads`
  "teamsByListedMember", // specialist id → teams listing it in `specialists`
  "byGroupId", // group id → teams and specialists naming it in `groupId`
  "profilesByRole", // role → worker profiles holding it
  "profileHandoffs", // role or id → worker profiles naming it in `handoffCandidates`
] as const;
type BucketName = (typeof BUCKETS)[number];

/** Teams and groups sit side by side in buckets, so refs carry their section. */
export type Ref = `${Section}/${string}`;
export const ref = (section: Section, id: string): Ref => `${section}/${id}`;
export function splitRef(r: Ref): [Section, string] {
  const slash = r.indexOf("/");
  return [r.slice(0, slash) as Section, r.slice(slash + 1)];
}

export interface ReadMap<V> {
  get(key: string): V | undefined;
  has(key: string): boolean;
  entries(): Iterable<[string, V]>;
}

const REMOVED = Symbol("removed");

class LayeredMap<V> implements ReadMap<V> {
  readonly layer = new Map<string, V | typeof REMOVED>();
  constructor(private readonly base: ReadMap<V>) {}
  get(key: string): V | undefined {
    if (this.layer.has(key)) {
      const v = this.layer.get(key);
      return v === REMOVED ? undefined : (v as V);
    }
    return this.base.get(key);
  }
  has(key: string): boolean {
    return this.get(key) !== undefined;
  }
  set(key: string, value: V | undefined): void {
    this.layer.set(key, value === undefined ? REMOVED : value);
  }
  *entries(): Iterable<[string, V]> {
    for (const [key, value] of this.base.entries()) if (!this.layer.has(key)) yield [key, value];
    for (const [key, value] of this.layer) if (value !== REMOVED) yield [key, value as V];
  }
}

export type SectionRecord<S extends Section = Section> = OrgRecords[S][string];
export type AnyRecord = SectionRecord;

export type OrgIndex = {
  records: { [S in Section]: ReadMap<SectionRecord<S>> };
  buckets: Record<BucketName, ReadMap<readonly Ref[]>>;
  skills?: ReadonlySet<string>;
  /** "unknown" when the caller cannot look at the disk. */
  schemaFileExists?: SchemaFileLookup;
  /** Records read from Construct 2.x's package registry, judged by its registry rules, not as custom records. */
  registry?: ReadonlySet<Ref>;
  /** Whether a worker profile's `promptFile` exists under the project root; absent when the disk is out of reach. */
  promptFileExists?: (file: string) => boolean;
};

/** What only the server knows about an org: where its records came from and what is on disk. */
export type IndexContext = Pick<OrgIndex, "registry" | "promptFileExists">;

export type SchemaFileLookup = (contractId: string, schemaPath: string) => boolean | "unknown";

/** An empty string names nothing. */
const str = (v: string | undefined): string | undefined => (v ? v : undefined);
const strs = (v: readonly string[] | undefined): string[] => (v ? v.filter((x) => x.length > 0) : []);

/** Construct mirrors `team` and `teamId` into each other. */
const teamOf = (s: SpecialistView): string | undefined => str(s.team) ?? str(s.teamId);

type Visit = (bucket: BucketName, key: string) => void;

/** Lists are short, so no Set is built. */
function visitDistinct(bucket: BucketName, keys: readonly (string | undefined)[], visit: Visit): void {
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    if (key && (i === 0 || keys.indexOf(key) === i)) visit(bucket, key);
  }
}

function visitOne(bucket: BucketName, key: string | undefined, visit: Visit): void {
  if (key) visit(bucket, key);
}

// The index reads the few fields it files by straight from the raw record: a whole view per record
// costs more than the rest of the load beyond reading the files. Each read keeps a view's rule: a
// mistyped value is dropped, and an empty string names nothing.
const field = (rec: Record<string, unknown>, key: string): string | undefined => {
  const v = rec[key];
  return typeof v === "string" && v ? v : undefined;
};
const fields = (rec: Record<string, unknown>, key: string): string[] => {
  const v = rec[key];
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string" && x.length > 0) : [];
};

function eachContribution(section: Section, rec: AnyRecord, visit: Visit): void {
  if (!isObject(rec)) return;
  const raw: Record<string, unknown> = rec;
  switch (section) {
    case "specialists": {
      const handoffs = fields(raw, "handoffCandidates");
      visitOne("membersByTeam", field(raw, "team") ?? field(raw, "teamId"), visit);
      visitOne("holdersByRole", field(raw, "role"), visit);
      visitOne("specialistsByName", field(raw, "name"), visit);
      visitDistinct("handoffsByRole", handoffs, visit);
      const flavored = handoffs.filter((r) => r.includes("."));
      if (flavored.length)
        visitDistinct(
          "handoffsByBaseRole",
          flavored.map((r) => r.split(".")[0]),
          visit,
        );
      visitOne("byGroupId", field(raw, "groupId"), visit);
      break;
    }
    case "teams":
    case "groups": {
      visitDistinct("claimsByRole", fields(raw, "roles"), visit);
      visitDistinct("escalationsByRole", fields(raw, "escalationPath"), visit);
      visitDistinct("teamsByPolicy", [...fields(raw, "decisionRights"), ...fields(raw, "forbiddenDecisions")], visit);
      if (section === "groups") visitDistinct("groupsBySquad", fields(raw, "squads"), visit);
      if (section === "teams") {
        visitDistinct("teamsByListedMember", fields(raw, "specialists"), visit);
        visitOne("byGroupId", field(raw, "groupId"), visit);
      }
      break;
    }
    case "contracts": {
      const boundary = isObject(raw.teamBoundary) ? raw.teamBoundary : {};
      visitDistinct("contractsByParty", [field(raw, "producer"), field(raw, "consumer")], visit);
      visitDistinct(
        "contractsByTeam",
        [field(boundary, "producerTeam"), field(boundary, "consumerTeam"), ...fields(boundary, "requiresApprovalFrom")],
        visit,
      );
      break;
    }
    case "policies": {
      visitDistinct("policiesByRef", [field(raw, "owner"), ...fields(raw, "requiresApprovalFrom")], visit);
      break;
    }
    case "worker-profiles": {
      visitOne("profilesByRole", field(raw, "role"), visit);
      visitDistinct(
        "profileHandoffs",
        Array.isArray(raw.handoffCandidates)
          ? raw.handoffCandidates.filter((h): h is string => typeof h === "string")
          : [],
        visit,
      );
      break;
    }
  }
}

function contributions(section: Section, rec: AnyRecord): [BucketName, string][] {
  const out: [BucketName, string][] = [];
  eachContribution(section, rec, (bucket, key) => out.push([bucket, key]));
  return out;
}

export function buildIndex(
  org: OrgRecords,
  skills?: ReadonlySet<string>,
  schemaFileExists?: SchemaFileLookup,
  context: IndexContext = {},
): OrgIndex {
  const records = {} as Record<Section, Map<string, AnyRecord>>;
  for (const section of SECTIONS) {
    const map = new Map<string, AnyRecord>();
    for (const id in org[section]) map.set(id, org[section][id]);
    records[section] = map;
  }
  return indexOf(records as RecordMaps, skills, schemaFileExists, context);
}

/** Each section's records by id. */
export type RecordMaps = { [S in Section]: ReadonlyMap<string, SectionRecord<S>> };

/** The index over maps it keeps as they are, so a caller that has them (the server's merge) copies nothing. */
export function indexOf(
  records: RecordMaps,
  skills?: ReadonlySet<string>,
  schemaFileExists?: SchemaFileLookup,
  context: IndexContext = {},
): OrgIndex {
  const buckets = Object.fromEntries(BUCKETS.map((b) => [b, new Map<string, Ref[]>()])) as Record<
    BucketName,
    Map<string, Ref[]>
  >;
  let current: Ref;
  const file: Visit = (bucket, key) => {
    const list = buckets[bucket].get(key);
    if (list) list.push(current);
    else buckets[bucket].set(key, [current]);
  };
  for (const section of SECTIONS) {
    // One prefix per section: each record's ref is then one string piece, as `ref` spells it.
    const prefix = `${section}/`;
    for (const [id, rec] of records[section] as ReadonlyMap<string, AnyRecord>) {
      current = (prefix + id) as Ref;
      eachContribution(section, rec, file);
    }
  }
  return {
    records,
    buckets,
    skills,
    schemaFileExists,
    registry: context.registry,
    promptFileExists: context.promptFileExists,
  };
}

/** The base index is not touched; `undefined` removes the record. */
export function withDraft<S extends Section>(
  base: OrgIndex,
  section: S,
  id: string,
  record: SectionRecord<S> | undefined,
): OrgIndex {
  const records: Record<Section, ReadMap<AnyRecord>> = { ...base.records };
  const layeredRecords = new LayeredMap<AnyRecord>(base.records[section]);
  layeredRecords.set(id, record);
  records[section] = layeredRecords;

  const buckets = { ...base.buckets };
  const r = ref(section, id);
  const previous = base.records[section].get(id);
  const layeredHere = new Map<BucketName, LayeredMap<readonly Ref[]>>();
  const change = (bucket: BucketName, key: string, fn: (list: Ref[]) => Ref[]) => {
    let layered = layeredHere.get(bucket);
    if (!layered) {
      layered = new LayeredMap(base.buckets[bucket]);
      layeredHere.set(bucket, layered);
      buckets[bucket] = layered;
    }
    const next = fn([...(layered.get(key) ?? [])]);
    layered.set(key, next.length ? next : undefined);
  };
  if (previous)
    for (const [bucket, key] of contributions(section, previous))
      change(bucket, key, (list) => list.filter((x) => x !== r));
  if (record) for (const [bucket, key] of contributions(section, record)) change(bucket, key, (list) => [...list, r]);
  // A draft of a registry record is saved as a custom record, and judged as one.
  const registry = base.registry?.has(r) ? new Set([...base.registry].filter((x) => x !== r)) : base.registry;
  return {
    records,
    buckets,
    skills: base.skills,
    schemaFileExists: base.schemaFileExists,
    registry,
    promptFileExists: base.promptFileExists,
  };
}

export function bucket(ix: OrgIndex, name: BucketName, key: string | undefined): readonly Ref[] {
  return key ? (ix.buckets[name].get(key) ?? []) : [];
}

export function record<S extends Section>(ix: OrgIndex, section: S, id: string): SectionRecord<S> | undefined {
  return ix.records[section].get(id);
}

export function isTeamOrGroup(ix: OrgIndex, id: string): boolean {
  return ix.records.teams.has(id) || ix.records.groups.has(id);
}

export { str, strs, teamOf };
