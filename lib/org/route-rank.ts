import type { RouteCandidate } from "@/schemas/api";
import type { Specialist } from "@/schemas/specialist";
import { specialistView, type Unchecked } from "@/schemas/views";
import { str, strs } from "./org-index";

// BM25; when_to_use and role count twice, since they are written for routing.

const STOP_WORDS = new Set(
  (
    "a an and are as at be but by can could do does for from has have how i if in into is it its me my of on or our please should so " +
    "some than that the their them then there these they this to up us was we were what when where which who why will with would you your " +
    "need needs want wants make sure also just about all any each new get"
  ).split(" "),
);

export function tokenize(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (raw.length < 2 || STOP_WORDS.has(raw)) continue;
    out.push(stem(raw));
  }
  return out;
}

/** Enough that "reviews", "reviewing" and "reviewed" meet "review". */
function stem(word: string): string {
  if (word.length <= 4) return word;
  for (const suffix of ["ations", "ation", "ings", "ing", "ies", "ied", "ers", "er", "es", "ed", "ly", "s"]) {
    if (word.endsWith(suffix) && word.length - suffix.length >= 3) {
      const base = word.slice(0, -suffix.length);
      return suffix === "ies" || suffix === "ied" ? `${base}y` : base;
    }
  }
  return word;
}

export type RouteDoc = { id: string; whenToUse: string; tokens: string[]; draft?: boolean };

export function routeDoc(id: string, raw: Unchecked<Specialist>, draft = false): RouteDoc {
  const s = specialistView(raw);
  const whenToUse = str(s.when_to_use) ?? str(s.description) ?? "";
  const text = [
    str(s.description),
    str(s.displayName),
    str(s.when_to_use),
    str(s.when_to_use),
    str(s.role),
    str(s.role),
    ...strs(s.skills).map((k) => k.replace(/[/-]/g, " ")),
  ]
    .filter(Boolean)
    .join(" ");
  return { id, whenToUse, tokens: tokenize(text), ...(draft ? { draft } : {}) };
}

const K1 = 1.2;
const B = 0.75;

export function rankRoutes(query: string, docs: readonly RouteDoc[], limit = 10): RouteCandidate[] {
  const terms = [...new Set(tokenize(query))];
  if (!terms.length || !docs.length) return [];
  const avgLength = docs.reduce((n, d) => n + d.tokens.length, 0) / docs.length || 1;
  const docFreq = new Map<string, number>();
  const termCounts = docs.map((d) => {
    const counts = new Map<string, number>();
    for (const t of d.tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const t of counts.keys()) docFreq.set(t, (docFreq.get(t) ?? 0) + 1);
    return counts;
  });
  const ranked: RouteCandidate[] = [];
  docs.forEach((doc, i) => {
    let score = 0;
    const matched: string[] = [];
    for (const term of terms) {
      const tf = termCounts[i].get(term);
      if (!tf) continue;
      const df = docFreq.get(term) ?? 0;
      const idf = Math.log(1 + (docs.length - df + 0.5) / (df + 0.5));
      score += idf * ((tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.tokens.length) / avgLength)));
      matched.push(term);
    }
    if (score > 0) {
      ranked.push({
        id: doc.id,
        score: Math.round(score * 1000) / 1000,
        whenToUse: doc.whenToUse,
        matchedTerms: matched,
        matchReason: `matched ${matched.map((t) => `"${t}"`).join(", ")}`,
        ...(doc.draft ? { draft: true } : {}),
      });
    }
  });
  return ranked.sort((a, b) => b.score - a.score || a.id.localeCompare(b.id)).slice(0, limit);
}
