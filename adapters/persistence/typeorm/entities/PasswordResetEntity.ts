import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, TIMESTAMP } from './transformers';

/** Single-use password reset tokens, stored hashed. */
@Entity({ name: 'password_resets' })
@Index('ix_password_resets_user_id', ['userId'])
export class PasswordResetEntity {
  @PrimaryColumn({ name: 'token_hash', type: 'text' })
  tokenHash!: string;

  /** FK users(id) ON DELETE CASCADE. */
  @Column({ name: 'user_id', type: 'bigint', transformer: bigintAsNumber })
  userId!: number;

  @Column({ name: 'created_at', type: TIMESTAMP })
  createdAt!: Date;

  @Column({ name: 'expires_at', type: TIMESTAMP })
  expiresAt!: Date;

  @Column({ name: 'used_at', type: TIMESTAMP, nullable: true })
  usedAt!: Date | null;
}
