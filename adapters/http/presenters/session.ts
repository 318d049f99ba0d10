import { centsToDollars } from '../../../domain/money';
import type { SessionView } from '../../../application/play/session-service';
import { presentOpponent } from './opponent';
import type { ChallengeJson } from './challenge';

/**
 * A scheduled session on the wire, in the spec's Challenge shape (`scheduled_challenges` are Challenges with
 * `is_scheduled: true`): `scheduled_at_utc` null until the player confirms, `price` the session's total, and
 * `expires_at` null (a request expires by the server's rule, not a countdown the client shows).
 */
export type SessionJson = Omit<ChallengeJson, 'expires_at'> & { expires_at: null };

export function presentSession(view: SessionView): SessionJson {
  const r = view.record;
  return {
    id: r.id,
    source_user_id: r.sourceUserId,
    source_name: view.sourceName,
    target_user_id: r.targetUserId,
    target_name: view.targetName,
    target_opponent: presentOpponent(view.targetOpponent),
    status: r.status,
    url: null,
    price_per_min: centsToDollars(r.pricePerMinCents),
    price: centsToDollars(r.priceCents),
    mins_per_side: r.minsPerSide,
    increment_in_secs: 0,
    starting_fen: null,
    starting_position_type: null,
    is_scheduled: true,
    analysis_requested: r.analysisRequested,
    scheduled_at_utc: r.scheduledAt ? r.scheduledAt.toISOString() : null,
    video_call_url: r.videoCallUrl,
    created_at: r.createdAt.toISOString(),
    expires_at: null,
  };
}
