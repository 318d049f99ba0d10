import { injectable } from 'inversify';
import { applyToBalances, parseAccount, type AccountId, type Hold } from '../../../domain/ledger';
import type { Cents } from '../../../domain/money';
import type { InMemoryTransactional } from './InMemoryUnitOfWork';
import type { ConsistencyFacts, KeyClaim, LedgerRepository, NewTransfer, Transfer } from '../../../application/ports/ledger';

/** Receives a user's new available balance, so an in-memory user store can keep its cached `creditsCents`. */
export type CachedCreditsListener = (userId: number, availableCents: Cents) => void;

interface LedgerState {
  balances: Map<AccountId, Cents>;
  transfers: Transfer[];
  keys: Set<string>;
  holds: Map<string, Hold>;
  claims: Map<string, { request: string; result: string | null }>;
  cachedCredits: Map<number, Cents>;
}

/**
 * The ledger in process memory, for tests and the in-memory profile. Every method runs synchronously to its
 * end (no await between the check and the write), which makes each one atomic in a single Node process.
 */
@injectable()
export class InMemoryLedgerRepository implements LedgerRepository, InMemoryTransactional {
  private balances = new Map<AccountId, Cents>();
  private transfers: Transfer[] = [];
  private keys = new Set<string>();
  private holds = new Map<string, Hold>();
  private claims = new Map<string, { request: string; result: string | null }>();
  /** The cache a users table would hold; kept equal to the available balance by applyTransfer. */
  cachedCredits = new Map<number, Cents>();
  private readonly listeners: CachedCreditsListener[] = [];

  snapshot(): unknown {
    const { balances, transfers, keys, holds, claims, cachedCredits } = this;
    const state: LedgerState = { balances, transfers, keys, holds, claims, cachedCredits };
    return structuredClone(state);
  }

  /** Restores the journal and balances; listeners hear the restored cached balances (a rolled-back user cache). */
  restore(snapshot: unknown): void {
    const state = structuredClone(snapshot) as LedgerState;
    this.balances = state.balances;
    this.transfers = state.transfers;
    this.keys = state.keys;
    this.holds = state.holds;
    this.claims = state.claims;
    this.cachedCredits = state.cachedCredits;
    for (const [userId, cents] of this.cachedCredits) for (const listener of this.listeners) listener(userId, cents);
  }

  onCachedCreditsChange(listener: CachedCreditsListener): void {
    this.listeners.push(listener);
  }

  async lockAccounts(ids: AccountId[]): Promise<void> {
    for (const id of ids) {
      parseAccount(id);
      if (!this.balances.has(id)) this.balances.set(id, 0);
    }
  }

  async applyTransfer(transfer: NewTransfer): Promise<Transfer | null> {
    if (this.keys.has(transfer.idempotencyKey)) throw new Error(`Duplicate transfer key ${transfer.idempotencyKey}`);
    const from = { id: transfer.from, balanceCents: this.balances.get(transfer.from) ?? 0 };
    const to = { id: transfer.to, balanceCents: this.balances.get(transfer.to) ?? 0 };
    const after = applyToBalances(from, to, transfer.amountCents);
    if (!after) return null;
    this.balances.set(transfer.from, after.fromAfter);
    this.balances.set(transfer.to, after.toAfter);
    const saved: Transfer = {
      ...transfer,
      id: this.transfers.length + 1,
      fromBalanceAfterCents: after.fromAfter,
      toBalanceAfterCents: after.toAfter,
      createdAt: new Date(transfer.createdAt.getTime()),
    };
    this.transfers.push(saved);
    this.keys.add(transfer.idempotencyKey);
    this.updateCache(transfer.from, after.fromAfter);
    this.updateCache(transfer.to, after.toAfter);
    return { ...saved };
  }

  private updateCache(id: AccountId, balance: Cents): void {
    const parsed = parseAccount(id);
    if (parsed.kind !== 'user_available' || parsed.userId === null) return;
    this.cachedCredits.set(parsed.userId, balance);
    for (const listener of this.listeners) listener(parsed.userId, balance);
  }

