"use client";

import { useRouter } from "next/navigation";
import { useTrustConstruct } from "@/lib/queries/construct";
import type { EditorConstruct } from "@/schemas/api";
import { useEditor } from "./editor-store";
import { useToasts } from "./toasts";

/**
 * Offers to trust the project's own Construct install, once per project: until then only the studio's
 * restatement of Construct's rules checks records, since running the package runs code that came with
 * the project.
 */
export function TrustButton({
  construct,
  className,
  label,
  ariaLabel,
}: {
  construct: EditorConstruct;
  className: string;
  label: string;
  ariaLabel: string;
}) {
  const ask = useEditor((s) => s.ask);
  const { push: toast } = useToasts();
  const router = useRouter();
  const trust = useTrustConstruct();
  const onClick = async () => {
    const answer = await ask(
      "Trust this project's Construct?",
      <>
        The studio then runs <code>node_modules/@geraldmaron/construct</code>&apos;s own validators on what you save,
        beside its own rules. That runs code that came with this project: trust it only if you trust the project. Undo
        with <code>construct-studio trust --revoke</code>.
      </>,
      [{ label: "Trust", value: "trust" }],
    );
    if (answer !== "trust") return;
    trust.mutate(undefined, {
      onSuccess: (r) => {
        toast({ tone: "success", title: "Construct's own validators now check this project", detail: r.trust });
        router.refresh();
      },
      onError: (e) => toast({ tone: "error", title: "Not trusted", detail: e.message }),
    });
  };
  return (
    <button
      type="button"
      data-testid="trust-construct"
      title={construct.trust}
      aria-label={ariaLabel}
      onClick={() => void onClick()}
      className={className}
    >
      {label}
    </button>
  );
}
