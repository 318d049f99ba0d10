import { playerDisplayName, portraitAlt, type TitledPlayer } from '../../../../content/titled-players';
import './players.css';

interface PlayerCardProps {
  player: TitledPlayer;
  /** 'full' adds key achievements and peak ratings (the /players roster); 'compact' is the landing teaser. */
  variant: 'full' | 'compact';
  /** Heading level inside the page outline. */
  headingLevel?: 'h2' | 'h3';
}

/** URL of a roster portrait (served from web/public/players/). */
export function portraitUrl(player: Pick<TitledPlayer, 'portrait'>): string {
  return `/players/${player.portrait}`;
}

export function PlayerCard({ player, variant, headingLevel = 'h3' }: PlayerCardProps) {
  const Heading = headingLevel;
  const headingId = `player-${player.slug}`;
  const portrait = (
    <img
      className="player-card__portrait"
      src={portraitUrl(player)}
      alt={portraitAlt(player)}
      width={256}
      height={256}
      decoding="async"
    />
  );
  const name = (
    <Heading className="player-card__name" id={headingId}>
      <abbr className="badge player-card__title" title={TITLE_NAMES[player.title]}>
        {player.title}
      </abbr>{' '}
      {player.firstName} {player.lastName}
    </Heading>
  );
  const country = <p className="player-card__country">{player.country}</p>;
  const bio = <p className="player-card__bio">{player.bio}</p>;

  const header = (
    <div className="player-card__header">
      {portrait}
      <div>
        {name}
        {country}
      </div>
    </div>
  );

  if (variant === 'compact') {
    return (
      <article className="player-card player-card--compact" aria-labelledby={headingId} data-player={player.slug}>
        {header}
        {bio}
      </article>
    );
  }
  return (
    <article className="player-card player-card--full" aria-labelledby={headingId} data-player={player.slug}>
      {header}
      <div className="player-card__body">
        {bio}
        <h4 className="player-card__subheading">Key achievements</h4>
        <ul className="player-card__achievements" aria-label={`Key achievements of ${playerDisplayName(player)}`}>
          {player.achievements.map((achievement) => (
            <li key={achievement}>{achievement}</li>
          ))}
        </ul>
        <dl className="player-card__ratings" aria-label="Peak Lichess ratings">
          <div>
            <dt>Blitz peak</dt>
            <dd>{player.lichessBlitzRating}</dd>
          </div>
          <div>
            <dt>Rapid peak</dt>
            <dd>{player.lichessRapidRating}</dd>
          </div>
          <div>
            <dt>Bullet peak</dt>
            <dd>{player.lichessBulletRating}</dd>
          </div>
        </dl>
      </div>
    </article>
  );
}

/** Full names of the FIDE titles, for screen readers and tooltips. */
export const TITLE_NAMES: Readonly<Record<TitledPlayer['title'], string>> = {
  GM: 'Grandmaster',
  IM: 'International Master',
  FM: 'FIDE Master',
  CM: 'Candidate Master',
  WGM: 'Woman Grandmaster',
  WIM: 'Woman International Master',
  WFM: 'Woman FIDE Master',
  WCM: 'Woman Candidate Master',
};
