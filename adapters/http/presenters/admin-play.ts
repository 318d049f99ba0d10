import type { AdminChallengeView, AdminSessionView, Party } from '../../../application/admin/admin-play';
import type { Transfer } from '../../../application/ports/ledger';
import { centsToDollars } from '../../../domain/money';

/** A ledger line as the admin reads it: both accounts, the amount in US$, why, and when. */
export interface AdminLedgerLineJson {
  id: number;
  created_at: string;
  from: string;
  to: string;
  amount: number;
  reason: string;
  description: string;
  reference: string | null;
}

export interface AdminPartyJson {
  id: number;
  name: string;
  email: string;
}

export interface AdminChallengeJson {
  id: number;
  status: string;
  cancel_reason: string | null;
  source: AdminPartyJson | null;
  target: AdminPartyJson | null;
  mins_per_side: number;
  increment_secs: number;
  price: number;
  game_id: string | null;
  game_url: string | null;
  created_at: string;
  accepted_at: string | null;
  ended_at: string | null;
  ledger: AdminLedgerLineJson[];
}

export interface AdminSessionJson {
  id: number;
  status: string;
  source: AdminPartyJson | null;
  target: AdminPartyJson | null;
  price: number;
  analysis_requested: boolean;
  scheduled_at: string | null;
  problem_report: string | null;
  created_at: string;
  ledger: AdminLedgerLineJson[];
}

function presentLine(t: Transfer): AdminLedgerLineJson {
  return {
    id: t.id,
    created_at: t.createdAt.toISOString(),
    from: t.from,
    to: t.to,
    amount: centsToDollars(t.amountCents),
    reason: t.reason,
    description: t.description,
    reference: t.reference,
  };
}

function presentParty(party: Party | null): AdminPartyJson | null {
  return party ? { id: party.id, name: party.name, email: party.email } : null;
}

export function presentAdminChallenge(view: AdminChallengeView): AdminChallengeJson {
  const c = view.challenge;
  return {
    id: c.id,
    status: c.status,
    cancel_reason: c.cancelReason,
    source: presentParty(view.source),
    target: presentParty(view.target),
    mins_per_side: c.minsPerSide,
    increment_secs: c.incrementSecs,
    price: centsToDollars(c.priceCents),
    game_id: c.gameId,
    game_url: c.targetUrl ?? c.sourceUrl,
    created_at: c.createdAt.toISOString(),
    accepted_at: c.acceptedAt?.toISOString() ?? null,
    ended_at: c.endedAt?.toISOString() ?? null,
    ledger: view.ledger.map(presentLine),
  };
}

export function presentAdminSession(view: AdminSessionView): AdminSessionJson {
  const s = view.session;
  return {
    id: s.id,
    status: s.status,
    source: presentParty(view.source),
    target: presentParty(view.target),
    price: centsToDollars(s.priceCents),
    analysis_requested: s.analysisRequested,
    scheduled_at: s.scheduledAt?.toISOString() ?? null,
    problem_report: s.problemReport,
    created_at: s.createdAt.toISOString(),
    ledger: view.ledger.map(presentLine),
  };
}
