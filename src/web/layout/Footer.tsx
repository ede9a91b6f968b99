import { useCompetition } from '../api/queries/competition.ts';
import { instagramUrl } from '../components/format.ts';
import { useT } from '../i18n/locale.ts';
import { layoutText } from './text.ts';

/** Links to the competition's website, Facebook and Instagram; nothing when it has none (spec §2). */
export function Footer() {
  const { competition } = useCompetition();
  const t = useT(layoutText);
  if (!competition) return null;
  const { website, facebook, instagram } = competition.socials;
  const instagramLink = instagramUrl(instagram);
  if (!website && !facebook && !instagramLink) return null;
  return (
    <footer className="site-footer">
      <nav className="site-footer-inner" aria-label={t('footer.label')}>
        {website && (
          <a href={website} target="_blank" rel="noopener noreferrer">
            {t('footer.website')}
          </a>
        )}
        {facebook && (
          <a href={facebook} target="_blank" rel="noopener noreferrer">
            Facebook
          </a>
        )}
        {instagramLink && (
          <a href={instagramLink} target="_blank" rel="noopener noreferrer">
            Instagram
          </a>
        )}
      </nav>
    </footer>
  );
}
