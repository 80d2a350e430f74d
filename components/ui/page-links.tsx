"use client";

import { Fragment } from "react";
import { NavLink } from "./nav-link";

const LINK = "text-sky-700 underline dark:text-sky-400";

/** The other pages, as the packs and embed headers name them: prefetched on intent, not on sight. */
export function PageLinks({ links }: { links: { href: string; label: string }[] }) {
  return links.map((link, i) => (
    <Fragment key={link.href}>
      {i > 0 && " · "}
      <NavLink href={link.href} className={LINK}>
        {link.label}
      </NavLink>
    </Fragment>
  ));
}