  async findTransferByKey(key: string): Promise<Transfer | null> {
    const found = this.transfers.find((t) => t.idempotencyKey === key);
    return found ? { ...found } : null;
  }

  async balance(id: AccountId): Promise<Cents> {
    return this.balances.get(id) ?? 0;
  }

  async transfersOfUser(userId: number, page: { limit: number; beforeId: number | null }): Promise<Transfer[]> {
    const mine = new Set([`user:${userId}:available`, `user:${userId}:held`]);
    const out: Transfer[] = [];
    for (let i = this.transfers.length - 1; i >= 0 && out.length < page.limit; i--) {
      const t = this.transfers[i]!;
      if (page.beforeId !== null && t.id >= page.beforeId) continue;
      if (mine.has(t.from) || mine.has(t.to)) out.push({ ...t });
    }
    return out;
  }

  async transfersByReferences(references: string[], limit: number): Promise<Transfer[]> {
    const wanted = new Set(references);
    return this.transfers.filter((t) => t.reference !== null && wanted.has(t.reference)).slice(0, limit).map((t) => ({ ...t }));
  }

  /** Every transfer, oldest first (tests check invariants over the whole journal). */
  allTransfers(): Transfer[] {
    return this.transfers.map((t) => ({ ...t }));
  }

  async createHold(hold: Hold): Promise<void> {
    if (this.holds.has(hold.id)) throw new Error(`Duplicate hold ${hold.id}`);
    this.holds.set(hold.id, { ...hold });
  }

  async findHold(id: string): Promise<Hold | null> {
    const hold = this.holds.get(id);
    return hold ? { ...hold } : null;
  }

  async settleHold(id: string, status: 'captured' | 'released', capturedCents: Cents, at: Date): Promise<boolean> {
    const hold = this.holds.get(id);
    if (!hold || hold.status !== 'open') return false;
    this.holds.set(id, { ...hold, status, capturedCents, settledAt: at });
    return true;
  }

  async claimKey(key: string, request: string): Promise<KeyClaim> {
    const existing = this.claims.get(key);
    if (existing) return { claimed: false, ...existing };
    this.claims.set(key, { request, result: null });
    return { claimed: true };
  }

  async saveKeyResult(key: string, result: string): Promise<void> {
    const claim = this.claims.get(key);
    if (claim) claim.result = result;
  }

  async forgetKey(key: string): Promise<void> {
    this.claims.delete(key);
  }

  async consistencyFacts(): Promise<ConsistencyFacts> {
    const net = new Map<AccountId, Cents>();
    for (const t of this.transfers) {
      net.set(t.from, (net.get(t.from) ?? 0) - t.amountCents);
      net.set(t.to, (net.get(t.to) ?? 0) + t.amountCents);
    }
    const accounts = [...this.balances].map(([id, balanceCents]) => ({ id, balanceCents, transferNetCents: net.get(id) ?? 0 }));
    const users = [...this.cachedCredits].map(([userId, cachedCents]) => ({
      userId,
      cachedCents,
      availableCents: this.balances.get(`user:${userId}:available`) ?? 0,
    }));
    const holdUsers = new Set<number>();
    for (const id of this.balances.keys()) {
      const parsed = parseAccount(id);
      if (parsed.kind === 'user_held' && parsed.userId !== null) holdUsers.add(parsed.userId);
    }
    for (const hold of this.holds.values()) holdUsers.add(hold.userId);
    const holds = [...holdUsers].map((userId) => ({
      userId,
      heldCents: this.balances.get(`user:${userId}:held`) ?? 0,
      openHoldsCents: [...this.holds.values()].filter((h) => h.userId === userId && h.status === 'open').reduce((s, h) => s + h.amountCents, 0),
    }));
    return { accounts, users, holds };
  }
}
