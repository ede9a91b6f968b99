/** The couple cell every results table starts a row with (number, and names when known). */
import './results.css';

export type CoupleNames = Record<string, string>;

export function CoupleCell({ couple, names }: { couple: string; names?: CoupleNames | undefined }) {
  const name = names?.[couple];
  return (
    <th scope="row" className="rt-couple">
      <span className="rt-number">{couple}</span>
      {name && <span className="rt-name">{name}</span>}
    </th>
  );
}
