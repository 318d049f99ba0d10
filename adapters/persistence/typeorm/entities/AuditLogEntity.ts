import { Column, Entity, PrimaryColumn } from 'typeorm';
import { bigintAsNumber, TIMESTAMP } from './transformers';

/** Admin actions: who, what, to whom, when. */
@Entity({ name: 'audit_log' })
export class AuditLogEntity {
  @PrimaryColumn({ name: 'id', type: 'bigint', generated: 'increment', transformer: bigintAsNumber })
  id!: number;

  /** FK users(id) ON DELETE SET NULL. */
  @Column({ name: 'actor_user_id', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  actorUserId!: number | null;

  @Column({ name: 'action', type: 'text' })
  action!: string;

  /** FK users(id) ON DELETE SET NULL. */
  @Column({ name: 'target_user_id', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  targetUserId!: number | null;

  /** JSON text, kept verbatim. */
  @Column({ name: 'details', type: 'text' })
  details!: string;

  @Column({ name: 'at', type: TIMESTAMP })
  at!: Date;
}
