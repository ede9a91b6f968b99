import { Link } from '../../components/Link.tsx';

/** The page's frame while data loads, the size of what comes (no jump when it arrives). */
export function ResultsLoading({ title }: { title: string }) {
  return (
    <div className="page" aria-busy="true">
      <h1>{title}</h1>
      <p className="page-lead res-loading">Loading...</p>
      <div className="res-placeholder" />
    </div>
  );
}

/** `resultsPageShown` is off: say so plainly, and where to look meanwhile. */
export function NotPublished() {
  return (
    <div className="page">
      <h1>Results are not published yet</h1>
      <p className="page-lead">
        The organizers publish the results here once the competition is under way. Meanwhile, the live
        schedule shows what is on the floor.
      </p>
      <ul className="link-list">
        <li>
          <Link to="/live">Live schedule</Link>
        </li>
        <li>
          <Link to="/">Competitor info</Link>
        </li>
      </ul>
    </div>
  );
}
