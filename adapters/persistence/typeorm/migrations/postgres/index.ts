import { FoundationSchema1763800000000 } from './1763800000000-FoundationSchema';
import { RecordsSchema1763800001000 } from './1763800001000-RecordsSchema';
import { LedgerSchema1763900000000 } from './1763900000000-LedgerSchema';
import { WidenUserCredits1764000000000 } from './1764000000000-WidenUserCredits';
import { ChallengesSchema1764100000000 } from './1764100000000-ChallengesSchema';
import { SessionsSchema1764200000000 } from './1764200000000-SessionsSchema';
import { LedgerReferenceIndex1764300000000 } from './1764300000000-LedgerReferenceIndex';
import { PushSubscriptions1764400000000 } from './1764400000000-PushSubscriptions';

/** Postgres migrations, in order. Each class name ends with its timestamp; append new ones at the end. */
export const POSTGRES_MIGRATIONS: Function[] = [
  FoundationSchema1763800000000, RecordsSchema1763800001000, LedgerSchema1763900000000, WidenUserCredits1764000000000,
  ChallengesSchema1764100000000,
  SessionsSchema1764200000000,
  LedgerReferenceIndex1764300000000,
  PushSubscriptions1764400000000,
];
