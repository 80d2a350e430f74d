"use client";

import { type ComponentType, type ReactNode, useEffect, useRef, useState } from "react";

/** Components loaded so far, by their trigger's test id: a remount shows them at once. */
const loaded = new Map<string, ComponentType<never>>();

/**
 * A header control whose code loads on first intent: a look-alike button stands in until then, and a
 * press that comes first is replayed on the real trigger with focus moved over, so users see no difference.
 */
export function DeferredTrigger<P extends object>({
  load,
  props,
  active = false,
  opensOn,
  testId,
  className,
  labels,
  children,
}: {
  load: () => Promise<ComponentType<P>>;
  props: P;
  /** Load and mount at once: the control was opened from code (the palette's Route… command). */
  active?: boolean;
  /** How the loaded trigger opens: Radix menus on pointerdown and keys, dialogs on click. */
  opensOn: "pointerdown" | "click";
  testId: string;
  className?: string;
  /** Its hover text, and its name where that says more than the short text shown, as the loaded control has them. */
  labels?: { title?: string; name?: string };
  children: ReactNode;
}) {
  const [Real, setReal] = useState<ComponentType<P> | undefined>(() => loaded.get(testId) as ComponentType<P>);
  const started = useRef(false);
  const focused = useRef(false);
  const pending = useRef<(() => Event) | null>(null);

  const start = () => {
    if (started.current) return;
    started.current = true;
    void load().then((component) => {
      loaded.set(testId, component as ComponentType<never>);
      setReal(() => component);
    });
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `start` runs once whatever its identity.
  useEffect(() => {
    if (active) start();
  }, [active]);

  // After the loaded control's own effects (Radix's document listeners): focus and the press.
  useEffect(() => {
    if (!Real || (!focused.current && !pending.current)) return;
    const trigger = document.querySelector<HTMLElement>(`[data-testid="${testId}"]`);
    const press = pending.current;
    focused.current = false;
    pending.current = null;
    trigger?.focus();
    if (press) trigger?.dispatchEvent(press());
  }, [Real, testId]);

  if (Real) return <Real {...props} />;
  return (
    <button
      type="button"
      data-testid={testId}
      className={className}
      title={labels?.title}
      aria-label={labels?.name}
      aria-haspopup={opensOn === "pointerdown" ? "menu" : "dialog"}
      aria-expanded={false}
      onPointerEnter={start}
      onFocus={() => {
        focused.current = true;
        start();
      }}
      onBlur={() => {
        focused.current = false;
      }}
      onPointerDown={(e) => {
        if (opensOn !== "pointerdown" || e.button !== 0 || e.ctrlKey) return;
        e.preventDefault();
        const { pointerType } = e;
        pending.current = () =>
          new PointerEvent("pointerdown", { bubbles: true, cancelable: true, button: 0, pointerType });
        start();
      }}
      onKeyDown={(e) => {
        if (opensOn !== "pointerdown" || !["Enter", " ", "ArrowDown"].includes(e.key)) return;
        e.preventDefault();
        const { key } = e;
        pending.current = () => new KeyboardEvent("keydown", { bubbles: true, cancelable: true, key });
        start();
      }}
      onClick={() => {
        if (opensOn !== "click") return;
        pending.current = () => new MouseEvent("click", { bubbles: true, cancelable: true });
        start();
      }}
    >
      {children}
    </button>
  );
}
