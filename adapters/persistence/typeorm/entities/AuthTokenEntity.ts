import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, TIMESTAMP } from './transformers';

/** Session tokens, stored as a SHA-256 hash of the opaque token. */
@Entity({ name: 'auth_tokens' })
@Index('ix_auth_tokens_user_id', ['userId'])
export class AuthTokenEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  /** FK users(id) ON DELETE CASCADE. */
  @Column({ name: 'user_id', type: 'bigint', transformer: bigintAsNumber })
  userId!: number;

  @Column({ name: 'created_at', type: TIMESTAMP })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: TIMESTAMP })
  expiresAt!: Date;

  @Column({ name: 'revoked_at', type: TIMESTAMP, nullable: true })
  revokedAt!: Date | null;
}
