import type { ReactNode } from 'react';
import { Link } from './Link.tsx';
import { ErrorNotice } from './ErrorNotice.tsx';

/** A public page whose data could not be loaded: the notice with its retry, and anything to add. */
export function ErrorPage({
  error,
  refetch,
  children,
}: {
  error: unknown;
  refetch: () => Promise<unknown>;
  children?: ReactNode;
}) {
  return (
    <div className="page">
      <ErrorNotice error={error} onRetry={() => void refetch()} />
      {children}
    </div>
  );
}

/** The head of a page one level down: the way back, the title and a line about it. */
export function PageHead({
  back,
  title,
  lead,
  aside,
}: {
  back: { to: string; label: ReactNode };
  title: ReactNode;
  lead?: ReactNode;
  /** Beside the way back: the language switcher of a page without the top bar. */
  aside?: ReactNode;
}) {
  return (
    <>
      <p className={aside ? 'page-kicker page-kicker-aside' : 'page-kicker'}>
        <Link to={back.to}>{back.label}</Link>
        {aside}
      </p>
      <h1>{title}</h1>
      {lead !== undefined && <p className="page-lead">{lead}</p>}
    </>
  );
}

/**
 * A page whose subject does not exist (an event, a competitor): says what was not found, in words,
 * and the way back. The competition itself missing is ErrorNotice's case.
 */
export function MissingPage({
  back,
  title,
  lead,
}: {
  back: { to: string; label: ReactNode };
  title: string;
  lead: ReactNode;
}) {
  return (
    <div className="page" data-testid="missing">
      <PageHead back={back} title={title} lead={lead} />
    </div>
  );
}
