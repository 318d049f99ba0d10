import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { TIMESTAMP } from './transformers';

/** A pending OAuth login (state -> PKCE verifier, nonce), deleted when the callback consumes it. */
@Entity({ name: 'oauth_attempts' })
@Index('ix_oauth_attempts_expires_at', ['expiresAt'])
export class OAuthAttemptEntity {
  @PrimaryColumn({ name: 'state', type: 'text' })
  state!: string;

  @Column({ name: 'code_verifier', type: 'text' })
  codeVerifier!: string;

  @Column({ name: 'nonce', type: 'text' })
  nonce!: string;

  @Column({ name: 'timezone', type: 'text', nullable: true })
  timezone!: string | null;

  @Column({ name: 'created_at', type: TIMESTAMP })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: TIMESTAMP })
  expiresAt!: Date;
}
