import { centsToDollars } from '../../../domain/money';
import type { ChallengeView } from '../../../application/play/challenge-views';
import { presentOpponent, type OpponentJson } from './opponent';

/**
 * The spec's Challenge entity on the wire (snake_case, money in US$), listed field by field. Three fields are
 * added for the client: `price` (what this challenge costs, the spec's total), `created_at` and `expires_at` (the
 * waiting popup counts down to it). `url` is the viewer's own colour link to the game.
 */
export interface ChallengeJson {
  id: number;
  source_user_id: number;
  source_name: string;
  target_user_id: number;
  target_name: string;
  target_opponent: OpponentJson;
  status: string;
  url: string | null;
  price_per_min: number;
  price: number;
  mins_per_side: number;
  increment_in_secs: number;
  starting_fen: string | null;
  starting_position_type: string | null;
  is_scheduled: boolean;
  analysis_requested: boolean;
  scheduled_at_utc: string | null;
  video_call_url: string | null;
  created_at: string;
  expires_at: string;
}

export function presentChallenge(view: ChallengeView): ChallengeJson {
  const r = view.record;
  return {
    id: r.id,
    source_user_id: r.sourceUserId,
    source_name: view.sourceName,
    target_user_id: r.targetUserId,
    target_name: view.targetName,
    target_opponent: presentOpponent(view.targetOpponent),
    status: view.status,
    url: view.url,
    price_per_min: centsToDollars(r.pricePerMinCents),
    price: centsToDollars(r.priceCents),
    mins_per_side: r.minsPerSide,
    increment_in_secs: r.incrementSecs,
    starting_fen: r.startingFen,
    starting_position_type: r.startingPositionType,
    is_scheduled: false,
    analysis_requested: false,
    scheduled_at_utc: null,
    video_call_url: null,
    created_at: r.createdAt.toISOString(),
    expires_at: view.expiresAt.toISOString(),
  };
}
