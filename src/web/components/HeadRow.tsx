/** The head of a plain (non-Mantine) table: printed sheets, where Mantine's styles do not reach. */
export function HeadRow({ columns }: { columns: readonly string[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c) => (
          <th key={c}>{c}</th>
        ))}
      </tr>
    </thead>
  );
}
