import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, TIMESTAMP } from './transformers';

/** Row shape of `users`. Repositories map it to the domain `User`; it never leaves the persistence layer. */
@Entity({ name: 'users' })
@Index('ix_users_role_online', ['role', 'online'])
export class UserEntity {
  @PrimaryColumn({ name: 'id', type: 'bigint', generated: 'increment', transformer: bigintAsNumber })
  id!: number;

  @Column({ name: 'username', type: 'text', unique: true })
  username!: string;

  /** Stored normalised (trimmed, lower-cased), which makes the plain unique constraint case-insensitive. */
  @Column({ name: 'email', type: 'text', unique: true })
  email!: string;

  @Column({ name: 'password_hash', type: 'text', nullable: true })
  passwordHash!: string | null;

  @Column({ name: 'role', type: 'text', default: 'regular' })
  role!: string;

  /** CHECK (credits_cents >= 0) in both dialects. */
  @Column({ name: 'credits_cents', type: 'integer', default: 0 })
  creditsCents!: number;

  @Column({ name: 'profile_filename', type: 'text', nullable: true })
  profileFilename!: string | null;

  @Column({ name: 'online', type: 'boolean', default: false })
  online!: boolean;

  @Column({ name: 'online_changed_at', type: TIMESTAMP, nullable: true })
  onlineChangedAt!: Date | null;

  @Column({ name: 'last_seen_at', type: TIMESTAMP, nullable: true })
  lastSeenAt!: Date | null;

  @Column({ name: 'timezone', type: 'text', nullable: true })
  timezone!: string | null;

  @Column({ name: 'lichess_username', type: 'text', default: '' })
  lichessUsername!: string;

  @Column({ name: 'lichess_bullet_rating', type: 'integer', default: 0 })
  lichessBulletRating!: number;

  @Column({ name: 'lichess_blitz_rating', type: 'integer', default: 0 })
  lichessBlitzRating!: number;

  @Column({ name: 'lichess_rapid_rating', type: 'integer', default: 0 })
  lichessRapidRating!: number;

  @Column({ name: 'price_per_min_cents', type: 'integer', default: 0 })
  pricePerMinCents!: number;

  @Column({ name: 'mins_per_side_min', type: 'integer', default: 1 })
  minsPerSideMin!: number;

  @Column({ name: 'mins_per_side_max', type: 'integer', default: 120 })
  minsPerSideMax!: number;

  /** HH:MM; both set or both null. */
  @Column({ name: 'online_schedule_from', type: 'text', nullable: true })
  onlineScheduleFrom!: string | null;

  @Column({ name: 'online_schedule_to', type: 'text', nullable: true })
  onlineScheduleTo!: string | null;

  @Column({ name: 'title', type: 'text', nullable: true })
  title!: string | null;

  @Column({ name: 'first_name', type: 'text', default: '' })
  firstName!: string;

  @Column({ name: 'last_name', type: 'text', default: '' })
  lastName!: string;

  @Column({ name: 'incoming_challenge_alert_enabled', type: 'boolean', default: false })
  incomingChallengeAlertEnabled!: boolean;

  @Column({ name: 'provides_postgame_analysis', type: 'boolean', default: false })
  providesPostgameAnalysis!: boolean;

  @Column({ name: 'available_for_scheduled_challenges', type: 'boolean', default: true })
  availableForScheduledChallenges!: boolean;

  @Column({ name: 'created_at', type: TIMESTAMP })
  createdAt!: Date;
}
