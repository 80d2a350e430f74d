/** A few paths as code, joined as a sentence joins them. */
export function Paths({ paths }: { paths: readonly string[] }) {
  return (
    <>
      {paths.map((p, i) => (
        <span key={p}>
          {i > 0 && (i === paths.length - 1 ? " and " : ", ")}
          <code>{p}</code>
        </span>
      ))}
    </>
  );
}
