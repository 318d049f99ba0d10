import { centsToDollars } from '../../../domain/money';
import type { Opponent } from '../../../domain/opponents';

/**
 * The spec's Opponent entity on the wire (snake_case, money in US$). Built field by field from the domain
 * Opponent, which itself has no private fields, so an e-mail or balance cannot slip in.
 */
export interface OpponentJson {
  username: string;
  user_id: number;
  price_per_min: number;
  online: boolean;
  mins_per_side_min: number;
  mins_per_side_max: number;
  profile_filename: string | null;
  title: string | null;
  first_name: string;
  last_name: string;
  lichess_bullet_rating: number;
  lichess_blitz_rating: number;
  lichess_rapid_rating: number;
  provides_postgame_analysis: boolean;
  postgame_analysis_price: number | null;
  available_for_scheduled_challenges: boolean;
}

export function presentOpponent(opponent: Opponent): OpponentJson {
  return {
    username: opponent.username,
    user_id: opponent.userId,
    price_per_min: centsToDollars(opponent.pricePerMinCents),
    online: opponent.online,
    mins_per_side_min: opponent.minsPerSideMin,
    mins_per_side_max: opponent.minsPerSideMax,
    profile_filename: opponent.profileFilename,
    title: opponent.title,
    first_name: opponent.firstName,
    last_name: opponent.lastName,
    lichess_bullet_rating: opponent.lichessBulletRating,
    lichess_blitz_rating: opponent.lichessBlitzRating,
    lichess_rapid_rating: opponent.lichessRapidRating,
    provides_postgame_analysis: opponent.providesPostgameAnalysis,
    postgame_analysis_price: opponent.postgameAnalysisPriceCents === null ? null : centsToDollars(opponent.postgameAnalysisPriceCents),
    available_for_scheduled_challenges: opponent.availableForScheduledChallenges,
  };
}
