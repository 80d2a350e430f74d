import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { clientOnly } from "@/components/ui/client-only";

// `clientOnly` stands where `next/dynamic(…, { ssr: false })` stood: Monaco touches `window` when
// its module runs, so on the server the code must not even be asked for.
describe("clientOnly", () => {
  it("renders the fallback on the server and never loads the component there", () => {
    let loads = 0;
    const Editor = clientOnly(
      async () => {
        loads++;
        return ({ text }: { text: string }) => createElement("p", null, text);
      },
      () => createElement("p", { "data-testid": "waiting" }, "Loading editor…"),
    );
    const html = renderToString(createElement(Editor, { text: "the editor" }));
    expect(html).toContain("Loading editor…");
    expect(html).not.toContain("the editor");
    expect(loads).toBe(0);
  });

  it("renders nothing on the server without a fallback", () => {
    const Toaster = clientOnly(async () => () => createElement("section", null, "toasts"));
    expect(renderToString(createElement(Toaster))).toBe("");
  });
});
