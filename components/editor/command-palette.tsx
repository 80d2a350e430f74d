"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import type { GraphNode } from "@/schemas/graph";

/** Ctrl+K: find a node by id, name or role and jump to it. */
export function CommandPalette({
  nodes,
  onPick,
  onClose,
}: {
  nodes: GraphNode[];
  onPick: (node: GraphNode) => void;
  onClose: () => void;
}) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  const matches = useMemo(() => {
    const q = query.trim().toLowerCase();
    const scored = nodes
      .map((n) => {
        const hay = `${n.entityId} ${n.label} ${n.sublabel ?? ""}`.toLowerCase();
        const score = !q
          ? 1
          : n.entityId.toLowerCase().startsWith(q)
            ? 3
            : n.label.toLowerCase().includes(q)
              ? 2
              : hay.includes(q)
                ? 1
                : 0;
        return { n, score };
      })
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score || a.n.entityId.localeCompare(b.n.entityId));
    return scored.slice(0, 12).map((x) => x.n);
  }, [nodes, query]);
  const optionId = (n: GraphNode) => `search-option-${n.id}`;

  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center pt-24">
      {/* The backdrop is a button so a click outside closes the search; Escape does the same from the input. */}
      <button
        type="button"
        tabIndex={-1}
        aria-label="Close search"
        className="absolute inset-0 cursor-default bg-black/30"
        onClick={onClose}
      />
      <div
        role="dialog"
        aria-label="Search the org"
        className="relative w-[32rem] max-w-[92vw] overflow-hidden rounded-lg bg-white shadow-2xl dark:bg-slate-900"
      >
        <input
          ref={input}
          data-testid="search-input"
          role="combobox"
          aria-expanded="true"
          aria-controls="search-results"
          aria-activedescendant={matches[active] ? optionId(matches[active]) : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
          onKeyDown={(e) => {
            if (e.key === "Escape") onClose();
            if (e.key === "ArrowDown") setActive((a) => Math.min(a + 1, matches.length - 1));
            if (e.key === "ArrowUp") setActive((a) => Math.max(a - 1, 0));
            if (e.key === "Enter" && matches[active]) onPick(matches[active]);
          }}
          placeholder="Jump to a specialist, team or group…"
          className="w-full border-b border-slate-200 bg-transparent px-4 py-3 text-sm outline-none dark:border-slate-700"
        />
        <div id="search-results" role="listbox" aria-label="Matches" className="max-h-80 overflow-y-auto py-1">
          {matches.map((n, i) => (
            <div
              key={n.id}
              id={optionId(n)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              data-testid={`search-result-${n.id}`}
              onMouseEnter={() => setActive(i)}
              onClick={() => onPick(n)}
              onKeyDown={(e) => e.key === "Enter" && onPick(n)}
              className={`flex cursor-pointer items-center justify-between px-4 py-1.5 text-sm ${i === active ? "bg-sky-50 dark:bg-sky-950" : ""}`}
            >
              <span>
                <span className="font-medium">{n.label}</span>{" "}
                <span className="font-mono text-xs text-slate-500">{n.entityId}</span>
              </span>
              <span className="text-xs text-slate-400">{n.kind}</span>
            </div>
          ))}
          {!matches.length && <p className="px-4 py-2 text-sm text-slate-500">Nothing matches.</p>}
        </div>
      </div>
    </div>
  );
}
