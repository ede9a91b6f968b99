/** A column head: its text, or the text with a class (a column that starts a group) or a tooltip. */
export type Head = string | { label: string; className?: string; title?: string };

/** The header row of a table (results, print sheets): one `<th scope="col">` per head, in order. */
export function HeadRow({ heads }: { heads: readonly Head[] }) {
  return (
    <tr>
      {heads.map((h, i) => {
        const head = typeof h === 'string' ? { label: h } : h;
        return (
          // Heads are fixed for a table's life: their position is their identity.
          <th key={i} scope="col" className={head.className} title={head.title}>
            {head.label}
          </th>
        );
      })}
    </tr>
  );
}
